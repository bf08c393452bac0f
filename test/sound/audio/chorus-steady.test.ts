// Chorus+ at a steady Rate, Depth and Mix runs a loop with its delay lines' state in locals (issue
// #28): compared here with the per-sample code it stands for (DelayLine's write and read, the
// LFO turned by a rotation from exact values at each block's start), to the bit, over noise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DelayLine } from '../../../src/sound/audio/dsp/delay-line.js';
import { deviceDef } from '../../../src/sound/audio/dsp/device-table.js';
import type { Effect } from '../../../src/sound/audio/dsp/effect.js';
import { TWO_PI } from '../../../src/sound/audio/dsp/oscillators.js';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { dev, project, track, seededRandom } from './helpers.js';

const RATE = 48_000;

test('Chorus+ at a steady Rate, Depth and Mix gives the bits of its per-sample reads', { timeout: 60_000 }, () => {
  const rnd = seededRandom(28);
  for (const [rate, depth, mix] of [
    [0.4, 0.5, 0.5],
    [0.25, 0.4, 0.4],
    [0.9, 1, 1],
    [0.1, 0.05, 0.2],
  ]) {
    const device = buildPlan(project([track('C', [dev('Chorus+', { RATE: rate, DEPTH: depth, MIX: mix })])])).tracks[0].devices[0];
    const def = deviceDef('Chorus+');
    if (def === undefined || def.kind !== 'audio_effect') throw new Error('no Chorus+');
    const chorus = def.build(device, { sampleRate: RATE, secondsPerBeat: 0.5, effects: () => [] }) as Effect;
    const p = device.p;
    const lines = [new DelayLine(4096), new DelayLine(4096)];
    let phase = 0;
    const dt = p.RATE / RATE;
    const base = 0.012 * RATE;
    const span = p.DEPTH * 0.006 * RATE;
    for (let block = 0; block < 400; block++) {
      const n = block % 9 === 4 ? 1 + Math.floor(rnd() * 127) : 128;
      const l = Float32Array.from({ length: 128 }, () => rnd() * 2 - 1);
      const r = Float32Array.from({ length: 128 }, () => rnd() * 2 - 1);
      const el = l.slice();
      const er = r.slice();
      let s = Math.sin(TWO_PI * phase);
      let c = Math.cos(TWO_PI * phase);
      const sd = Math.sin(TWO_PI * dt);
      const cd = Math.cos(TWO_PI * dt);
      for (let i = 0; i < n; i++) {
        const [xl, xr] = [el[i], er[i]];
        lines[0].write(xl);
        lines[1].write(xr);
        const ml = lines[0].read(base + span * s);
        const mr = lines[1].read(base + span * c);
        el[i] = xl * (1 - p.MIX * 0.5) + ml * p.MIX;
        er[i] = xr * (1 - p.MIX * 0.5) + mr * p.MIX;
        const s1 = s * cd + c * sd;
        c = c * cd - s * sd;
        s = s1;
        phase += dt;
        if (phase >= 1) phase -= 1;
      }
      chorus.process(l, r, n);
      assert.deepEqual(l, el, `rate ${rate}, block ${block}, left`);
      assert.deepEqual(r, er, `rate ${rate}, block ${block}, right`);
    }
  }
});
