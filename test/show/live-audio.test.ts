// Live equals offline: live, the light hears the live engine's own output (no second render), the
// master or the chosen track post-fader, as the output plays it; the samples are bit for bit the
// ones the offline path (render-show) hands the light, so the same audio gives the same light.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AudioEngine } from '../../src/sound/audio/dsp/engine.js';
import { BLOCK } from '../../src/sound/audio/dsp/math.js';
import { buildPlan, lightTapIndex } from '../../src/sound/audio/plan.js';
import { saveProject } from '../../src/sound/model/components.js';
import { startPlayback } from '../../src/sound/operations/song.js';
import { startShow } from '../helpers/show.js';

/** The offline tap: the song from `from`, the master or `track` post-fader, mono, as song-audio.ts hands it to the light. */
function offlineTap(song: ReturnType<typeof saveProject>, track: string | undefined, from: number, seconds: number): Float32Array {
  const plan = buildPlan(song);
  const engine = new AudioEngine(plan, 48000);
  engine.seek(from);
  engine.play();
  const out = new Float32Array(Math.ceil((seconds * 48000) / BLOCK) * BLOCK);
  const l = new Float32Array(BLOCK);
  const r = new Float32Array(BLOCK);
  for (let at = 0; at < out.length; at += BLOCK) {
    engine.render(l, r);
    engine.tapMono(lightTapIndex(plan, track), out, at);
  }
  return out;
}

/** Where `probe` starts in `got`, or −1. */
function find(got: Float32Array, probe: Float32Array): number {
  for (let i = 0; i + probe.length <= got.length; i++) {
    let k = 0;
    while (k < probe.length && got[i + k] === probe[k]) k++;
    if (k === probe.length) return i;
  }
  return -1;
}

for (const track of [undefined, 'Kick']) {
  test(`live, the light hears the live engine's ${track ?? 'master'} output as it is played, bit for bit what render-show's path hears`, async (t) => {
    const show = await startShow(t, { realtime: true, liveAudio: 'clock', demo: 'stage', ...(track === undefined ? {} : { audioTrack: track }) });
    const app = show.app;
    await app.live!.ready;
    // Every frame, after the light rendered: the blocks its audio input took in, and whether the
    // transport (the position heard) stays behind what the worker has rendered.
    const got: number[] = [];
    let next = -1;
    let ahead = 0;
    const off = app.engine.clock.onFrame(() => {
      const input = app.light.lx.audioInput;
      if (input === null) return;
      if (next < 0) next = input.frameBlock;
      for (; next < input.blockCount; next++) for (const v of input.block(next) ?? []) got.push(v);
      // (song-state gives the rendered position to 4 decimals; a starved output plays right up to it.)
      const m = app.live!.meters() as { available: boolean; observed_at?: { beat: number; playing: boolean } };
      if (m.available && m.observed_at!.playing && app.sound.transport.playing && app.sound.transport.position > m.observed_at!.beat + 1e-3) ahead++;
    });
    t.after(off);
    // Play from the bar of the tapped track's first note (the master: the song's), so what is heard is not silence.
    const song = await app.engine.queue.submit(() => saveProject(app.sound.project, { ids: false }));
    const plan = buildPlan(song);
    const notes = (track === undefined ? plan.tracks : [plan.tracks[lightTapIndex(plan, track)]]).flatMap((x) => x.notes.map((n) => n.on));
    const from = Math.floor(Math.min(...notes) / 4) * 4;
    await app.engine.queue.submit(() => {
      app.sound.transport.position = from;
      startPlayback(app.sound);
    });
    const expected = offlineTap(song, track, from, 6);
    // Wait for what is compared: 1.5 s of the song after its first sounding samples (bounded: a loaded machine is slow).
    const first = expected.findIndex((v) => v !== 0);
    const probe = expected.subarray(first, first + 512);
    let start = -1;
    for (let i = 0; i < 600 && (start < 0 || got.length - start < 72000); i++) {
      await new Promise((r) => setTimeout(r, 50));
      if (start < 0) {
        const at = find(Float32Array.from(got), probe);
        if (at >= 0) start = at - first;
      }
    }
    off();
    assert.ok(start >= 0, 'the song from its first sample reached the light');
    const heard = Float32Array.from(got).subarray(start);
    assert.ok(heard.length >= 72000, `${heard.length} samples heard`);
    let mismatch = -1;
    for (let i = 0; i < Math.min(heard.length, expected.length); i++)
      if (heard[i] !== expected[i]) {
        mismatch = i;
        break;
      }
    assert.equal(mismatch, -1, `the light's samples equal the offline tap (first difference at sample ${mismatch})`);
    assert.equal(ahead, 0, 'the transport reads the position heard, behind what the worker rendered ahead');
    if (from === 0) {
      // The stage demo's Intro cue sits at beat 0: it fired when playback started, live.
      const intro = await app.engine.queue.submit(() => app.light.lx.clips.sceneClips(0).map((c) => c.cursor));
      assert.ok(intro.length > 0 && intro.every((ms) => ms > 0), `the Intro scene's clips played: cursors ${intro.join(', ')}`);
    }
  });
}
