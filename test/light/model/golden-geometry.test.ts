// Every golden scene: our model's points must equal LX's own, float32 for float32.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { join } from 'node:path';
import { modelFromProject } from '../../../src/light/model/project.js';
import { mediaResolvers } from '../../../src/light/show/project/media.js';
import { GOLDEN_DIR, goldenPoints, goldenProject, goldenScenes } from './golden.js';

const scenes = goldenScenes();

test('golden: every scene of LX 1.2.1 is present', () => {
  assert.equal(scenes.length, 22);
});

for (const scene of scenes) {
  test(`golden ${scene}: x/y/z and xn/yn/zn equal LX's float32 bit for bit`, () => {
    // fixture_comments' JSON fixture is in the golden media folder, as LX's mediaPath.
    const model = modelFromProject(goldenProject(scene), mediaResolvers(join(GOLDEN_DIR, 'media')).resolveLxf);
    const golden = goldenPoints(scene);
    assert.equal(model.size, golden.points);
    const { x, y, z, xn, yn, zn } = model.points;
    let mismatches = 0;
    let first = '';
    for (let i = 0; i < model.size; i++) {
      const ours = [x[i], y[i], z[i], xn[i], yn[i], zn[i]];
      const lx = [golden.xyz[3 * i], golden.xyz[3 * i + 1], golden.xyz[3 * i + 2], golden.xyzn[3 * i], golden.xyzn[3 * i + 1], golden.xyzn[3 * i + 2]];
      for (let j = 0; j < 6; j++) {
        if (!Object.is(ours[j], lx[j])) {
          mismatches++;
          if (first === '') first = `point ${i} field ${'x y z xn yn zn'.split(' ')[j]}: ours ${ours[j]}, LX ${lx[j]}`;
        }
      }
    }
    assert.equal(mismatches, 0, `${mismatches} mismatching values; first: ${first}`);
  });
}
