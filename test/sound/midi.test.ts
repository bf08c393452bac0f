import assert from 'node:assert/strict';
import { test } from 'node:test';
import tm from '@tonejs/midi';
import { FootlightError } from '../../src/engine/errors.js';
import { countNoteTracks, deriveSubmission, extractNotes, parseType1, sha256 } from '../../src/sound/model/midi.js';

const { Midi } = tm;

function song(): Uint8Array {
  const m = new Midi();
  m.header.name = 'Title';
  m.header.tempos.push({ ticks: 0, bpm: 140 }, { ticks: 1920, bpm: 70 });
  m.header.timeSignatures.push({ ticks: 0, timeSignature: [6, 8] });
  m.header.meta.push({ text: 'Chorus', type: 'marker', ticks: 1920 });
  m.header.update();
  const a = m.addTrack();
  a.name = 'Lead';
  a.addNote({ midi: 72, ticks: 0, durationTicks: 480, velocity: 1 });
  a.addNote({ midi: 74, ticks: 2400, durationTicks: 120, velocity: 0.5 });
  a.addCC({ number: 64, value: 1, ticks: 100 });
  const b = m.addTrack();
  b.name = 'Pad';
  b.addNote({ midi: 48, ticks: 960, durationTicks: 1920, velocity: 0.7 });
  return Uint8Array.from(m.toArray());
}

test('the submitted derivative drops tempo and meter only; an independent reader agrees', () => {
  const bytes = song();
  const data = parseType1(bytes);
  assert.equal(countNoteTracks(data), 2);
  const derived = deriveSubmission(data);
  assert.deepEqual(derived.removed, { tempo: 2, meter: 1 });
  assert.notEqual(sha256(derived.bytes), sha256(bytes));
  const original = new Midi(bytes);
  const submitted = new Midi(derived.bytes);
  assert.equal(original.header.tempos.length, 2);
  assert.equal(submitted.header.tempos.length, 0, 'no tempo events survive');
  assert.equal(submitted.header.timeSignatures.length, 0, 'no meter events survive');
  assert.deepEqual(submitted.header.meta, original.header.meta, 'markers are kept');
  assert.equal(submitted.header.name, 'Title');
  for (let i = 0; i < 2; i++) {
    const key = (n: { midi: number; ticks: number; durationTicks: number; velocity: number }): string =>
      `${n.midi}/${n.ticks}/${n.durationTicks}/${n.velocity}`;
    assert.deepEqual(submitted.tracks[i].notes.map(key), original.tracks[i].notes.map(key), `track ${i} notes are identical in ticks`);
    assert.deepEqual(submitted.tracks[i].controlChanges, original.tracks[i].controlChanges);
  }
});

test('notes are extracted in quarter-note beats (ticks / PPQ), ignoring tempo', () => {
  const x = extractNotes(parseType1(song()));
  assert.equal(x.ppq, 480);
  assert.equal(x.title, 'Title');
  assert.deepEqual(
    x.tracks.map((t) => t.name),
    ['Lead', 'Pad'],
  );
  assert.deepEqual(
    x.tracks[0].notes.map((n) => [n.pitch, n.start, n.duration, n.velocity]),
    [
      [72, 0, 1, 127],
      [74, 5, 0.25, 63],
    ],
  );
  assert.deepEqual(
    x.tracks[1].notes.map((n) => [n.pitch, n.start, n.duration]),
    [[48, 2, 4]],
  );
  assert.deepEqual(x.markers, [{ name: 'Chorus', beat: 4 }]);
  assert.equal(x.lengthBeats, 6);
});

test('structure checks refuse what is not a strict type-1 file', () => {
  const good = song();
  const bad = (bytes: Uint8Array, pattern: RegExp): void =>
    assert.throws(
      () => parseType1(bytes),
      (e: unknown) => e instanceof FootlightError && e.code === 'invalid_argument' && pattern.test(e.message),
    );
  bad(new Uint8Array(0), /MThd/);
  const type2 = Uint8Array.from(good);
  type2[9] = 2;
  bad(type2, /format 2/);
  const noEot = Uint8Array.from(good);
  // Replace the last End-of-Track (FF 2F 00) with a text meta of length 0 (FF 01 00).
  noEot[noEot.length - 2] = 0x01;
  bad(noEot, /End-of-Track/);
  bad(good.slice(0, 20), /cut off|declares/);
  const ppq0 = Uint8Array.from(good);
  ppq0[12] = 0;
  ppq0[13] = 0;
  bad(ppq0, /ticks per quarter note is 0/);
});
