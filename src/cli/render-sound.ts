import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { writeFileAtomic } from '../app/atomic-write.js';
import { checkOutputFile } from '../app/output-path.js';
import { isFootlightError } from '../engine/errors.js';
import { integratedLoudness, samplePeak, toDb, truePeak } from '../sound/audio/loudness.js';
import { MAX_RENDER_SECONDS, renderOffline, RENDER_SAMPLE_RATE } from '../sound/audio/offline.js';
import { buildPlan } from '../sound/audio/plan.js';
import { encodeWav24 } from '../sound/audio/wav.js';
import { demoProject } from '../sound/demo.js';
import { buildProject, saveProject, type ProjectJson } from '../sound/model/components.js';
import { projectFilePath, readProjectFile } from '../sound/model/project-file.js';

export interface RenderSoundOptions {
  readonly project?: string;
  readonly seconds?: number;
  readonly from?: number;
  readonly to?: number;
  readonly out: string;
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

/**
 * `footlight render-sound [--project DIR] [--seconds N | --from BEAT --to BEAT] --out FILE.wav`:
 * renders the arranger offline to a 48 kHz stereo 24-bit WAV and prints one summary line.
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
    const json = options.project !== undefined ? await loadProject(options.project) : demoProject();
    const plan = buildPlan(json);
    const started = performance.now();
    const r = renderOffline(plan, { fromBeat: options.from, toBeat: options.to, seconds: options.seconds }, progressBar());
    const elapsed = (performance.now() - started) / 1000;
    const wav = encodeWav24([r.left, r.right], RENDER_SAMPLE_RATE);
    await writeFileAtomic(out, wav.bytes);
    for (const s of r.notRendered) process.stderr.write(`not rendered: ${s.track} › ${s.device}: ${s.reason}\n`);
    const ch = wav.written;
    const speed = elapsed > 0 ? `${(r.seconds / elapsed).toFixed(0)}× real time` : 'instant';
    process.stdout.write(
      `${options.out}: ${r.seconds.toFixed(3)} s from beat ${r.fromBeat}, 48 kHz stereo 24-bit; ` +
        `peak ${fmt(toDb(samplePeak(ch)), 'dBFS')}, true peak ${fmt(toDb(truePeak(ch)), 'dBTP')}, ` +
        `integrated ${fmt(integratedLoudness(ch, RENDER_SAMPLE_RATE), 'LUFS')}, ${wav.clipped} clipped samples; rendered at ${speed}\n`,
    );
  } catch (err) {
    process.stderr.write(`footlight render-sound: ${isFootlightError(err) ? `${err.code}: ${err.message}` : (err as Error).message}\n`);
    process.exitCode = 1;
  }
}
