import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startSound, type SoundShow } from './helpers.js';

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64url');

async function graph(show: SoundShow): Promise<any> {
  const g = await show.call('grid_get_state');
  assert.equal(g.ok, true);
  return g.native;
}

const node = (g: any, name: string): any => [...g.modules, ...g.modulators].find((n: { name: string }) => n.name === name);

test('grid reads: capabilities, state, catalogs, host modulators, value resolution (non-mutating)', async (t) => {
  const show = await startSound(t);
  const caps = await show.call('grid_get_capabilities');
  assert.equal(caps.native.graph_available, true);
  assert.equal(caps.command, 'graph-capabilities');
  const g = await graph(show);
  assert.match(g.revision, /^[0-9a-f]{64}$/);
  const modules = await show.call('grid_search_modules', { query: 'sine' });
  assert.equal(modules.command, 'graph-catalog sine');
  assert.deepEqual(
    modules.native.modules.map((m: { name: string }) => m.name),
    ['Sine'],
  );
  assert.ok((await show.call('grid_search_modules')).native.modules.length > 20);
  assert.equal((await show.call('grid_search_modulators', { query: 'lfo' })).native.modulators[0].name, 'LFO');
  const host = await show.call('grid_list_host_modulators');
  assert.ok(host.native.sources.some((s: { name: string }) => /pitch/i.test(s.name)));
  const filter = node(g, 'Low-pass LD');
  const resolved = await show.call('grid_resolve_value', { node_id: filter.id, parameter_id: 'CUTOFF', display: '440 Hz' });
  assert.equal(resolved.ok, true);
  assert.equal(resolved.native.mutates_project, false);
  assert.equal(resolved.native.revision, g.revision);
  assert.equal((await graph(show)).revision, g.revision, 'resolution changed nothing');
  // The same `kind` grid_set_parameter takes is accepted, and checked.
  const withKind = await show.call('grid_resolve_value', { kind: 'module', node_id: filter.id, parameter_id: 'CUTOFF', display: '440 Hz' });
  assert.equal(withKind.native.value, resolved.native.value);
  assert.match(
    await show.callError('grid_resolve_value', { kind: 'modulator', node_id: filter.id, parameter_id: 'CUTOFF', display: '440 Hz' }),
    /^invalid_argument: node \d+ \(Low-pass LD\) is a module, not a modulator/,
  );
  // Refusals stay structured reads with the native payload; bad arguments are ours.
  const bad = await show.call('grid_resolve_value', { node_id: filter.id, parameter_id: 'CUTOFF', display: 'loud' });
  assert.equal(bad.ok, false);
  assert.equal(bad.native.ok, false);
  assert.equal(typeof bad.error, 'string');
  assert.match(await show.callError('grid_search_modules', { query: 'a\nb' }), /^invalid_argument: /);
  assert.match(await show.callError('grid_resolve_value', { node_id: -1, parameter_id: 'X', display: '1 Hz' }), /^invalid_argument: node_id/);
  // With a non-Grid device selected, graph-state answers ok: false, kept whole.
  show.cooperative(true);
  await show.call('sound_select_track', { index: 3 });
  const none = await show.call('grid_get_state');
  assert.equal(none.ok, false);
  assert.equal(none.native.reason, 'not_a_grid');
});

test('grid writes (cooperative): insert, set with a raw id, connect, disconnect — verified, guarded, each undoable', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const g0 = await graph(show);
  const sine = (await show.call('grid_search_modules', { query: 'sine' })).native.modules[0];
  const ins = await show.call('grid_insert_node', { kind: 'module', uuid: sine.uuid, x: 5, y: 3, expected_revision: g0.revision });
  assert.equal(ins.status, 'completed');
  assert.equal(ins.command, `guard ${g0.revision} graph-insert ${sine.uuid} 5 3`);
  assert.equal(ins.guard.source, 'caller');
  assert.deepEqual(ins.verification.problems, []);
  assert.equal(ins.verification.ok, true);
  const id = ins.native.module.id;
  const g1 = await graph(show);
  assert.equal(g1.revision, ins.native.revision);

  // A raw parameter id with a character base64 must carry: C# on the quantizer.
  const quant = node(g1, 'Pitch Quantize');
  const set = await show.call('grid_set_parameter', { kind: 'module', node_id: quant.id, parameter_id: 'C#', value: true });
  assert.equal(set.status, 'completed');
  assert.equal(set.command, `guard ${g1.revision} graph-set ${quant.id} ${b64('C#')} true`);
  assert.equal(set.guard.source, 'fresh_read');
  assert.match(set.notes[0], /expected_revision was not given/);
  assert.equal(node(await graph(show), 'Pitch Quantize').parameters.find((p: { id: string }) => p.id === 'C#').value, true);

  const filter = node(g1, 'Low-pass LD');
  const con = await show.call('grid_connect', { source_id: id, source_port: 0, target_id: filter.id, target_port: 0 });
  assert.equal(con.status, 'completed');
  assert.equal(con.verification.ok, true);
  const dis = await show.call('grid_disconnect', { target_id: filter.id, target_port: 0 });
  assert.equal(dis.status, 'completed');
  assert.equal(dis.preview.removes.length, 2, 'the preview lists the cords that go');
  assert.equal(dis.verification.ok, true);

  // Every step is one host undo step: four undos restore the original revision.
  for (let i = 0; i < 4; i++) assert.equal((await show.call('sound_undo')).status, 'completed');
  assert.equal((await graph(show)).revision, g0.revision);
});

test('grid write refusals: unknown node, parameter or uuid (ours, nothing sent); host refusals stay structured', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const g = await graph(show);
  const depth = show.app.engine.history.undoDepth;
  assert.match(
    await show.callError('grid_set_parameter', { kind: 'module', node_id: 99999, parameter_id: 'X', value: 1 }),
    /^not_found: node 99999 is not in the selected graph/,
  );
  const filter = node(g, 'Low-pass LD');
  assert.match(
    await show.callError('grid_set_parameter', { kind: 'module', node_id: filter.id, parameter_id: 'cutoff', value: 0.5 }),
    /^not_found: .*no parameter with the exact id "cutoff"; its ids: "CUTOFF"/,
  );
  assert.match(
    await show.callError('grid_set_parameter', { kind: 'modulator', node_id: filter.id, parameter_id: 'CUTOFF', value: 0.5 }),
    /^invalid_argument: .*is a module, not a modulator/,
  );
  assert.match(await show.callError('grid_insert_node', { kind: 'module', uuid: 'nope', x: 0, y: 9 }), /^not_found: nope is not an installed Grid module UUID/);
  assert.match(await show.callError('grid_insert_node', { kind: 'module', uuid: 'x', x: 5000, y: 0 }), /^invalid_argument: x: /);
  // Out of the native range: the host refuses (never clamps); the reply keeps its payload.
  const out = await show.call('grid_set_parameter', { kind: 'module', node_id: filter.id, parameter_id: 'CUTOFF', value: 7 });
  assert.equal(out.ok, false);
  assert.equal(out.status, 'refused');
  assert.equal(out.reason, 'out_of_range');
  assert.equal(out.native.ok, false);
  assert.equal(out.retry_performed, false);
  // A stale expected revision: the host's guard refuses.
  const stale = await show.call('grid_set_parameter', {
    kind: 'module',
    node_id: filter.id,
    parameter_id: 'CUTOFF',
    value: 0.5,
    expected_revision: 'a'.repeat(64),
  });
  assert.equal(stale.status, 'refused');
  assert.equal(stale.reason, 'stale_revision');
  assert.match(stale.preview.stale_now, /the graph is at/);
  assert.equal((await graph(show)).revision, g.revision);
  assert.equal(show.app.engine.history.undoDepth, depth, 'nothing changed');
});

test('grid_clear_graph: needs expected_revision; keeps the before snapshot in the reply and in a session, on success and on failure', async (t) => {
  const show = await startSound(t);
  const g = await graph(show);
  assert.match(await show.callError('grid_clear_graph', {}), /^invalid_argument: expected_revision: /);
  // A stale revision, confirmed: refused by the host, the before snapshot still returned and kept.
  const [, refused] = await show.confirm('grid_clear_graph', { expected_revision: 'b'.repeat(64) });
  assert.equal(refused.ok, false);
  assert.equal(refused.reason, 'stale_revision');
  assert.equal(refused.before_snapshot.revision, g.revision);
  assert.equal(refused.before_snapshot.module_count, g.module_count);
  assert.equal(refused.patch_session.origin, 'grid_clear_graph');
  const kept = await show.call('grid_get_patch_session', { patch_session_id: refused.patch_session.patch_session_id, include_before_graph: true });
  assert.deepEqual(kept.before_graph, g);
  assert.equal(kept.steps[0].outcome, 'stale');
  assert.equal(kept.state, 'frozen');

  // The reviewed revision: the preview lists what goes; the clear empties the graph; undo restores it.
  const [preview, cleared] = await show.confirm('grid_clear_graph', { expected_revision: g.revision });
  assert.match(preview.summary, /^DESTRUCTIVE: clear/);
  assert.equal(preview.preview.removes.modules.length, g.module_count);
  assert.equal(cleared.status, 'completed');
  assert.deepEqual(cleared.before_snapshot, g);
  assert.equal(cleared.native.before.revision, g.revision, "the native payload (with the host's before) is kept whole");
  assert.equal(cleared.verification.ok, true);
  assert.equal((await graph(show)).module_count, 0);
  const session = await show.call('grid_get_patch_session', { patch_session_id: cleared.patch_session.patch_session_id, include_before_graph: true });
  assert.deepEqual(session.before_graph, g);
  assert.equal(session.steps[0].outcome, 'applied');
  await show.confirm('sound_undo');
  assert.equal((await graph(show)).revision, g.revision, 'undo rebuilds the same graph');
});

test('patch session: one reviewed step at a time, verified; it freezes when another writer changes the graph and never replays', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const other = await show.other();
  const begun = await show.call('grid_begin_patch_session');
  assert.equal(begun.state, 'open');
  assert.equal(begun.before_graph.revision, begun.before_revision);
  const filter = node(begun.before_graph, 'Low-pass LD');
  const step1 = await show.call('grid_set_parameter', {
    kind: 'module',
    node_id: filter.id,
    parameter_id: 'CUTOFF',
    value: 0.7,
    patch_session_id: begun.patch_session_id,
  });
  assert.equal(step1.status, 'completed');
  assert.equal(step1.guard.source, 'patch_session');
  assert.equal(step1.patch_session.applied_steps, 1);
  assert.equal(step1.patch_session.current_revision, step1.native.revision);
  assert.equal(step1.patch_session.steps[0].verification.ok, true);

  // Another writer changes the graph: the next step is not sent, the session freezes.
  const sent = show.app.engine.history.undoDepth;
  await other.request(`graph-set ${filter.id} ${b64('RESONANCE')} 0.9`);
  const step2 = await show.call('grid_set_parameter', {
    kind: 'module',
    node_id: filter.id,
    parameter_id: 'CUTOFF',
    value: 0.2,
    patch_session_id: begun.patch_session_id,
  });
  assert.equal(step2.ok, false);
  assert.equal(step2.status, 'refused');
  assert.equal(step2.reason, 'patch_session_frozen');
  assert.equal(step2.patch_session.state, 'frozen');
  assert.equal(step2.patch_session.frozen.reason, 'stale_state');
  assert.match(step2.patch_session.where, /^frozen .*another writer changed it.*1 step had been applied/);
  assert.equal(show.app.engine.history.undoDepth, sent + 1, "only the other writer's step landed");
  const cutoff = node(await graph(show), 'Low-pass LD').parameters.find((p: { id: string }) => p.id === 'CUTOFF');
  assert.equal(cutoff.value, 0.7, 'step 2 was not sent');
  // Frozen for good: no more steps, nothing replayed.
  const step3 = await show.call('grid_set_parameter', {
    kind: 'module',
    node_id: filter.id,
    parameter_id: 'CUTOFF',
    value: 0.2,
    patch_session_id: begun.patch_session_id,
  });
  assert.equal(step3.reason, 'patch_session_frozen');
  const ended = await show.call('grid_end_patch_session', { patch_session_id: begun.patch_session_id });
  assert.equal(ended.session.state, 'closed');
  assert.match(ended.session.where, /it had frozen: stale_state/);
  assert.deepEqual(
    ended.diff.parameters_changed.map((p: { parameter_id: string }) => p.parameter_id).sort(),
    ['CUTOFF', 'RESONANCE'],
    "the diff shows both writers' changes",
  );
  assert.match(
    await show.callError('grid_set_parameter', {
      kind: 'module',
      node_id: filter.id,
      parameter_id: 'CUTOFF',
      value: 0.1,
      patch_session_id: begun.patch_session_id,
    }),
    /^invalid_argument: patch session .* is closed/,
  );
});

test('patch session: a step reply carries only the latest step, so replies stay one size as the session grows', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const begun = await show.call('grid_begin_patch_session');
  const filter = node(begun.before_graph, 'Low-pass LD');
  const sizes: number[] = [];
  for (let i = 1; i <= 6; i++) {
    const step = await show.call('grid_set_parameter', {
      kind: 'module',
      node_id: filter.id,
      parameter_id: 'CUTOFF',
      value: 0.3 + i / 20,
      patch_session_id: begun.patch_session_id,
    });
    assert.equal(step.status, 'completed');
    assert.equal(step.patch_session.applied_steps, i);
    assert.deepEqual(
      step.patch_session.steps.map((x: { n: number }) => x.n),
      [i],
    );
    sizes.push(JSON.stringify(step).length);
  }
  // Values' displays vary a little; a whole-session echo grew by a step's record (~500 bytes) per step.
  assert.ok(Math.max(...sizes) - Math.min(...sizes) < 200, `reply bytes per step: ${sizes.join(', ')}`);
  const whole = await show.call('grid_get_patch_session', { patch_session_id: begun.patch_session_id });
  assert.deepEqual(
    whole.steps.map((x: { n: number }) => x.n),
    [1, 2, 3, 4, 5, 6],
  );
});

test('patch session: a host refusal keeps it open; a stale host guard freezes it; a moved selection freezes it', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const s = await show.call('grid_begin_patch_session');
  const filter = node(s.before_graph, 'Low-pass LD');
  const refused = await show.call('grid_set_parameter', {
    kind: 'module',
    node_id: filter.id,
    parameter_id: 'CUTOFF',
    value: 5,
    patch_session_id: s.patch_session_id,
  });
  assert.equal(refused.status, 'refused');
  assert.equal(refused.patch_session.state, 'open', 'a refusal changed nothing, so the session stays open');
  assert.equal(refused.patch_session.steps[0].outcome, 'refused');
  assert.match(
    await show.callError('grid_set_parameter', {
      kind: 'module',
      node_id: filter.id,
      parameter_id: 'CUTOFF',
      value: 0.5,
      patch_session_id: s.patch_session_id,
      expected_revision: 'c'.repeat(64),
    }),
    /^invalid_argument: expected_revision .* is not this session's last verified revision/,
  );
  // The selection moves to another device: the session's graph is no longer selected.
  await show.call('sound_select_track', { index: 3 });
  const moved = await show.call('grid_connect', { source_id: 1, source_port: 0, target_id: 2, target_port: 0, patch_session_id: s.patch_session_id });
  assert.equal(moved.reason, 'patch_session_frozen');
  assert.equal(moved.patch_session.frozen.reason, 'stale_state');
});

test('patch sessions are process-local records: unknown ids are not_found', async (t) => {
  const show = await startSound(t);
  assert.match(await show.callError('grid_get_patch_session', { patch_session_id: 'patch-000' }), /^not_found: no patch session "patch-000"/);
  assert.match(await show.callError('grid_end_patch_session', { patch_session_id: 'patch-000' }), /^not_found: /);
});

test('grid_insert_node into an occupied cell is refused at once, without a confirmation round, and sends nothing', async (t) => {
  const show = await startSound(t);
  const g = await graph(show);
  const filter = node(g, 'Low-pass LD');
  const sine = (await show.call('grid_search_modules', { query: 'sine' })).native.modules[0];
  const depth = show.app.engine.history.undoDepth;
  const text = await show.callError('grid_insert_node', { kind: 'module', uuid: sine.uuid, x: filter.x, y: filter.y });
  assert.match(text, new RegExp(`^invalid_argument: cell \\(${filter.x}, ${filter.y}\\) of .* is occupied by .*Low-pass LD.*Nothing was sent\\.$`));
  assert.equal((await graph(show)).revision, g.revision);
  assert.equal(show.app.engine.history.undoDepth, depth);
});
