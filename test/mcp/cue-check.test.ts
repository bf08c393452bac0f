// check_cue_list over real MCP: each finding kind from a list built for it, a clean list reports
// none, and an unknown list is refused (not_found) with nothing changed, history included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, history } from '../light/operations/helpers.js';

const F1 = '/lx/mixer/channel/1/fader';
const F2 = '/lx/mixer/channel/2/fader';
const MASTER = '/lx/mixer/master/fader';

interface Finding {
  kind: string;
  cues: number[];
  beat?: number;
  severity: string;
  message: string;
}

async function check(show: TestShow, list: string, extra: Record<string, unknown> = {}): Promise<Finding[]> {
  return ((await show.call('check_cue_list', { list, ...extra })) as { findings: Finding[] }).findings;
}

const blind = (show: TestShow, list: string, values: [string, number][], more: Record<string, unknown> = {}) =>
  show.call('record_cue', { list, blind: true, values: values.map(([path, value]) => ({ path, value })), ...more });

test('check_cue_list: a clean list reports nothing; an unknown list is refused, nothing changed', async (t) => {
  const show = await startShow(t);
  await show.call('create_cue_list', { name: 'Main' });
  await blind(show, 'Main', [
    [F1, 0.2],
    [F2, 0.5],
  ]);
  await blind(show, 'Main', [[F1, 0.8]], { fadeInMs: 1000, followMs: 2000 });
  await blind(show, 'Main', [[F2, 0.1]], { fadeOutMs: 3000 });
  const h = await history(show);
  assert.deepEqual(await show.call('check_cue_list', { list: 'Main' }), { list: 'Main', timelineSteps: 0, findings: [] });
  assert.deepEqual(await history(show), h, 'a check is read-only');
  await assertRefused(show, 'check_cue_list', { list: 'Nope' }, /^not_found: no cue list named "Nope" \(lists: "Main"/, [() => show.call('list_cue_lists')]);
  await assertRefused(show, 'check_cue_list', { list: 'Main', maxFollowChain: 0 }, /^invalid_argument/);
});

test('check_cue_list: dark windows, by master or every channel, tracked or cue-only', async (t) => {
  const show = await startShow(t);
  await show.call('create_cue_list', { name: 'Main' });
  await blind(
    show,
    'Main',
    [
      [F1, 0],
      [F2, 0],
    ],
    { label: 'Preset' },
  ); // 1: a preset blackout: info
  await blind(show, 'Main', [[F1, 0.6]]); // 2: lit (channel 1 tracked to 0.6)
  await blind(show, 'Main', [[F1, 0]]); // 3: channel 2 is still 0 from cue 1: dark
  await blind(show, 'Main', [[MASTER, 0]], { followMs: 1500 }); // 4: the master at 0: dark, cue 5 follows
  await blind(show, 'Main', [
    [F2, 1],
    [MASTER, 1],
  ]); // 5: lit
  await blind(show, 'Main', [[MASTER, 0]]); // 6: the list ends dark
  const dark = (await check(show, 'Main')).filter((f) => f.kind === 'dark');
  assert.deepEqual(
    dark.map((f) => [f.cues, f.severity]),
    [
      [[1], 'info'],
      [[3, 4], 'warning'],
      [[6], 'info'],
    ],
  );
  assert.match(dark[0].message, /^cue 1 sets all 2 channels off or to fader 0: dark until an operator Go to cue 2$/);
  assert.match(dark[1].message, /^cues 3–4 leave the stage dark .*: dark until cue 5 follows 1\.5 s after cue 4's Go$/);
  assert.match(dark[2].message, /^cue 6 sets the master fader to 0: the list ends dark$/);

  // Cue-only: a cue shows its own values only, so cue 3 (channel 1 at 0, channel 2 unknown) is not dark.
  await show.call('edit_cue_list', { list: 'Main', mode: 'cue-only' });
  assert.deepEqual(
    (await check(show, 'Main')).filter((f) => f.kind === 'dark').map((f) => f.cues),
    [[1], [4], [6]],
  );
});

test('check_cue_list: no-op cues, follow chains, a follow on the last cue, a follow that cuts a fade', async (t) => {
  const show = await startShow(t);
  await show.call('create_cue_list', { name: 'Main' });
  await show.call('record_cue', { list: 'Main', blind: true }); // 1: sets nothing
  await blind(show, 'Main', [
    [F1, 0.5],
    [F2, 0.5],
  ]); // 2
  await blind(show, 'Main', [[F1, 0.5]]); // 3: tracked, the same look as cue 2
  await blind(show, 'Main', [[F1, 0.7]], { followMs: 100 }); // 4 → 5
  await blind(show, 'Main', [[F1, 0.8]], { followMs: 100, fadeInMs: 400 }); // 5 → 6, cutting its own 0.4 s fade
  await blind(show, 'Main', [[F1, 0.9]], { followMs: 100 }); // 6 → 7
  await blind(show, 'Main', [[F1, 1]], { followMs: 5000 }); // 7: the last cue's follow never fires
  const findings = await check(show, 'Main', { maxFollowChain: 2 });
  const of = (kind: string) => findings.filter((f) => f.kind === kind);
  assert.deepEqual(
    of('no_op').map((f) => [f.cues, f.message]),
    [
      [[1], 'cue 1 sets nothing'],
      [[3], 'cue 3 gives the same look as cue 2: its Go changes nothing'],
    ],
  );
  assert.deepEqual(
    of('follow_chain').map((f) => [f.cues, f.severity]),
    [[[4, 5, 6, 7], 'warning']],
  );
  assert.match(of('follow_chain')[0].message, /^a Go to cue 4 runs 3 more cues by follow, to cue 7, without an operator \(limit 2\)$/);
  assert.deepEqual(
    of('follow_at_last_cue').map((f) => [f.cues, f.severity]),
    [[[7], 'info']],
  );
  assert.deepEqual(
    of('follow_cuts_fade').map((f) => f.cues),
    [[5, 6]],
  );
  // Within the default limit (8), the chain is not reported.
  assert.deepEqual(
    (await check(show, 'Main')).filter((f) => f.kind === 'follow_chain'),
    [],
  );
  // Cue-only: cue 3's own look (channel 1 only) differs from cue 2's, so it is no longer a no-op.
  await show.call('edit_cue_list', { list: 'Main', mode: 'cue-only' });
  assert.deepEqual(
    (await check(show, 'Main')).filter((f) => f.kind === 'no_op').map((f) => f.cues),
    [[1]],
  );
});

test('check_cue_list: values the show no longer has, and timeline steps against fades', async (t) => {
  const show = await startShow(t);
  await show.call('add_channel', { label: 'Extra' });
  await show.call('create_cue_list', { name: 'Main' });
  await blind(show, 'Main', [
    [F1, 0.3],
    ['/lx/mixer/channel/3/fader', 0.5],
  ]);
  await blind(show, 'Main', [[F1, 0.6]], { fadeInMs: 600_000 });
  await blind(show, 'Main', [[F1, 0.9]]);
  await show.call('remove_channel', { path: '/lx/mixer/channel/3' });
  const missing = (await check(show, 'Main')).filter((f) => f.kind === 'missing_reference');
  assert.deepEqual(
    missing.map((f) => [f.cues, f.message]),
    [[[1], 'cue 1 sets 1 value the show no longer has (skipped when it runs): no channel at /lx/mixer/channel/3']],
  );

  // The song timeline: Go at beat 8 (cue 1), Go at 16 (cue 2, a ten-minute fade), Go at 24 (cue 3: cuts into it),
  // Go at 32 (past the last cue), Goto 2 at 40; then cue 2 is removed, so the Goto names a cue the list lacks.
  for (const beat of [8, 16, 24, 32]) await show.call('place_light_cue', { beat, cueList: { list: 'Main' } });
  await show.call('place_light_cue', { beat: 40, cueList: { list: 'Main', cue: 2 } });
  const r = (await show.call('check_cue_list', { list: 'Main' })) as { timelineSteps: number; findings: Finding[] };
  assert.equal(r.timelineSteps, 5);
  const timeline = r.findings.filter((f) => f.beat !== undefined);
  assert.deepEqual(
    timeline.map((f) => [f.kind, f.cues, f.beat]),
    [
      ['fade_over_gap', [2], 24],
      ['step_does_nothing', [3], 32],
    ],
  );
  assert.match(timeline[0].message, /^cue 2's fade \(600 s\) is longer than the [\d.]+ s \(8 beats\) until the timeline's step at beat 24/);
  await show.call('edit_cue', { list: 'Main', cue: 2, remove: true });
  const after = (await check(show, 'Main')).filter((f) => f.beat !== undefined);
  assert.deepEqual(
    after.map((f) => [f.kind, f.cues, f.beat]),
    [
      ['step_does_nothing', [3], 24],
      ['step_does_nothing', [3], 32],
      ['missing_reference', [], 40],
    ],
  );

  // Follows run on the song's time between steps: Go at beat 0 (cue 1), cue 2 follows 0.1 s later with a
  // ten-minute fade, and the Go at beat 4 (cue 3) cuts into cue 2's fade, not cue 1's.
  await show.call('create_cue_list', { name: 'Side' });
  await blind(show, 'Side', [[F2, 0.2]], { followMs: 100 });
  await blind(show, 'Side', [[F2, 0.4]], { fadeInMs: 600_000 });
  await blind(show, 'Side', [[F2, 0.6]]);
  await show.call('place_light_cue', { beat: 0, cueList: { list: 'Side' } });
  await show.call('place_light_cue', { beat: 4, cueList: { list: 'Side' } });
  const side = (await show.call('check_cue_list', { list: 'Side' })) as { timelineSteps: number; findings: Finding[] };
  assert.equal(side.timelineSteps, 2);
  assert.deepEqual(
    side.findings.map((f) => [f.kind, f.cues, f.beat]),
    [['fade_over_gap', [2], 4]],
  );
});

test("check_cue_list: the demo show's cue list checks clean, its timeline steps included", async (t) => {
  const show = await startShow(t, { demo: 'stage' });
  assert.deepEqual(await show.call('check_cue_list', { list: 'Sparkle' }), { list: 'Sparkle', timelineSteps: 3, findings: [] });
});
