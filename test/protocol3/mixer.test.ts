import assert from 'node:assert/strict';
import { test } from 'node:test';
import { faderDb, faderFromDb, faderGain } from '../../src/sound/model/mix.js';
import { buildProject, saveProject, type ProjectJson } from '../../src/sound/model/components.js';
import { doUndoRedo, refusedUnchanged, startStack, type Reply, type Stack } from './helpers.js';

type Send = { target_track_id: number; target_name: string; level_db: number; pre_fader: boolean; gain: number };
type TrackRow = Reply & {
  index: number;
  name: string;
  type: string;
  track_id: number;
  volume: number;
  volume_db: number | null;
  volume_display: string;
  pan: number;
  sends: Send[];
  audio_source?: { kind: string; reason: string };
};

const tok = async (s: Stack): Promise<string> => (await s.ok('song-state')).project_token as string;
const rows = async (s: Stack): Promise<TrackRow[]> => (await s.ok('tracks')).tracks as TrackRow[];
const row = async (s: Stack, name: string): Promise<TrackRow> => (await rows(s)).find((r) => r.name === name)!;

test('fader law: gain 2·v³, 0 dB at 2^(−1/3), +6.02 dB at 1, −∞ at 0; dB ↔ position round-trips', () => {
  assert.equal(faderGain(1), 2);
  assert.equal(faderDb(0), -Infinity);
  assert.ok(Math.abs(faderDb(Math.cbrt(0.5))) < 1e-9);
  assert.ok(Math.abs(faderDb(1) - 6.0206) < 1e-4);
  for (const db of [-60, -12, -6, 0, 3, 6]) assert.ok(Math.abs(faderDb(faderFromDb(db)!) - db) < 1e-9, `${db} dB`);
  assert.equal(faderFromDb(6.1), undefined);
  assert.equal(faderFromDb(-Infinity), 0);
});

test('the demo: every main track sends to the Reverb Bus; tracks show volume in dB; audio tracks say they play audio clips', async (t) => {
  const s = await startStack(t);
  const all = await rows(s);
  const bus = all.find((r) => r.name === 'Reverb Bus')!;
  assert.equal(bus.type, 'effect');
  for (const name of ['Drums', 'Snare', 'Bass', 'Chords', 'Lead', 'Texture', 'Vocal']) {
    const r = all.find((x) => x.name === name)!;
    assert.equal(r.sends.length, 1, name);
    assert.equal(r.sends[0].target_track_id, bus.track_id);
    assert.equal(r.sends[0].pre_fader, false);
  }
  const vocal = all.find((r) => r.name === 'Vocal')!;
  assert.ok(Math.abs(vocal.volume - faderFromDb(-6)!) < 1e-12, 'the demo mixes the vocal at -6 dB');
  assert.ok(Math.abs(vocal.volume_db! - -6) < 1e-9);
  assert.equal(vocal.volume_display, '-6 dB');
  assert.equal(vocal.audio_source, undefined, 'an instrument track plays its notes');
  // An audio track says what it plays: its audio clips.
  await s.ok('action Create%20Audio%20Track');
  const audio = (await rows(s)).find((r) => r.type === 'audio')!;
  assert.equal(audio.audio_source?.kind, 'audio_clips');
  assert.match(audio.audio_source!.reason, /play their audio clips/);
  const caps = (await s.ok('song-state')).capabilities as { mix: { send_level_db: number[]; audio_tracks: string } };
  assert.deepEqual(caps.mix.send_level_db, [-96, 6]);
  assert.equal(caps.mix.audio_tracks, 'audio_clips');
});

test('song-track-mix: volume as a position or in dB, pan; one undo step; refusals change nothing', async (t) => {
  const s = await startStack(t);
  const bass = await row(s, 'Bass');
  await doUndoRedo(s, `song-track-mix ${await tok(s)} ${bass.index} -6dB 0.25`, async (r) => {
    assert.equal(r.operation, 'track_mix');
    assert.ok(Math.abs((r.volume_db as number) + 6) < 1e-9);
    assert.equal(r.volume_display, '-6 dB');
    assert.equal(r.pan, 0.25);
    const now = await row(s, 'Bass');
    assert.ok(Math.abs(now.volume - faderFromDb(-6)!) < 1e-12);
  });
  await doUndoRedo(s, `song-track-mix ${await tok(s)} ${bass.index} 0.5 keep`, async (r) => {
    assert.equal(r.volume, 0.5);
    assert.equal(r.pan, 0.25, 'pan kept');
  });
  await doUndoRedo(s, `song-track-mix ${await tok(s)} ${bass.index} -infdB keep`, (r) => {
    assert.equal(r.volume, 0);
    assert.equal(r.volume_db, null);
    assert.equal(r.volume_display, '-inf dB');
  });
  const token = await tok(s);
  const depth = s.engine.history.undoDepth;
  const same = await s.ok(`song-track-mix ${token} ${bass.index} keep keep`);
  assert.equal(same.changed, false);
  assert.equal(s.engine.history.undoDepth, depth, 'no change, no step');
  await refusedUnchanged(s, `song-track-mix ${token} ${bass.index} 1.01 keep`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `song-track-mix ${token} ${bass.index} 6.1dB keep`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `song-track-mix ${token} ${bass.index} keep 1.5`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `song-track-mix ${token} ${bass.index} loud keep`, 'invalid_argument');
  await refusedUnchanged(s, `song-track-mix ${token} ${bass.index} NaNdB keep`, 'invalid_argument');
  await refusedUnchanged(s, `song-track-mix ${token} 99 0.5 keep`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `song-track-mix ${'f'.repeat(64)} ${bass.index} 0.5 keep`, 'stale', 'stale_project_token');
  await s.ok(`song-track-mix ${token} ${bass.index} 0.6 keep`);
  await refusedUnchanged(s, `song-track-mix ${token} ${bass.index} 0.7 keep`, 'stale', 'stale_project_token');
});

test('song-track-send: create, change, pre-fader, remove; one undo step each; refusals change nothing', async (t) => {
  const s = await startStack(t);
  await s.ok(`action ${encodeURIComponent('Create Effect Track').replace(/%20/g, '%20')}`);
  const fx2 = await row(s, 'Effect 2');
  const kick = await row(s, 'Kick');
  await doUndoRedo(s, `song-track-send ${await tok(s)} ${kick.index} ${fx2.index} -12 true`, async (r) => {
    assert.equal(r.operation, 'track_send');
    assert.equal(r.previous, null);
    assert.deepEqual(
      { ...(r.send as Send), gain: undefined },
      { target_track_id: fx2.track_id, target_name: 'Effect 2', level_db: -12, level_display: '-12 dB', gain: undefined, pre_fader: true },
    );
    assert.equal((await row(s, 'Kick')).sends.length, 1);
  });
  await doUndoRedo(s, `song-track-send ${await tok(s)} ${kick.index} ${fx2.index} keep false`, (r) => {
    assert.equal((r.send as Send).level_db, -12);
    assert.equal((r.send as Send).pre_fader, false);
  });
  const lead = await row(s, 'Lead');
  const bus = await row(s, 'Reverb Bus');
  await doUndoRedo(s, `song-track-send ${await tok(s)} ${lead.index} ${bus.index} off keep`, async (r) => {
    assert.equal(r.send, null);
    assert.equal((r.previous as Send).level_db, -16);
    assert.equal((await row(s, 'Lead')).sends.length, 0);
  });
  const token = await tok(s);
  const master = await row(s, 'Master');
  await refusedUnchanged(s, `song-track-send ${token} ${lead.index} ${bus.index} 6.5 false`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `song-track-send ${token} ${lead.index} ${bus.index} -97 false`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `song-track-send ${token} ${lead.index} ${master.index} -6 false`, 'invalid_argument');
  await refusedUnchanged(s, `song-track-send ${token} ${bus.index} ${fx2.index} -6 false`, 'invalid_argument');
  await refusedUnchanged(s, `song-track-send ${token} ${kick.index} ${kick.index} -6 false`, 'invalid_argument');
  await refusedUnchanged(s, `song-track-send ${token} ${(await row(s, 'Hats')).index} ${bus.index} keep true`, 'invalid_argument');
  await refusedUnchanged(s, `song-track-send ${token} ${lead.index} ${bus.index} -6 maybe`, 'invalid_argument');
  await refusedUnchanged(s, `song-track-send ${'0'.repeat(64)} ${lead.index} ${bus.index} -6 false`, 'stale', 'stale_project_token');
});

test('deleting an effect track drops the sends to it in the same undo step; undo brings both back', async (t) => {
  const s = await startStack(t);
  const bus = await row(s, 'Reverb Bus');
  await s.ok(`track ${bus.index}`);
  const before = s.document();
  const depth = s.engine.history.undoDepth;
  await s.ok(`action ${'Delete%20Track'}`);
  assert.equal(s.engine.history.undoDepth, depth + 1);
  for (const r of await rows(s)) assert.equal(r.sends.length, 0, r.name);
  await s.ok('undo');
  assert.equal(s.document(), before);
  assert.equal((await row(s, 'Lead')).sends[0].target_track_id, bus.track_id);
});

test('sends survive a project file round trip (by fx index) and bad sends are refused on load', () => {
  const s0 = {
    name: 'P',
    tempo: 120,
    meter: { numerator: 4, denominator: 4 },
    arranger_loop: { enabled: false, start: 0, duration: 16 },
    metronome: false,
    cue_markers: [],
  };
  const tr = (name: string, type: 'instrument' | 'effect' | 'master', extra = {}) => ({
    name,
    type,
    muted: false,
    armed: false,
    solo: false,
    volume: 0.8,
    pan: 0,
    group_expanded: true,
    devices: [],
    clips: [],
    ...extra,
  });
  const doc = {
    ...s0,
    tracks: [tr('A', 'instrument', { sends: [{ fx_index: 1, level_db: -3, pre_fader: true }] })],
    fx: [tr('F0', 'effect'), tr('F1', 'effect')],
    master: tr('M', 'master'),
  } as unknown as ProjectJson;
  const p = buildProject(doc);
  assert.equal(p.tracks.at(0)!.sends[0].target, p.fx.at(1));
  assert.deepEqual(saveProject(p, { ids: false }).tracks[0].sends, [{ fx_index: 1, level_db: -3, pre_fader: true }]);
  const bad = (sends: unknown, where = 'tracks'): ProjectJson =>
    ({
      ...doc,
      [where]: where === 'tracks' ? [tr('A', 'instrument', { sends })] : [tr('F0', 'effect', { sends }), tr('F1', 'effect')],
    }) as unknown as ProjectJson;
  assert.throws(() => buildProject(bad([{ fx_index: 2, level_db: 0, pre_fader: false }])), /fx_index/);
  assert.throws(() => buildProject(bad([{ fx_index: 0, level_db: 7, pre_fader: false }])), /level_db/);
  assert.throws(
    () =>
      buildProject(
        bad([
          { fx_index: 0, level_db: 0, pre_fader: false },
          { fx_index: 0, level_db: -1, pre_fader: false },
        ]),
      ),
    /twice/,
  );
  assert.throws(() => buildProject(bad([{ target_id: 5, level_db: 0, pre_fader: false }])), /fx_index/);
  assert.throws(() => buildProject(bad([{ fx_index: 1, level_db: 0, pre_fader: false }], 'fx')), /has no sends/);
});
