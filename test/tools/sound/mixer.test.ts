import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startSound } from './helpers.js';

test('song_set_track_mix and song_set_track_send reach the host through protocol 3; undo restores; bad input changes nothing', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const history = async () => (await show.call('sound_get_history')).native;
  const inv = async () => (await show.call('song_get_state')).native.inventory.tracks as Record<string, any>[];
  const bass = (await inv()).find((x) => x.name === 'Bass')!;
  const bus = (await inv()).find((x) => x.name === 'Reverb Bus')!;

  const mix = await show.call('song_set_track_mix', { track_index: bass.index, volume_db: -6, pan: -0.5 });
  assert.equal(mix.status, 'completed');
  assert.equal(mix.command.split(' ').slice(2).join(' '), `${bass.index} -6dB -0.5`);
  assert.equal(mix.native.volume_display, '-6 dB');
  assert.equal(mix.native.pan, -0.5);
  await show.call('sound_undo');
  assert.equal((await inv()).find((x) => x.name === 'Bass')!.volume, bass.volume, 'undo restores the fader');

  const send = await show.call('song_set_track_send', { track_index: bass.index, fx_index: bus.index, level_db: -3, pre_fader: true });
  assert.equal(send.status, 'completed');
  assert.deepEqual([send.native.send.level_db, send.native.send.pre_fader], [-3, true]);
  const off = await show.call('song_set_track_send', { track_index: bass.index, fx_index: bus.index, level_db: 'off' });
  assert.equal(off.native.send, null);
  assert.equal((await inv()).find((x) => x.name === 'Bass')!.sends.length, 0);
  await show.call('sound_undo');
  assert.equal((await inv()).find((x) => x.name === 'Bass')!.sends[0].level_db, -3);

  const before = { h: await history(), inv: await inv() };
  assert.match(
    await show.callError('song_set_track_mix', { track_index: bass.index, volume: 0.5, volume_db: -3 }),
    /^invalid_argument: give volume .* or volume_db, not both/,
  );
  assert.match(await show.callError('song_set_track_mix', { track_index: bass.index }), /^invalid_argument: give volume/);
  assert.match(await show.callError('song_set_track_mix', { track_index: bass.index, volume_db: 7 }), /^invalid_argument: volume_db/);
  assert.match(await show.callError('song_set_track_send', { track_index: bass.index, fx_index: bus.index }), /^invalid_argument: give level_db/);
  assert.match(await show.callError('song_set_track_send', { track_index: bass.index, fx_index: bus.index, level_db: 9 }), /^invalid_argument: level_db/);
  const toMaster = await show.call('song_set_track_send', { track_index: bass.index, fx_index: bus.index + 1, level_db: -6 });
  assert.equal(toMaster.status, 'refused', 'the host refuses a send to the master track');
  assert.equal(toMaster.code, 'invalid_argument');
  assert.deepEqual({ h: await history(), inv: await inv() }, before, 'refusals changed nothing, history included');
});

test("grid_set_cord_amount: sets a modulator cord's depth through guard REV graph-set-amount, verified; undo restores; refusals change nothing", async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const graph = async () => (await show.call('grid_get_state')).native;
  const g0 = await graph();
  const lfo = g0.modulators.find((m: { name: string }) => m.name === 'LFO');
  const cord = g0.connections.find((c: { source: number }) => c.source === lfo.id);
  const r = await show.call('grid_set_cord_amount', {
    source_id: lfo.id,
    source_port: 0,
    target_id: cord.target,
    target_port: cord.target_port,
    amount: -0.25,
    expected_revision: g0.revision,
  });
  assert.equal(r.status, 'completed');
  assert.equal(r.command, `guard ${g0.revision} graph-set-amount ${lfo.id} 0 ${cord.target} ${cord.target_port} -0.25`);
  assert.equal(r.verification.ok, true);
  assert.equal((await graph()).connections.find((c: { source: number }) => c.source === lfo.id).amount, -0.25);
  await show.call('sound_undo');
  const g1 = await graph();
  assert.equal(g1.revision, g0.revision);
  assert.match(
    await show.callError('grid_set_cord_amount', { source_id: lfo.id, source_port: 0, target_id: cord.target, target_port: 0, amount: 0.5 }),
    /^not_found: no cord from LFO/,
  );
  assert.match(
    await show.callError('grid_set_cord_amount', { source_id: lfo.id, source_port: 0, target_id: cord.target, target_port: cord.target_port, amount: 2 }),
    /^invalid_argument: amount/,
  );
  assert.equal((await graph()).revision, g0.revision, 'refusals changed nothing');
});

test('sound_set_device_parameter: polyphony, the Sampler source and Arpeggiator sync through device-param-set; refusals change nothing', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const tracks = (await show.call('sound_list_tracks')).native.tracks as { index: number; name: string }[];
  await show.call('sound_select_track', { index: tracks.find((x) => x.name === 'Kick')!.index });
  const state = async () => (await show.call('sound_get_device_state')).native;
  const s0 = await state();
  assert.equal(s0.parameters.find((p: { id: string }) => p.id === 'SAMPLE').display, 'Kick');
  const r = await show.call('sound_set_device_parameter', { parameter_id: 'VOICES', value: 2, selection_token: s0.selection_token });
  assert.equal(r.status, 'completed');
  assert.match(r.command, /^device-param-set Vk9JQ0VT 2 [0-9a-f]{64}$/);
  assert.equal(r.native.parameter.value, 2);
  await show.call('sound_undo');
  assert.equal((await state()).parameters.find((p: { id: string }) => p.id === 'VOICES').value, 4);
  assert.match(
    await show.callError('sound_set_device_parameter', { parameter_id: 'NOPE', value: 1 }),
    /^not_found: .*has no parameter with the exact id "NOPE"/,
  );
  const frac = await show.call('sound_set_device_parameter', { parameter_id: 'VOICES', value: 1.5 });
  assert.equal(frac.status, 'refused');
  assert.equal(frac.code, 'invalid_argument');
  assert.deepEqual((await state()).parameters, s0.parameters, 'refusals changed nothing');
});
