import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeProject } from '../../src/light/show/project/project-file.js';
import { startShow, tempHome, type TestShow } from '../helpers/show.js';
import { assertRefused, history } from '../light/operations/helpers.js';

const CH = '/lx/mixer/channel/1';
const clips = (show: TestShow) => () => show.call('list_clips', { detail: 'full' });

test('defect 3: clip times past 24 h (1e308 ms, 1e308 beats) are refused and change nothing; list_clips keeps working', async (t) => {
  const show = await startShow(t);
  await show.call('add_clip', { bus: CH, slot: 0 });
  const extra = [clips(show)];
  const range = /^invalid_argument: length: a time must lie in 0–86400000 ms \(24 hours\); got /;
  await assertRefused(show, 'set_clip', { bus: CH, slot: 0, length: { ms: 1e308 } }, range, extra);
  await assertRefused(show, 'set_clip', { bus: CH, slot: 0, length: { beats: 1e308 } }, range, extra);
  await assertRefused(show, 'set_clip', { bus: CH, slot: 0, length: { ms: 86_400_001 } }, range, extra);
  await assertRefused(show, 'add_clip', { bus: CH, slot: 1, length: { ms: 1e308 } }, range, extra);
  await assertRefused(show, 'set_clip', { bus: CH, slot: 0, loopStart: { ms: 1e300 } }, /^invalid_argument: loopStart: a time must lie in/, extra);
  for (const tool of ['launch_clip', 'record_clip', 'stop_clip']) {
    const args = tool === 'record_clip' ? { bus: CH, slot: 0, action: 'start' } : { bus: CH, slot: 0 };
    await show.call(tool, args);
    await show.call('list_clips', { detail: 'full' });
  }
  const longest = await show.call('set_clip', { bus: CH, slot: 0, length: { ms: 86_400_000 } });
  assert.equal(longest.clip.length.ms, 86_400_000);
});

test('set_clip: a marker past the clip end is refused (it recorded an undo step that changed nothing); an unchanged value is no step', async (t) => {
  const show = await startShow(t);
  await show.call('add_clip', { bus: CH, slot: 0, length: { ms: 2000 } });
  const extra = [clips(show)];
  await assertRefused(
    show,
    'set_clip',
    { bus: CH, slot: 0, playEnd: { ms: 5000 } },
    /^invalid_argument: playEnd: 5000 ms is past the clip's length \(2000 ms\)/,
    extra,
  );
  await assertRefused(
    show,
    'set_clip',
    { bus: CH, slot: 0, loopStart: { ms: 2500 } },
    /^invalid_argument: loopStart: 2500 ms is past the clip's length/,
    extra,
  );
  const before = await history(show);
  await show.call('set_clip', { bus: CH, slot: 0, playEnd: { ms: 2000 } });
  assert.deepEqual(await history(show), before, 'the same playEnd again is not an undo step');
  // Lengthening and moving the end in one call checks against the new length.
  const r = await show.call('set_clip', { bus: CH, slot: 0, length: { ms: 6000 }, playEnd: { ms: 5000 } });
  assert.equal(r.clip.playEnd.ms, 5000);
});

test('clip markers in a project file beyond 24 h or of the wrong type are dropped at load and reported by key path', async (t) => {
  const home = await tempHome(t);
  const source = await startShow(t);
  await source.call('add_clip', { bus: CH, slot: 0, length: { ms: 4000 } });
  const saved = await source.app.engine.queue.submit(() => writeProject(source.app.light.lx, {}, 0));
  const engine = saved.engine as { children: { mixer: { channels: { clips: { parameters: Record<string, unknown> }[] }[] } } };
  const params = engine.children.mixer.channels[0].clips[0].parameters;
  assert.equal(params['length/beatCount'], 8);
  params['length/beatCount'] = 1e300;
  params['loopStart/millis'] = 'soon';
  const damaged = JSON.stringify(saved);
  const file = join(home, 'damaged-clip.lxp');
  await writeFile(file, damaged);
  const show = await startShow(t, { project: file });
  const warnings = show.app.light.warnings;
  assert.ok(
    warnings.some((w) => /^engine\/children\/mixer\/channels\/0\/clips\/0\/parameters\/length\/beatCount: /.test(w)),
    `the length is reported by key path: ${JSON.stringify(warnings)}`,
  );
  assert.ok(
    warnings.some((w) => /clips\/0\/parameters\/loopStart\/millis: must be a finite number/.test(w)),
    JSON.stringify(warnings),
  );
  const list = await show.call('list_clips', { detail: 'full' });
  assert.ok(JSON.stringify(list).length > 0);
  await show.call('launch_clip', { bus: CH, slot: 0 });
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(60, 1000 / 60));
  await show.call('list_clips', { detail: 'full' });
});
