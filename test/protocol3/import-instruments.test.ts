import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import tm from '@tonejs/midi';
import { deviceByName } from '../../src/sound/model/catalog.js';
import { b64, startStack, tempDir } from './helpers.js';

const { Midi } = tm;

test('song-import: every new track gets an instrument (drums a Sampler on the built-in kit, others a Polysynth); undo removes them', async (t) => {
  const s = await startStack(t);
  const m = new Midi();
  const keys = m.addTrack();
  keys.name = 'Keys';
  keys.channel = 0;
  keys.addNote({ midi: 60, ticks: 0, durationTicks: 480, velocity: 0.8 });
  const beat = m.addTrack();
  beat.name = 'Groove';
  beat.channel = 9; // General MIDI percussion
  [36, 42, 38, 42].forEach((midi, i) => beat.addNote({ midi, ticks: i * 240, durationTicks: 120, velocity: 0.8 }));
  const named = m.addTrack();
  named.name = 'Drums';
  named.channel = 2;
  named.addNote({ midi: 36, ticks: 0, durationTicks: 120, velocity: 0.8 });
  const bytes = Uint8Array.from(m.toArray());
  const dir = await tempDir(t, 'footlight-midi-');
  const path = join(dir, 'parts.mid');
  await writeFile(path, bytes);
  const token = (await s.ok('song-state')).project_token as string;
  const before = s.document();
  const r = await s.ok(`song-import ${token} ${createHash('sha256').update(bytes).digest('hex')} 3 ${b64(path)}`);
  const observed = r.host_observed as { tracks: { name: string; track_id: number; instrument_assigned: boolean }[] };
  assert.ok(
    observed.tracks.every((x) => x.instrument_assigned),
    'every imported track has an instrument',
  );
  const chain = (name: string) => {
    const id = observed.tracks.find((x) => x.name === name)!.track_id;
    const tr = [...s.host.project.descendants()].find((c) => c.id === id) as unknown as {
      devices: { items: { spec: { name: string }; native: Map<string, { getBaseValue(): number }> }[] };
    };
    return tr.devices.items;
  };
  assert.deepEqual(
    chain('Keys').map((d) => d.spec.name),
    ['Polysynth'],
  );
  assert.deepEqual(
    chain('Groove').map((d) => d.spec.name),
    ['Sampler'],
  );
  assert.equal(chain('Groove')[0].native.get('SAMPLE')!.getBaseValue(), 0, 'the whole kit, by the GM drum map');
  assert.deepEqual(
    chain('Drums').map((d) => d.spec.name),
    ['Sampler'],
    'a drum name is enough',
  );
  assert.ok(deviceByName('Sampler').params.some((p) => p.id === 'SAMPLE'));
  await s.ok('undo');
  assert.equal(s.document(), before, 'undo of the import removes the tracks and their instruments');
});
