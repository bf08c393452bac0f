import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { FunctionCommand } from '../../src/engine/commands/command.js';
import { isDigest } from '../../src/engine/guards.js';
import { deviceByName, modulatorByName, moduleByName } from '../../src/sound/model/catalog.js';
import { Device } from '../../src/sound/model/components.js';
import { doUndoRedo, refusedUnchanged, startStack, type Reply, type Stack } from './helpers.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

type Track = { index: number; track_id: number; name: string; type: string; hidden: boolean; parent_track_id: number | null; selected: boolean };
type Control = { index: number; exists: boolean; value?: number; name?: string };

const tracksOf = async (s: Stack): Promise<Track[]> => (await s.ok('tracks')).tracks as Track[];
const token = async (s: Stack): Promise<string> => (await s.ok('devices')).selection_token as string;
const selectedDeviceName = (r: Reply): string | null => ((r.device as { name: string } | null) ?? null)?.name ?? null;

test('ping and capabilities: Footlight host identity, protocol 3, graph_available', async (t) => {
  const s = await startStack(t);
  assert.deepEqual(await s.ok('ping'), { ok: true, pong: true, protocol: 3 });
  const caps = await s.ok('capabilities');
  assert.equal(caps.protocol, 3);
  assert.deepEqual(caps.host, { name: 'Footlight', version: VERSION });
  assert.equal(caps.graph_available, true);
  assert.equal((caps.grid_graph as Reply).graph_available, true);
  assert.deepEqual((caps.limits as Reply).command_bytes, 1024 * 1024);
  assert.deepEqual((caps.limits as Reply).response_bytes, 8 * 1024 * 1024);
  await s.fail('ping extra', 'invalid_argument');
  await s.fail('capabilities now', 'invalid_argument');
});

test('tracks: flat ALL_CHANNELS bank with hidden group children, FX and master', async (t) => {
  const s = await startStack(t);
  const r = await s.ok('tracks');
  assert.equal(r.bank, 'ALL_CHANNELS');
  assert.equal(r.count, 11);
  assert.equal(r.complete, true);
  assert.equal(r.scroll_position, 0);
  const tracks = r.tracks as Track[];
  assert.deepEqual(
    tracks.map((x) => x.name),
    ['Drums', 'Kick', 'Snare', 'Hats', 'Bass', 'Chords', 'Lead', 'Texture', 'Vocal', 'Reverb Bus', 'Master'],
  );
  assert.deepEqual(
    tracks.map((x) => x.index),
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  );
  assert.deepEqual(
    tracks.map((x) => x.type),
    ['group', 'instrument', 'instrument', 'instrument', 'instrument', 'instrument', 'instrument', 'hybrid', 'instrument', 'effect', 'master'],
  );
  assert.equal(tracks[1].hidden, true, 'children of a collapsed group are in the bank, hidden');
  assert.equal(tracks[1].parent_track_id, tracks[0].track_id);
  assert.equal(r.selected_index, 6);
  assert.equal(new Set(tracks.map((x) => x.track_id)).size, 11, 'track ids are distinct');
});

test('track INDEX selects by bank index; bad indexes are refused and change nothing', async (t) => {
  const s = await startStack(t);
  const r = await s.ok('track 4');
  assert.equal(r.selected_index, 4);
  assert.equal((r.track as Track).name, 'Bass');
  assert.equal(selectedDeviceName(r), 'Polysynth');
  assert.ok(isDigest(r.selection_token));
  assert.equal(s.engine.history.undoDepth, 0, 'selection is not an undo step');
  await s.ok('track 1');
  assert.equal((await tracksOf(s))[1].selected, true, 'hidden children are selectable by bank index');
  await refusedUnchanged(s, 'track 64', 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, 'track -1', 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, 'track 11', 'not_found');
  await refusedUnchanged(s, 'track 1.5', 'invalid_argument');
  await refusedUnchanged(s, 'track one', 'invalid_argument');
  await refusedUnchanged(s, 'track', 'invalid_argument');
});

test('track-first / track-next / track-previous navigate the bank and stop at its ends', async (t) => {
  const s = await startStack(t);
  let r = await s.ok('track-first');
  assert.equal(r.selected_index, 0);
  r = await s.ok('track-previous');
  assert.equal(r.moved, false);
  assert.equal(r.selected_index, 0);
  r = await s.ok('track-next');
  assert.equal(r.moved, true);
  assert.equal(r.selected_index, 1);
  await s.ok('track 10');
  r = await s.ok('track-next');
  assert.equal(r.moved, false);
  assert.equal(r.selected_index, 10);
  r = await s.ok('track-previous');
  assert.equal(r.selected_index, 9);
  assert.equal((r.track as Track).type, 'effect');
});

test('state: the selected device exposes 8 normalized controls; inspect reports container flags', async (t) => {
  const s = await startStack(t);
  const st = await s.ok('state');
  const controls = st.controls as Control[];
  assert.equal(controls.length, 8);
  assert.deepEqual(
    controls.map((c) => c.index),
    [1, 2, 3, 4, 5, 6, 7, 8],
  );
  assert.equal(controls[7].exists, false, 'Poly Grid has 7 exposed controls');
  for (const c of controls.filter((x) => x.exists)) assert.ok(c.value! >= 0 && c.value! <= 1);
  assert.equal(selectedDeviceName(st), 'Poly Grid');
  const ins = await s.ok('inspect');
  const dev = ins.device as Reply;
  assert.equal(dev.name, 'Poly Grid');
  assert.equal(dev.is_container, true);
  assert.deepEqual(dev.slot_names, ['FX', 'Note FX']);
  assert.deepEqual(dev.slot_device_counts, { FX: 1, 'Note FX': 1 });
  assert.equal(dev.graph_available, true);
  assert.equal(dev.is_nested, false);
  assert.equal(ins.selection_guard_available, true);
  assert.equal(ins.selection_token, await token(s));
});

test('set INDEX VALUE: do → undo → redo through the shared history; read back normalized', async (t) => {
  const s = await startStack(t);
  const reply = await doUndoRedo(s, 'set 3 0.75', (r) => {
    assert.equal(r.index, 3);
    assert.equal(r.name, 'Shuffle');
    assert.equal(r.value, 0.75);
    assert.equal(r.display, '75 %');
  });
  assert.equal(reply.native_value, 0.75);
  // A boolean control quantizes: the reply reports what the host holds, not what was asked.
  const b = await s.ok('set 5 0.7');
  assert.equal(b.value, 1);
  assert.equal(b.native_value, true);
  const h = await s.ok('history');
  assert.equal(h.project_modified, true);
});

test('set: out-of-range values and indexes, unmapped controls and missing selection are refused unchanged', async (t) => {
  const s = await startStack(t);
  await refusedUnchanged(s, 'set 0 0.5', 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, 'set 9 0.5', 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, 'set 8 0.5', 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, 'set 1 1.5', 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, 'set 1 -0.1', 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, 'set 1 NaN', 'invalid_argument');
  await refusedUnchanged(s, 'set 1 Infinity', 'invalid_argument');
  await refusedUnchanged(s, 'set 1 0x1', 'invalid_argument');
  await refusedUnchanged(s, 'set 1', 'invalid_argument');
  await refusedUnchanged(s, 'set 1 0.5 0.5', 'invalid_argument');
  await s.ok('action Create%20Audio%20Track');
  await refusedUnchanged(s, 'set 1 0.5', 'not_found', 'no_selection');
});

test('batch: serialized writes as one undo step; one bad pair refuses the whole batch unchanged', async (t) => {
  const s = await startStack(t);
  await doUndoRedo(s, 'batch 1=0.25 3=0.5 3=0.6', (r) => {
    assert.equal(r.atomic, false);
    assert.equal(r.applied, 3);
    const results = r.results as { index: number; value: number }[];
    assert.deepEqual(
      results.map((x) => x.index),
      [1, 3, 3],
    );
    assert.equal(results[2].value, 0.6, 'serialized: the last write to a control wins');
  });
  await refusedUnchanged(s, 'batch 1=0.25 2=7', 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, 'batch 1=0.25 9=0.1', 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, 'batch 1=0.25 2:0.1', 'invalid_argument');
  await refusedUnchanged(s, 'batch 1= =0.1', 'invalid_argument');
  await refusedUnchanged(s, 'batch', 'invalid_argument');
  await refusedUnchanged(s, `batch ${Array.from({ length: 65 }, () => '1=0.5').join(' ')}`, 'invalid_argument');
});

test('device navigation: next / previous / parent / device-first / device-primary', async (t) => {
  const s = await startStack(t);
  let r = await s.ok('next');
  assert.equal(r.moved, true);
  assert.equal(selectedDeviceName(r), 'Reverb');
  r = await s.ok('next');
  assert.equal(r.moved, false);
  r = await s.ok('previous');
  assert.equal(selectedDeviceName(r), 'Poly Grid');
  r = await s.ok('previous');
  assert.equal(r.moved, false);
  r = await s.ok('parent');
  assert.equal(r.moved, false, 'a top-level device has no parent device');
  // Nested: the Delay+ in the Poly Grid's FX slot.
  const delay = [...s.host.project.descendants()].find((c) => c instanceof Device && c.spec.name === 'Delay+') as Device;
  await s.host.engine.queue.submit(() => s.host.selection.selectDevice(delay));
  const ins = await s.ok('inspect');
  assert.equal((ins.device as Reply).is_nested, true);
  assert.equal(((ins.device as Reply).chain as Reply).slot, 'FX');
  r = await s.ok('parent');
  assert.equal(r.moved, true);
  assert.equal(selectedDeviceName(r), 'Poly Grid');
  await s.ok('track 7');
  await s.ok('next');
  r = await s.ok('device-first');
  assert.equal(selectedDeviceName(r), 'Polysynth');
  await s.ok('next');
  r = await s.ok('device-primary');
  assert.equal(selectedDeviceName(r), 'Polysynth', 'the primary device is the instrument');
  await s.ok('track 9');
  r = await s.ok('device-primary');
  assert.equal(selectedDeviceName(r), 'Reverb', 'an effect track has no instrument: its first device');
  await s.ok('action Create%20Audio%20Track');
  r = await s.ok('device-first');
  assert.equal(r.moved, false, 'device-first from an empty selection on an empty chain');
  await s.fail('next', 'not_found', 'no_selection');
  await s.fail('parent', 'not_found', 'no_selection');
  assert.equal(s.engine.history.undoDepth, 1, 'only the track creation is an undo step');
});

test('device-first works from an empty device selection', async (t) => {
  const s = await startStack(t);
  await s.host.engine.queue.submit(() => s.host.selection.selectDevice(null));
  assert.equal(selectedDeviceName(await s.ok('state')), null);
  const r = await s.ok('device-first');
  assert.equal(r.moved, true);
  assert.equal(selectedDeviceName(r), 'Poly Grid');
});

test('device-editor toggles the selected device editor; not an undo step', async (t) => {
  const s = await startStack(t);
  assert.equal((await s.ok('device-editor')).window_open, true);
  assert.equal((await s.ok('device-editor')).window_open, false);
  assert.equal(s.engine.history.undoDepth, 0);
});

test('device-catalog: installed devices with UUIDs, Poly Grid and FX Grid included; query filters', async (t) => {
  const s = await startStack(t);
  const all = await s.ok('device-catalog');
  const devices = all.devices as { uuid: string; name: string; kind: string; is_grid: boolean }[];
  assert.ok(devices.length >= 15);
  for (const d of devices) assert.match(d.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const grids = (await s.ok('device-catalog grid')).devices as { name: string; is_grid: boolean; kind: string }[];
  assert.deepEqual(grids.map((d) => d.name).sort(), ['FX Grid', 'Poly Grid']);
  assert.deepEqual(grids.find((d) => d.name === 'Poly Grid')?.kind, 'instrument');
  assert.deepEqual(grids.find((d) => d.name === 'FX Grid')?.kind, 'audio_effect');
  assert.equal(((await s.ok('device-catalog no such device')).devices as unknown[]).length, 0);
  assert.equal(((await s.ok('device-catalog audio effect delay')).devices as { name: string }[])[0].name, 'Delay+');
});

test('devices: the selected device 16-sibling window with native identities and selection_token', async (t) => {
  const s = await startStack(t);
  const r = await s.ok('devices');
  assert.equal(r.window_start, 0);
  assert.equal(r.window_size, 16);
  assert.equal(r.window_complete, true);
  assert.equal(r.sibling_count, 2);
  assert.equal(r.selected_position, 0);
  const list = r.devices as { name: string; instance_id: number; track_id: number; uuid: string; selected: boolean }[];
  assert.deepEqual(
    list.map((d) => d.name),
    ['Poly Grid', 'Reverb'],
  );
  assert.equal(list[0].selected, true);
  assert.equal(list[0].uuid, deviceByName('Poly Grid').uuid);
  assert.equal(list[0].track_id, (r.track as Track).track_id);
  assert.ok(isDigest(r.selection_token));
  // Inserting past 16 siblings makes the window incomplete.
  for (let i = 0; i < 16; i++) await s.ok(`insert end ${deviceByName('Tool').uuid} ${await token(s)}`);
  const w = await s.ok('devices');
  assert.equal(w.sibling_count, 18);
  assert.equal(w.window_start, 16);
  assert.equal(w.window_complete, false);
  assert.equal((w.devices as unknown[]).length, 2);
});

test('insert POSITION UUID SELECTION_TOKEN: every position, do → undo → redo', async (t) => {
  const s = await startStack(t);
  const reverb = deviceByName('Reverb').uuid;
  const chainNames = async (): Promise<string[]> => ((await s.ok('devices')).devices as { name: string }[]).map((d) => d.name);
  await doUndoRedo(s, `insert after ${deviceByName('Chorus+').uuid} ${await token(s)}`, async (r) => {
    assert.equal((r.inserted as Reply).name, 'Chorus+');
    assert.equal(selectedDeviceName(r), 'Chorus+');
    assert.deepEqual(await chainNames(), ['Poly Grid', 'Chorus+', 'Reverb']);
  });
  await s.ok('device-first');
  await doUndoRedo(s, `insert before ${deviceByName('Arpeggiator').uuid} ${await token(s)}`, async () => {
    assert.deepEqual(await chainNames(), ['Arpeggiator', 'Poly Grid', 'Chorus+', 'Reverb']);
  });
  await doUndoRedo(s, `insert start ${deviceByName('Tool').uuid} ${await token(s)}`, async () => {
    assert.deepEqual((await chainNames())[0], 'Tool');
  });
  await doUndoRedo(s, `insert end ${reverb} ${await token(s)}`, async () => {
    const names = await chainNames();
    assert.equal(names[names.length - 1], 'Reverb');
    assert.equal(names.filter((n) => n === 'Reverb').length, 2);
  });
  await s.ok('track 4');
  await s.ok('next');
  await doUndoRedo(s, `insert replace ${deviceByName('Distortion').uuid} ${await token(s)}`, async (r) => {
    assert.equal(typeof r.replaced_instance_id, 'number');
    assert.deepEqual(await chainNames(), ['Polysynth', 'Distortion']);
  });
});

test('insert refusals: stale token, wrong UUID kinds, unknown UUID, bad position, incompatible chain, no selection', async (t) => {
  const s = await startStack(t);
  const tool = deviceByName('Tool').uuid;
  const tok = await token(s);
  await refusedUnchanged(s, `insert after ${moduleByName('Sawtooth').uuid} ${tok}`, 'invalid_argument', 'wrong_uuid_kind');
  await refusedUnchanged(s, `insert after ${modulatorByName('LFO').uuid} ${tok}`, 'invalid_argument', 'wrong_uuid_kind');
  await refusedUnchanged(s, `insert after 00000000-0000-4000-8000-000000000000 ${tok}`, 'not_found');
  await refusedUnchanged(s, `insert after NOT-A-UUID ${tok}`, 'invalid_argument');
  await refusedUnchanged(s, `insert above ${tool} ${tok}`, 'invalid_argument');
  await refusedUnchanged(s, `insert after ${tool} ${'0'.repeat(64)}`, 'stale', 'stale_selection_token');
  await refusedUnchanged(s, `insert after ${tool} ${tok.toUpperCase()}`, 'invalid_argument');
  await refusedUnchanged(s, `insert after ${tool}`, 'invalid_argument');
  // The token binds the exact selection: after moving it, the old token is stale.
  await s.ok('next');
  await refusedUnchanged(s, `insert after ${tool} ${tok}`, 'stale', 'stale_selection_token');
  // An instrument does not go on an effect track.
  await s.ok('track 9');
  await refusedUnchanged(s, `insert end ${deviceByName('Polysynth').uuid} ${await token(s)}`, 'invalid_argument', 'wrong_uuid_kind');
  // before/after/replace need a selected device; start/end only a track.
  await s.ok('action Create%20Instrument%20Track');
  const empty = await token(s);
  await refusedUnchanged(s, `insert after ${tool} ${empty}`, 'invalid_argument', 'no_selection');
  await refusedUnchanged(s, `insert replace ${tool} ${empty}`, 'invalid_argument', 'no_selection');
  await s.ok(`insert start ${deviceByName('Polysynth').uuid} ${empty}`);
});

test('device-remove SELECTION_TOKEN: removes the exact selected device; do → undo → redo; stale refused', async (t) => {
  const s = await startStack(t);
  const before = s.document();
  const r = await doUndoRedo(s, `device-remove ${await token(s)}`, async (x) => {
    assert.equal((x.removed as Reply).name, 'Poly Grid');
    assert.equal(selectedDeviceName(x), 'Reverb', 'the selection moves to the neighbour');
  });
  assert.equal(typeof (r.removed as Reply).instance_id, 'number');
  await s.ok('undo');
  assert.equal(s.document(), before);
  // Undo brought the device back with its id: its graph commands still resolve.
  const graph = [...s.host.project.descendants()].find((c) => c instanceof Device && c.id === (r.removed as Reply).instance_id);
  assert.ok(graph instanceof Device && graph.grid !== null && graph.grid.modules.length === 10);
  await refusedUnchanged(s, `device-remove ${'a'.repeat(64)}`, 'stale', 'stale_selection_token');
  await s.ok('action Create%20Audio%20Track');
  await refusedUnchanged(s, `device-remove ${await token(s)}`, 'not_found', 'no_selection');
});

test('actions: percent-escaped wire ids; action ID invokes exactly the returned token', async (t) => {
  const s = await startStack(t);
  const list = (await s.ok('actions')).actions as { id: string; raw_id: string }[];
  assert.ok(list.length >= 10);
  const expand = list.find((a) => a.raw_id === 'Expand/Collapse Group')!;
  assert.equal(expand.id, 'Expand%2FCollapse%20Group');
  for (const a of list) assert.match(a.id, /^[A-Za-z0-9\-._~%]+$/);
  assert.deepEqual(
    ((await s.ok('actions metronome')).actions as { id: string }[]).map((a) => a.id),
    ['toggle_metronome'],
  );
  await doUndoRedo(s, 'action Create%20Instrument%20Track', async (r) => {
    assert.equal((r.created as Track).name, 'Instrument 8');
    const tracks = await tracksOf(s);
    assert.equal(tracks[7].name, 'Instrument 8', 'created right after the selected track');
  });
  await doUndoRedo(s, 'action toggle_metronome', (r) => assert.equal(r.metronome, true));
  await s.ok('track 0');
  assert.equal((await s.ok(`action ${expand.id}`)).group_expanded, true);
  assert.equal((await tracksOf(s))[1].hidden, false);
  await refusedUnchanged(s, 'action Create Instrument Track', 'invalid_argument');
  await refusedUnchanged(s, 'action create%20instrument%20track', 'not_found');
  await refusedUnchanged(s, 'action Expand/Collapse%20Group', 'not_found');
  await refusedUnchanged(s, 'action', 'invalid_argument');
});

test('undo / redo act on the latest global operation, whichever surface made it', async (t) => {
  const s = await startStack(t);
  await refusedUnchanged(s, 'undo', 'invalid_argument', 'nothing_to_undo');
  await refusedUnchanged(s, 'redo', 'invalid_argument', 'nothing_to_redo');
  await s.ok('set 3 0.5');
  let light = 0;
  s.engine.history.perform(
    new FunctionCommand(
      'Change light fader',
      () => (light = 1),
      () => (light = 0),
    ),
    { surface: 'console', session: 'c1' },
  );
  const u = await s.ok('undo');
  assert.deepEqual(u.undone, { seq: 2, label: 'Change light fader', surface: 'console', session: 'c1' });
  assert.equal(light, 0, 'protocol-3 undo undid the console change: the history is global');
  assert.equal(u.can_undo, true);
  const r = await s.ok('redo');
  assert.equal((r.redone as Reply).surface, 'console');
  assert.equal(light, 1);
  const h = await s.ok('history');
  assert.equal(h.can_undo, true);
  assert.equal(h.can_redo, false);
  assert.equal((h.next_undo as Reply).label, 'Change light fader');
  assert.equal(h.project_name, 'Footlight Demo');
  await s.fail('undo now', 'invalid_argument');
});

test('undo steps N / to SEQ and redo likewise: one command, every step listed with its seq; bad targets change nothing', async (t) => {
  const s = await startStack(t);
  const start = s.document();
  for (const v of ['0.2', '0.4', '0.6', '0.8']) await s.ok(`set 3 ${v}`);
  const four = s.document();
  const seqs = (await s.ok('history')).next_undo as Reply;
  const top = seqs.seq as number;
  const u = await s.ok('undo steps 3');
  assert.deepEqual(
    (u.steps as Reply[]).map((x) => x.seq),
    [top, top - 1, top - 2],
  );
  assert.equal((u.undone as Reply).seq, top - 2, 'undone: the last step taken back');
  assert.equal((u.next_undo as Reply).seq, top - 3);
  assert.equal(u.undo_depth, 1);
  assert.equal(u.redo_depth, 3);
  const r = await s.ok(`redo to ${top - 1}`);
  assert.deepEqual(
    (r.steps as Reply[]).map((x) => x.seq),
    [top - 2, top - 1],
  );
  assert.equal((r.next_undo as Reply).seq, top - 1);
  await s.ok('redo');
  assert.equal(s.document(), four);
  const back = await s.ok(`undo to ${top - 3}`);
  assert.equal((back.steps as Reply[]).length, 3);
  await s.ok('undo steps 10000');
  assert.equal(s.document(), start, 'every step undone');
  await s.ok('redo steps 4');
  assert.equal(s.document(), four);

  const depths = () => [s.engine.history.undoDepth, s.engine.history.redoDepth, s.engine.history.nextUndo?.seq];
  const before = depths();
  const refusals: [string, RegExp][] = [
    ['undo steps 0', /^steps takes a whole number from 1 to 10000; got 0/],
    ['undo steps 10001', /^steps takes a whole number from 1 to 10000/],
    ['undo steps 1.5', /^N takes a decimal integer/],
    ['undo to 999', /^toSeq 999 is not a step undo can keep: the undo stack holds steps with seqs from 1 to 4/],
    [`undo to ${top}`, /^step 4 is already on top of the history: there is nothing after it to undo/],
    [`redo to ${top}`, /^toSeq 4 is not a step redo can reach: it is already done/],
    ['undo 3', /^undo takes nothing \(one step\), `steps N` or `to SEQ`/],
    ['undo to', /^undo takes nothing/],
    ['redo steps x', /^N takes a decimal integer/],
  ];
  for (const [line, message] of refusals) {
    const f = await refusedUnchanged(s, line, 'invalid_argument');
    assert.match(f.error as string, message, line);
    assert.deepEqual(depths(), before, `${line} left the history as it was`);
  }
  assert.equal(s.document(), four);
});

test('history: project name, modified state from the document, undo/redo availability', async (t) => {
  const s = await startStack(t);
  let h = await s.ok('history');
  assert.equal(h.project_modified, false);
  assert.equal(h.can_undo, false);
  await s.ok('set 3 0.5');
  h = await s.ok('history');
  assert.equal(h.project_modified, true);
  assert.equal(h.can_undo, true);
  await s.ok('undo');
  h = await s.ok('history');
  assert.equal(h.project_modified, false, 'undoing back to the saved document clears modified');
  assert.equal(h.can_redo, true);
});

test('unknown commands and wrong arity name the command and what it takes', async (t) => {
  const s = await startStack(t);
  const u = await refusedUnchanged(s, 'frobnicate 1 2', 'invalid_argument');
  assert.equal(u.command, 'frobnicate');
  assert.match(u.error as string, /unknown command "frobnicate"/);
  assert.match(u.error as string, /graph-set/);
  const a = await refusedUnchanged(s, 'song-transport-tempo abc', 'invalid_argument');
  assert.equal(a.command, 'song-transport-tempo');
  assert.equal(a.usage, 'song-transport-tempo TOKEN BPM');
  assert.match(a.error as string, /takes 2 arguments: song-transport-tempo TOKEN BPM; got 1/);
  await refusedUnchanged(s, '', 'invalid_argument');
  await refusedUnchanged(s, 'PING', 'invalid_argument');
});

test('track actions: create effect / group tracks and delete the selected track, each one undo step', async (t) => {
  const s = await startStack(t);
  await doUndoRedo(s, 'action Create%20Effect%20Track', async (r) => {
    assert.equal((r.created as Track).type, 'effect');
    const tracks = await tracksOf(s);
    assert.deepEqual(
      tracks.slice(-3).map((x) => x.type),
      ['effect', 'effect', 'master'],
      'FX tracks go after the FX tracks, before the master',
    );
  });
  await doUndoRedo(s, 'action Create%20Group%20Track', (r) => assert.equal((r.created as Track).type, 'group'));
  await s.ok('track 0');
  const before = await tracksOf(s);
  await doUndoRedo(s, 'action Delete%20Track', async (r) => {
    assert.equal((r.deleted as Track).name, 'Drums');
    const names = (await tracksOf(s)).map((x) => x.name);
    assert.equal(names.includes('Kick'), false, 'a group is deleted with its children');
  });
  await s.ok('undo');
  assert.deepEqual(
    (await tracksOf(s)).map((x) => [x.name, x.track_id]),
    before.map((x) => [x.name, x.track_id]),
    'undo restores the tracks with their ids',
  );
  await s.ok('track 12');
  await refusedUnchanged(s, 'action Delete%20Track', 'invalid_argument');
  await doUndoRedo(s, 'action toggle_arranger_loop', (r) => assert.equal(r.arranger_loop_enabled, true));
});
