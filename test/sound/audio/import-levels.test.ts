import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { encodeWav24 } from '../../../src/sound/audio/wav.js';
import { saveProject, type TrackJson } from '../../../src/sound/model/components.js';
import { compileSongPlan, SongPlan } from '../../../src/sound-client/song-plan.js';
import { b64, startStack, tempDir } from '../../protocol3/helpers.js';
import { project, render } from './helpers.js';

// A MIDI import must sound at once without clipping: the default instruments and faders keep
// the imported parts, summed, under −1 dBTP — measured by ffmpeg's ebur128, not by the engine.

const bars = [{ name: 'A', bars: 8 }];
const drums = (velocity: number) => ({
  name: 'Drums',
  channel: 10,
  patterns: [
    { steps: [36, null, 38, null], velocity },
    { steps: [42], step_beats: 0.5, velocity },
    { steps: [49, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null], velocity },
  ],
});
const parts = (velocity: number) => [
  drums(velocity),
  { name: 'Bass', patterns: [{ steps: ['C1', 'C1', 'G1', 'Bb1'], step_beats: 0.5, velocity }] },
  {
    name: 'Chords',
    patterns: [
      {
        steps: [
          ['C3', 'E3', 'G3', 'Bb3'],
          ['F3', 'A3', 'C4', 'E4'],
        ],
        step_beats: 4,
        velocity,
      },
    ],
  },
  { name: 'Lead', patterns: [{ steps: ['C5', 'D5', 'E5', 'G5', 'A5', 'G5', 'E5', 'D5'], step_beats: 0.5, velocity }] },
];

/** Eight parts: the four above and four more (toms and ride, a second bass line, pads, a counter-melody). */
const eightParts = (velocity: number) => [
  ...parts(velocity),
  { name: 'Perc', channel: 10, patterns: [{ steps: [45, 47, 50, 51], step_beats: 0.5, velocity }] },
  { name: 'Sub', patterns: [{ steps: ['G0', 'C1'], step_beats: 2, velocity }] },
  { name: 'Pad', patterns: [{ steps: [['G2', 'D3', 'G3']], step_beats: 8, velocity }] },
  { name: 'Counter', patterns: [{ steps: ['E4', null, 'G4', 'A4'], velocity }] },
];

async function importedMix(
  t: Parameters<typeof startStack>[0],
  velocity: number,
  eight = false,
): Promise<{ truePeak: number; lufs: number; soloTruePeak: Record<string, number> }> {
  const s = await startStack(t);
  const song = compileSongPlan(SongPlan.parse({ title: 'Four parts', tempo: 120, sections: bars, parts: eight ? eightParts(velocity) : parts(velocity) }));
  const dir = await tempDir(t, 'footlight-import-levels-');
  const path = join(dir, 'song.mid');
  await writeFile(path, song.bytes);
  const token = (await s.ok('song-state')).project_token as string;
  await s.ok(`song-import ${token} ${song.sha256} ${song.note_track_count} ${b64(path)}`);
  const doc = saveProject(s.host.project, { ids: false });
  const group = doc.tracks.find((x: TrackJson) => x.name === 'Four parts');
  assert.ok(group !== undefined, 'the imported group');
  const measure = async (tracks: TrackJson[], name: string) => {
    const r = render(project(tracks, { tempo: 120 }), { seconds: 16 });
    const file = join(dir, `${name}.wav`);
    await writeFile(file, encodeWav24([r.left, r.right], r.sampleRate).bytes);
    const ff = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'ebur128=peak=true', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
    const summary = ff.slice(ff.lastIndexOf('Summary:'));
    return { truePeak: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]), lufs: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]) };
  };
  const mix = await measure([group], 'mix');
  const soloTruePeak: Record<string, number> = {};
  for (const child of group.children ?? []) soloTruePeak[child.name] = (await measure([{ ...group, children: [child] }], child.name)).truePeak;
  return { ...mix, soloTruePeak };
}

for (const [velocity, eight] of [
  [100, false],
  [127, false],
  [127, true],
] as const) {
  test(`${eight ? 'an eight' : 'a four'}-part MIDI import at velocity ${velocity} stays under −1 dBTP, summed and alone, not quiet`, async (t) => {
    const m = await importedMix(t, velocity, eight);
    t.diagnostic(JSON.stringify(m));
    assert.ok(m.truePeak <= -1, `the mix peaks at ${m.truePeak} dBTP`);
    for (const [name, tp] of Object.entries(m.soloTruePeak)) assert.ok(tp <= -1, `${name} alone peaks at ${tp} dBTP`);
    assert.ok(m.lufs >= -26, `the mix is ${m.lufs} LUFS`);
  });
}
