import { spawn, spawnSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { beginOutput, writeFileAtomic } from '../app/atomic-write.js';
import { checkOutputFolder, makeFolders } from '../app/output-path.js';
import { Engine } from '../engine/engine.js';
import { invalidArgument, isFootlightError } from '../engine/errors.js';
import { buildDemoShow } from '../light/demo-show.js';
import { rasterize, type Raster } from '../light/frame-view.js';
import { createLibrary } from '../light/devices/library.js';
import { LightShow } from '../light/show/light-show.js';
import { mediaResolvers } from '../light/show/project/media.js';
import { defaultMediaDir, readProjectJson, writeProject } from '../light/show/project/project-file.js';
import { BUFFER_NOTE, COLOR_NOTE, CLOCK_NOTE, type FramesFile, argbBytes, framesSha256, pointsBase64 } from '../light/render/frames-format.js';
import { channelListing } from '../light/render/offline.js';
import { BARS_PER_ROW, CAMERA, contactSheet, png, SheetPicker, snapshotOf, thumbnail } from '../show/contact-sheet.js';
import { renderShow } from '../show/render-show.js';
import { arrangementSeconds, MAX_RENDER_SECONDS } from '../sound/audio/offline.js';
import { buildPlan } from '../sound/audio/plan.js';
import { encodeWav24 } from '../sound/audio/wav.js';
import { ltcRequest, withLtc } from './ltc-track.js';
import { demoProject } from '../sound/demo.js';
import { buildProject, saveProject, type ProjectJson } from '../sound/model/components.js';
import { projectFilePath, readProjectFile } from '../sound/model/project-file.js';
import { SampleFolder } from '../sound/samples/folder.js';
import { SampleStore } from '../sound/samples/store.js';

export interface RenderShowOptions {
  /** The light project (.lxp); default the built-in demo show. */
  readonly project?: string;
  /** The song (a sound project folder or .bwproject); default the demo song. */
  readonly song?: string;
  readonly seconds?: number;
  readonly out: string;
  /** The song track whose post-fader output the audio devices hear (default the master). */
  readonly audioTrack?: string;
  /** The sample folder the song's Sampler zones load from (as render-sound's --samples). */
  readonly samples?: string;
  /** `--ltc [left|right]` with `--timecode-rate`/`--timecode-offset`: LTC on one channel of show.wav (ltc-track.ts). */
  readonly ltc?: string | boolean;
  readonly timecodeRate?: string;
  readonly timecodeOffset?: string;
}

const FPS = 60;
const VIDEO_FPS = 30;
const VIDEO_WIDTH = 640;

async function loadSong(path: string): Promise<ProjectJson> {
  const p = resolve(path);
  const file = (await stat(p).catch(() => null))?.isDirectory() === true ? projectFilePath(p) : p;
  return saveProject(buildProject(await readProjectFile(file)), { ids: false });
}

function demoLight(): unknown {
  const show = new LightShow(new Engine());
  buildDemoShow(show);
  return JSON.parse(JSON.stringify(writeProject(show.lx, show.externals, 0)));
}

function hasFfmpeg(): boolean {
  return spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Pipes RGBA rasters into ffmpeg with the WAV: an H.264 + AAC MP4, bit-exact flags on. ffmpeg
 * writes a temporary beside `out`, renamed over it once the file is whole: a render killed or
 * failing mid-encode leaves the previous MP4 as it was.
 */
async function encodeMp4(frames: Iterable<Raster>, width: number, height: number, wav: string, out: string): Promise<void> {
  const pending = await beginOutput(out);
  try {
    await runFfmpeg(frames, width, height, wav, pending.temp);
  } catch (err) {
    await pending.abort();
    throw err;
  }
  await pending.commit();
}

async function runFfmpeg(frames: Iterable<Raster>, width: number, height: number, wav: string, out: string): Promise<void> {
  const args = [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    '-s',
    `${width}x${height}`,
    '-r',
    String(VIDEO_FPS),
    '-i',
    '-',
    '-i',
    wav,
    '-vf',
    'pad=ceil(iw/2)*2:ceil(ih/2)*2',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-threads',
    '1',
    '-c:a',
    'aac',
    '-b:a',
    '192k',
    '-shortest',
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-map_metadata',
    '-1',
    '-f',
    'mp4',
    out,
  ];
  const ff = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  ff.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const done = new Promise<void>((ok, fail) => {
    ff.on('error', fail);
    ff.on('close', (code) => (code === 0 ? ok() : fail(new Error(`ffmpeg exited with ${code}: ${err.trim()}`))));
  });
  for (const r of frames) {
    if (!ff.stdin.write(Buffer.from(r.rgba.buffer, r.rgba.byteOffset, r.rgba.byteLength))) await new Promise((ok) => ff.stdin.once('drain', ok));
  }
  ff.stdin.end();
  await done;
}

/** The song's seconds when a render may take them, else invalid_argument (render-sound's bound, checked at once). */
function checkSeconds(seconds: number): number {
  if (!(seconds > 0 && seconds <= MAX_RENDER_SECONDS))
    throw invalidArgument(`a render is at most ${MAX_RENDER_SECONDS} s; this one would be ${seconds.toFixed(1)} s (give --seconds)`);
  return seconds;
}

/**
 * `footlight render-show [--project LXP] [--song DIR] [--samples DIR] [--seconds N] --out DIR`: the show as it
 * plays from the song's start, on one stepped clock: `show.wav` (the audio engine's offline
 * render), `frames.json` (the light's frames in LX's golden JSON format, 60 fps), `contact-sheet.png`
 * (the rig in every bar) and, where ffmpeg is installed, `show.mp4` (a 3D preview with the audio).
 */
export async function renderShowCommand(options: RenderShowOptions): Promise<void> {
  try {
    // Every bound before any work: where it writes, and how long it may render.
    const out = await checkOutputFolder(options.out);
    if (options.seconds !== undefined) checkSeconds(options.seconds);
    const ltc = ltcRequest(options.ltc, options.timecodeRate, options.timecodeOffset);
    const song = options.song !== undefined ? await loadSong(options.song) : demoProject();
    // Sampler zones load from the sample folder, as in render-sound: a missing sample is reported below and its zone is silent.
    const samples = new SampleStore(options.samples === undefined ? null : await SampleFolder.open(options.samples));
    await samples.preload(song);
    let light: unknown;
    let media = mediaResolvers(out);
    let name = 'demo.lxp';
    if (options.project !== undefined) {
      const path = resolve(options.project);
      light = await readProjectJson(path);
      media = mediaResolvers(defaultMediaDir(path));
      name = path.slice(path.lastIndexOf('/') + 1);
    } else light = demoLight();
    // As long as render-sound's default: to the bar after the last note, plus the tail (the last note rings out).
    const seconds = options.seconds ?? checkSeconds(arrangementSeconds(buildPlan(song, samples)));
    await makeFolders(out);
    const argb: Uint32Array[] = [];
    const r = renderShow({
      light,
      song,
      seconds,
      fps: FPS,
      registry: createLibrary(),
      resolveLxf: media.resolveLxf,
      resolveLxm: media.resolveLxm,
      ...(options.audioTrack === undefined ? {} : { audioTrack: options.audioTrack }),
      samples,
      keepsFrames: true,
      onFrame: (_k, frame) => argb.push(frame.slice()),
    });
    for (const s of r.notRendered) process.stderr.write(`not rendered: ${s.track} › ${s.device}: ${s.reason}\n`);
    const model = r.show.structure.model;
    const wavPath = join(out, 'show.wav');
    // With --ltc: the song plays from its start, so the timecode starts at the offset.
    const withTimecode = ltc === undefined ? undefined : withLtc(r.left, r.right, 0, r.sampleRate, ltc);
    await writeFileAtomic(wavPath, Buffer.from(encodeWav24(withTimecode?.channels ?? [r.left, r.right], r.sampleRate).bytes));
    const file: FramesFile = {
      scene: name.replace(/\.lxp$/, ''),
      lxVersion: '1.2.1',
      project: name,
      deltaMs: r.deltaMs,
      fps: FPS,
      clock: CLOCK_NOTE,
      buffer: BUFFER_NOTE,
      colorFormat: COLOR_NOTE,
      frameCount: r.frames,
      frameStep: 1,
      points: model.size,
      sha256: framesSha256(argb),
      notes:
        `Rendered by Footlight render-show: the song plays from beat 0 at frame 0 and the light follows its ` +
        `clock${r.warnings.length > 0 ? ` | warnings: ${r.warnings.join('; ')}` : ''}`,
      channels: channelListing(r.show),
      pointsXYZ: pointsBase64(model.points, false),
      pointsXYZn: pointsBase64(model.points, true),
      frames: argb.map((f, index) => ({ index, argb: argbBytes(f).toString('base64') })),
    };
    await writeFileAtomic(join(out, 'frames.json'), `${JSON.stringify(file)}\n`);
    const snap = (colors: Uint32Array) => snapshotOf(model.points, colors);
    const picker = new SheetPicker((song.meter.numerator * 4) / song.meter.denominator);
    const thumbs: Raster[] = [];
    for (let k = 0; k < r.frames; k++) if (picker.wants(r.beats[k])) thumbs.push(thumbnail(snap(argb[k])));
    if (thumbs.length > 0) await writeFileAtomic(join(out, 'contact-sheet.png'), png(contactSheet(thumbs, BARS_PER_ROW)));
    let mp4 = 'no MP4 (ffmpeg not found)';
    if (hasFfmpeg() && argb.length > 0) {
      const first = rasterize(snap(argb[0]), CAMERA, VIDEO_WIDTH);
      const step = FPS / VIDEO_FPS;
      function* video(): Generator<Raster> {
        for (let k = 0; k < argb.length; k += step) yield k === 0 ? first : rasterize(snap(argb[k]), CAMERA, VIDEO_WIDTH);
      }
      await encodeMp4(video(), first.width, first.height, wavPath, join(out, 'show.mp4'));
      mp4 = 'show.mp4';
    }
    process.stdout.write(
      `${out}: show.wav (${seconds.toFixed(2)} s), frames.json (${r.frames} frames, ${model.size} points), contact-sheet.png (${thumbs.length} bars), ` +
        `${mp4}\n`,
    );
    if (withTimecode !== undefined) process.stdout.write(`  show.wav: ${withTimecode.summary}\n`);
  } catch (err) {
    process.stderr.write(`footlight render-show: ${isFootlightError(err) ? `${err.code}: ${err.message}` : (err as Error).message}\n`);
    process.exitCode = 1;
  }
}
