import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runAs } from '../../../src/engine/attribution.js';
import { startSound, type SoundShow } from './helpers.js';

// sound_apply_plan: one review and one confirmation for many writes, each step still guarded.

async function graph(show: SoundShow): Promise<any> {
  return (await show.call('grid_get_state')).native;
}

async function tracks(show: SoundShow): Promise<Record<string, any>[]> {
  return (await show.call('song_get_state')).native.inventory.tracks;
}

const byName = (list: Record<string, any>[], name: string): Record<string, any> => list.find((x) => x.name === name)!;

async function observed(show: SoundShow): Promise<unknown> {
  return { history: (await show.call('sound_get_history')).native, tracks: await tracks(show), revision: (await graph(show)).revision };
}

test('a plan of song, Grid and light writes: one preview, one confirmation, applied in order; undo by count restores', async (t) => {
  const show = await startSound(t);
  const before = await observed(show);
  const depth = show.app.engine.history.undoDepth;
  const inv = await tracks(show);
  const bass = byName(inv, 'Bass');
  const bus = byName(inv, 'Reverb Bus');
  const g0 = await graph(show);
  const sine = (await show.call('grid_search_modules', { query: 'sine' })).native.modules[0];
  const filter = g0.modules.find((m: { name: string }) => m.name === 'Low-pass LD');
  const channel = (await show.call('list_channels')).channels[0];
  const fader = `${channel.path}/fader`;
  const fader0 = (await show.call('get_parameter', { path: fader })).parameter.value;
  const steps = [
    { tool: 'song_set_track_mix', args: { track_index: bass.index, volume_db: -6, pan: -0.5 } },
    { tool: 'song_set_track_send', args: { track_index: bass.index, fx_index: bus.index, level_db: -3 } },
    { tool: 'grid_insert_node', args: { kind: 'module', uuid: sine.uuid, x: 5, y: 3 } },
    { tool: 'grid_connect', args: { source_id: { from_step: 2, field: 'native.module.id' }, source_port: 0, target_id: filter.id, target_port: 0 } },
    { tool: 'set_parameter', args: { path: fader, value: 0.25 } },
  ];

  const preview = await show.call('sound_apply_plan', { steps });
  assert.equal(preview.status, 'confirmation_required');
  assert.equal(preview.guard.kind, 'plan');
  assert.equal(preview.preview.steps.length, 5);
  assert.match(preview.preview.steps[0].command, new RegExp(`^song-track-mix [0-9a-f]{64} ${bass.index} -6dB -0.5$`));
  assert.match(preview.preview.steps[2].command, new RegExp(`^guard ${g0.revision} graph-insert ${sine.uuid} 5 3$`));
  assert.deepEqual(preview.preview.steps[3].depends_on, [2], 'a step fed by an earlier reply is previewed at its turn');
  assert.match(preview.summary, /^Apply 5 changes in order/);
  assert.deepEqual(await observed(show), before, 'the preview sent nothing');
  assert.equal((await show.call('get_parameter', { path: fader })).parameter.value, fader0);

  const done = await show.call('sound_apply_plan', { steps, confirmation_token: preview.confirmation.token });
  assert.equal(done.status, 'completed', JSON.stringify(done).slice(0, 600));
  assert.equal(done.applied, 5);
  assert.deepEqual(
    done.steps.map((s: { status: string }) => s.status),
    ['completed', 'completed', 'completed', 'completed', 'completed'],
  );
  assert.equal(done.steps[3].verification.ok, true, 'the Grid step was read back');
  const after = byName(await tracks(show), 'Bass');
  assert.deepEqual([after.volume_display, after.pan, after.sends[0].level_db], ['-6 dB', -0.5, -3]);
  const cord = (await graph(show)).connections.find((c: { source: number; target: number }) => c.source === done.steps[2].native.module.id);
  assert.equal(cord.target, filter.id);
  assert.equal((await show.call('get_parameter', { path: fader })).parameter.value, 0.25);
  assert.equal(show.app.engine.history.undoDepth, depth + 5, 'one undo step per step');

  const undone = await show.call('undo', { steps: 5 });
  assert.equal(undone.steps.length, 5);
  assert.deepEqual(
    await observed(show).then((o: any) => ({ ...o, history: undefined })),
    { ...(before as object), history: undefined },
    'undo by count restores',
  );
  assert.equal((await show.call('get_parameter', { path: fader })).parameter.value, fader0);
});

test('a plan confirmed after another writer moved the state is stale and sends nothing', async (t) => {
  const show = await startSound(t);
  const bass = byName(await tracks(show), 'Bass');
  const steps = [
    { tool: 'song_set_track_mix', args: { track_index: bass.index, volume_db: -9 } },
    { tool: 'song_set_track_state', args: { track_index: bass.index, muted: true } },
  ];
  const preview = await show.call('sound_apply_plan', { steps });
  assert.equal(preview.status, 'confirmation_required');
  await show.coop('song_set_track_mix', { track_index: bass.index, pan: 0.3 });
  const before = await observed(show);
  assert.match(
    await show.callError('sound_apply_plan', { steps, confirmation_token: preview.confirmation.token }),
    /^stale: the plan changed since the preview/,
  );
  assert.deepEqual(await observed(show), before, 'nothing was sent, history included');
});

test('the first step that does not complete stops the plan; what landed stays and is reported', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const inv = await tracks(show);
  const bass = byName(inv, 'Bass');
  const bus = byName(inv, 'Reverb Bus');
  const depth = show.app.engine.history.undoDepth;
  const r = await show.call('sound_apply_plan', {
    steps: [
      { tool: 'song_set_track_mix', args: { track_index: bass.index, volume_db: -12 } },
      { tool: 'song_set_track_send', args: { track_index: bass.index, fx_index: bus.index + 1, level_db: -6 } },
      { tool: 'song_set_track_state', args: { track_index: bass.index, muted: true } },
    ],
  });
  assert.equal(r.ok, false);
  assert.equal(r.authorization, 'cooperative');
  assert.equal(r.status, 'requires_observation');
  assert.equal(r.applied, 1);
  assert.equal(r.stopped_at, 1);
  assert.deepEqual(
    r.steps.map((s: { status: string }) => s.status),
    ['completed', 'refused'],
  );
  assert.match(r.next, /sound_undo \{steps: 1\}/);
  const now = byName(await tracks(show), 'Bass');
  assert.deepEqual([now.volume_display, now.muted], ['-12 dB', false], 'the first step stays; the third was never sent');
  assert.equal(show.app.engine.history.undoDepth, depth + 1);
  await show.call('sound_undo');
  assert.equal(byName(await tracks(show), 'Bass').volume_db, bass.volume_db);
});

test('bad plans are refused whole before anything is sent, history included', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const bass = byName(await tracks(show), 'Bass');
  const before = await observed(show);
  const mix = { tool: 'song_set_track_mix', args: { track_index: bass.index, volume_db: -6 } };
  const cases: [unknown[], RegExp][] = [
    [[mix, { tool: 'sound_select_track', args: { index: 0 } }], /^invalid_argument: steps\[1\]: "sound_select_track" is not a plan step/],
    [[mix, { tool: 'nope', args: {} }], /^invalid_argument: steps\[1\]: "nope" is not a plan step/],
    [[{ ...mix, args: { ...mix.args, confirmation_token: 'a'.repeat(64) } }], /^invalid_argument: steps\[0\]: a plan step takes no confirmation_token/],
    [
      [mix, { tool: 'grid_connect', args: { source_id: { from_step: 1, field: 'x' }, source_port: 0, target_id: 1, target_port: 0 } }],
      /from_step must name an earlier step/,
    ],
    [
      [mix, { tool: 'song_set_track_mix', args: { track_index: 60, volume_db: -6 } }],
      /^not_found: steps\[1\] \(song_set_track_mix\): .*The plan was not applied/,
    ],
    [[mix, { tool: 'song_set_track_mix', args: { track_index: bass.index, volume_db: 9 } }], /^invalid_argument: steps\[1\] \(song_set_track_mix\): volume_db/],
  ];
  for (const [steps, error] of cases) assert.match(await show.callError('sound_apply_plan', { steps }), error);
  assert.deepEqual(await observed(show), before, 'nothing changed, history included');
});

test('another writer between two steps stops the plan: after the step it landed in, or before the step it precedes', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const adapter = show.app.services.soundAdapter;
  const other = await show.other();
  const bass = byName(await tracks(show), 'Bass');
  const steps = [0, 1, 2].map((i) => ({ tool: 'song_set_track_mix', args: { track_index: bass.index, volume_db: -3 - i } }));
  const authority = { cooperative: true, session: 'plan-test' };
  // The runner is the tool's own domain call; the other writer's step lands where each case says.
  const plan = (foreignAt: 'after 0' | 'before 1') => {
    let applied = 0;
    const mcp = { surface: 'mcp', session: authority.session, client: 'plan test' } as const;
    return runAs(mcp, () =>
      adapter.plans.apply(steps, 'summary', authority, async (step, a) => {
        if (a.planStep?.phase === 'apply' && foreignAt === 'before 1' && applied === 1) assert.equal((await other.request('set 4 0.25')).ok, true);
        const r = await adapter.song.setTrackMix(step.args as never, step.args, a);
        if (a.planStep?.phase === 'apply' && foreignAt === 'after 0' && applied === 0) assert.equal((await other.request('set 4 0.3')).ok, true);
        if (a.planStep?.phase === 'apply') applied++;
        return r;
      }),
    );
  };
  const after0 = await plan('after 0');
  assert.equal(after0.applied, 1);
  assert.match(after0.error!, /another writer's step \(seq \d+ "[^"]+" by protocol3\) landed during step 0/);
  await show.call('sound_undo', { steps: 2 });
  const before1 = await plan('before 1');
  assert.equal(before1.applied, 1);
  assert.equal(before1.stopped_at, 1);
  assert.equal(before1.code, 'stale');
  assert.match(before1.steps![1].error!, /another writer changed the host, so step 1 was not sent/);
  assert.equal(byName(await tracks(show), 'Bass').volume_display, '-3 dB', 'step 1 and 2 never ran, in either plan');
});
