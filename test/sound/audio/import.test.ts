import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import tm from '@tonejs/midi';
import { saveProject, type TrackJson } from '../../../src/sound/model/components.js';
import { b64, startStack, tempDir } from '../../protocol3/helpers.js';
import { onsets, render } from './helpers.js';

const { Midi } = tm;

test("a MIDI file imported over protocol 3 sounds on its default instrument; onsets land within 1 ms of the notes' beats at the project tempo", async (t) => {
  const s = await startStack(t);
  const m = new Midi();
  const part = m.addTrack();
  part.name = 'Keys';
  part.channel = 0;
  // Off-grid ticks (480 per beat), at least 0.3 s apart at 93 BPM so each onset stands alone.
  const ticks = [0, 337, 960, 1401, 2000, 2881, 3500];
  for (const tick of ticks) part.addNote({ midi: 69, ticks: tick, durationTicks: 40, velocity: 0.8 });
  const bytes = Uint8Array.from(m.toArray());
  const dir = await tempDir(t, 'footlight-audio-midi-');
  const path = join(dir, 'keys.mid');
  await writeFile(path, bytes);
  const token = (await s.ok('song-state')).project_token as string;
  await s.ok(`song-import ${token} ${createHash('sha256').update(bytes).digest('hex')} 1 ${b64(path)}`);
  const doc = saveProject(s.host.project, { ids: false });
  const find = (list: readonly TrackJson[]): TrackJson | undefined => {
    for (const x of list) {
      if (x.name === 'Keys' && x.clips.length > 0) return x;
      const c = find(x.children ?? []);
      if (c !== undefined) return c;
    }
    return undefined;
  };
  const keys = find(doc.tracks);
  assert.ok(keys !== undefined, 'the imported track');
  assert.equal(keys.devices[0]?.name, 'Polysynth', 'the import gave it an instrument');
  // Only the imported track, at a tempo that is not a round number of samples per beat.
  const tempo = 93;
  const r = render({ ...doc, tempo, tracks: [keys], fx: [] }, { seconds: 5.5 });
  const found = onsets(r.left, 1e-3, 480);
  const beats = keys.clips.flatMap((c) => c.notes.map((n) => c.start + n[1]));
  assert.equal(found.length, ticks.length);
  beats.forEach((b, i) => {
    const expected = (b * 60) / tempo;
    assert.ok(Math.abs(found[i] / r.sampleRate - expected) <= 0.001, `note ${i}: ${found[i] / r.sampleRate} s vs ${expected} s`);
  });
});
