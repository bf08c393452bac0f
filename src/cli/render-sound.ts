import { closeSync, fsyncSync, openSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { beginOutput, writeFileAtomic } from '../app/atomic-write.js';
import { checkOutputFile, checkOutputFolder, makeFolders } from '../app/output-path.js';
import { isFootlightError } from '../engine/errors.js';
import type { RenderPlan } from '../sound/audio/dsp/plan.js';
import { integratedLoudness, LoudnessMeter, samplePeak, toDb } from '../sound/audio/loudness.js';
import {
  MAX_RENDER_SECONDS,
  rangeFrames,
  renderBlocks,
  renderOffline,
  RENDER_SAMPLE_RATE,
  type RenderRange,
  type StreamedRender,
} from '../sound/audio/offline.js';
import { buildPlan } from '../sound/audio/plan.js';
import { renderStems, type Stem, type StemMode } from '../sound/audio/stems.js';
import { TruePeakMeter, truePeak } from '../sound/audio/true-peak.js';
import { encodeWav24, Wav24Stream } from '../sound/audio/wav.js';
import { ltcRequest, withLtc } from './ltc-track.js';
import { buildProject, saveProject, type ProjectJson } from '../sound/model/components.js';
import { projectFilePath, readProjectFile } from '../sound/model/project-file.js';
import { SampleFolder } from '../sound/samples/folder.js';
import { SampleStore } from '../sound/samples/store.js';

export interface RenderSoundOptions {
  readonly project?: string;
  readonly seconds?: number;
  readonly from?: number;
  readonly to?: number;
  readonly out: string;
  /** A folder for one WAV per track (stems.ts). */
  readonly stems?: string;
  readonly stemsMode?: StemMode;
  /** The sample folder the project's Sampler zones load from. */
  readonly samples?: string;
  /** `--ltc [left|right]`: LTC on that channel (right when true), the mix in mono on the other (ltc-track.ts). */
  readonly ltc?: string | boolean;
  readonly timecodeRate?: string;
  readonly timecodeOffset?: string;
}

/** A sound project folder (holding PromptTrack/PromptTrack.bwproject) or the .bwproject file itself. */
async function loadProject(path: string): Promise<ProjectJson> {
  const p = resolve(path);
  const file = (await stat(p).catch(() => null))?.isDirectory() === true ? projectFilePath(p) : p;
  const json = await readProjectFile(file);
  try {
    // Built through the model, so a render sees exactly what the host would open.
    return saveProject(buildProject(json), { ids: false });
  } catch (err) {
    throw new Error(`${file} is not a valid sound project: ${(err as Error).message}`);
  }
}

function progressBar(): ((done: number) => void) | undefined {
  if (process.stderr.isTTY !== true) return undefined;
  let last = -1;
  return (done) => {
    const pct = Math.floor(done * 100);
    if (pct === last) return;
    last = pct;
    const width = 30;
    const fill = Math.round(done * width);
    process.stderr.write(`\r[${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${String(pct).padStart(3)} %${done >= 1 ? '\n' : ''}`);
  };
}

const fmt = (db: number, unit: string): string => (db === -Infinity ? `-inf ${unit}` : `${db.toFixed(2)} ${unit}`);

/** Peak, true peak and integrated loudness, as the summary line says them. */
function levelsText(peak: number, tp: number, lufs: number): string {
  return `peak ${fmt(toDb(peak), 'dBFS')}, true peak ${fmt(toDb(tp), 'dBTP')}, integrated ${fmt(lufs, 'LUFS')}`;
}

/** Peak, true peak and integrated loudness of a whole signal as written. */
function levels(ch: readonly Float32Array[]): string {
  const peak = samplePeak(ch);
  return levelsText(peak, truePeak(ch, peak), integratedLoudness(ch, RENDER_SAMPLE_RATE));
}

/**
 * Renders the mix straight into the WAV, block by block, metering the samples as written: memory
 * stays a few blocks however long the song (whole-song arrays cost more CPU in page faults than
 * the quantizing itself). The file appears whole or not at all (beginOutput).
 */
async function streamMix(plan: RenderPlan, range: RenderRange, path: string): Promise<{ info: StreamedRender; clipped: number; levels: string }> {
  const { frames } = rangeFrames(plan, range, RENDER_SAMPLE_RATE);
  const output = await beginOutput(path);
  const fd = openSync(output.temp, 'w');
  try {
    const wav = new Wav24Stream(fd, 2, RENDER_SAMPLE_RATE, frames);
    const block: Float32Array[] = [new Float32Array(0), new Float32Array(0)];
    const peaks = new TruePeakMeter(2);
    // The values as written go straight into the true-peak meter's windows, and the loudness meter reads them there:
    // one pass over the samples writes the file, the sample peak and the true-peak window.
    const written = [peaks.input(0), peaks.input(1)];
    const loudness = new LoudnessMeter(2, RENDER_SAMPLE_RATE);
    const info = renderBlocks(
      plan,
      range,
      (l, r, n) => {
        block[0] = l;
        block[1] = r;
        const at = peaks.inputAt;
        wav.write(block, n, written, at);
        // While the two sides are the same samples (a centred mono source), each meter measures one for both.
        const alike = wav.alike;
        loudness.push(written, n, at, alike);
        peaks.pushed(n, wav.samplePeak, alike);
      },
      progressBar(),
    );
    wav.finish();
    fsyncSync(fd);
    closeSync(fd);
    const peak = peaks.samplePeak;
    const text = levelsText(peak, peaks.finish(), loudness.finish());
    await output.commit();
    return { info, clipped: wav.clipped, levels: text };
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      // already closed: the failure came after
    }
    await output.abort();
    throw err;
  }
}

/** One WAV per stem, `NN-name.wav` by bank position, and one summary line each. */
async function writeStems(dir: string, stems: readonly Stem[], mode: StemMode): Promise<void> {
  await makeFolders(dir);
  for (const s of stems) {
    const file = join(dir, `${String(s.index).padStart(2, '0')}-${s.name.replace(/[^\w.-]+/g, '_').slice(0, 64)}.wav`);
    const wav = encodeWav24([s.left, s.right], RENDER_SAMPLE_RATE);
    await writeFileAtomic(file, wav.bytes);
    const into = mode === 'post-master' ? 'soloed through the master' : s.feedsMaster ? 'into the master' : 'into its group';
    process.stdout.write(`  stem ${file}: ${s.type} "${s.name}" ${into}; ${levels(wav.written)}, ${wav.clipped} clipped samples\n`);
  }
}

/**
 * `footlight render-sound [--project DIR] [--seconds N | --from BEAT --to BEAT] --out FILE.wav
 * [--stems DIR [--stems-mode pre-master|post-master]] [--ltc [left|right] [--timecode-rate R] [--timecode-offset TC]]`:
 * renders the arranger offline to a 48 kHz stereo 24-bit WAV and prints one summary line, and with --stems one WAV
 * and line per track. With --ltc, one channel carries LTC of the song position and the other the mix in mono.
 */
export async function renderSound(options: RenderSoundOptions): Promise<void> {
  try {
    // Every bound before any work: where it writes, and how long it may render.
    const out = await checkOutputFile(options.out);
    if (options.seconds !== undefined && (options.from !== undefined || options.to !== undefined)) throw new Error('give --seconds or --from/--to, not both');
    if (options.seconds !== undefined && options.seconds > MAX_RENDER_SECONDS)
      throw new Error(`a render is at most ${MAX_RENDER_SECONDS} s; this one would be ${options.seconds} s`);
    if (options.from !== undefined && options.to !== undefined && options.to <= options.from)
      throw new Error(`--to (${options.to}) must be after --from (${options.from})`);
    const ltc = ltcRequest(options.ltc, options.timecodeRate, options.timecodeOffset);
    const stemsDir = options.stems === undefined ? undefined : await checkOutputFolder(options.stems);
    const json = options.project !== undefined ? await loadProject(options.project) : (await import('../sound/demo.js')).demoProject();
    // Sampler zones load from the sample folder; a missing sample is reported below (not rendered) and its zone is silent.
    const samples = new SampleStore(options.samples === undefined ? null : await SampleFolder.open(options.samples));
    await samples.preload(json);
    const plan = buildPlan(json, samples);
    const range = { fromBeat: options.from, toBeat: options.to, seconds: options.seconds };
    // process.hrtime, not performance.now: the global `performance` loads perf_hooks and a dozen modules behind it.
    const started = process.hrtime.bigint();
    const report = (r: StreamedRender, text: string, clipped: number): void => {
      const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
      for (const s of r.notRendered) process.stderr.write(`not rendered: ${s.track} › ${s.device}: ${s.reason}\n`);
      const speed = elapsed > 0 ? `${(r.seconds / elapsed).toFixed(0)}× real time` : 'instant';
      process.stdout.write(
        `${options.out}: ${r.seconds.toFixed(3)} s from beat ${r.fromBeat}, 48 kHz stereo 24-bit; ${text}, ${clipped} clipped samples; rendered at ${speed}\n`,
      );
    };
    if (ltc === undefined && stemsDir === undefined) {
      const mix = await streamMix(plan, range, out);
      report(mix.info, mix.levels, mix.clipped);
      return;
    }
    // LTC is made from the whole mix, and stems are compared with it: these keep the song in memory.
    const { mix: r, stems } =
      stemsDir === undefined
        ? { mix: renderOffline(plan, range, progressBar()), stems: [] }
        : renderStems(plan, range, options.stemsMode ?? 'pre-master', progressBar());
    // With --ltc the timecode is the song position: the render's start beat at the song's tempo, plus the offset.
    const withTimecode = ltc === undefined ? undefined : withLtc(r.left, r.right, (r.fromBeat * 60) / plan.tempo, RENDER_SAMPLE_RATE, ltc);
    const wav = encodeWav24(withTimecode?.channels ?? [r.left, r.right], RENDER_SAMPLE_RATE);
    await writeFileAtomic(out, wav.bytes);
    report(r, levels(wav.written), wav.clipped);
    if (withTimecode !== undefined) process.stdout.write(`  ${withTimecode.summary}\n`);
    if (stemsDir !== undefined) await writeStems(stemsDir, stems, options.stemsMode ?? 'pre-master');
  } catch (err) {
    process.stderr.write(`footlight render-sound: ${isFootlightError(err) ? `${err.code}: ${err.message}` : (err as Error).message}\n`);
    process.exitCode = 1;
  }
}
