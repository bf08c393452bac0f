import { Engine } from '../../engine/engine.js';
import { invalidArgument } from '../../engine/errors.js';
import { LightShow } from '../show/light-show.js';
import { Channel } from '../mixer/channel.js';
import type { LxfResolver } from '../model/index.js';
import { readProject } from '../show/project/project-file.js';
import type { DeviceRegistry } from '../component/registry.js';
import { BUFFER_NOTE, CLOCK_NOTE, COLOR_NOTE, type FramesFile, argbBytes, framesSha256, pointsBase64 } from './frames-format.js';

interface OfflineRender {
  /** One copy of the mixer's main output per recorded frame. */
  readonly frames: { readonly index: number; readonly argb: Uint32Array }[];
  readonly points: number;
  readonly warnings: readonly string[];
  /** The show after the last frame (for geometry and channel listings). */
  readonly show: LightShow;
}

/**
 * The most frame data a render keeps (ARGB bytes): frames.json holds it as one base64 string,
 * and a JavaScript string ends at about 512 MiB.
 */
const MAX_KEPT_FRAME_BYTES = 256 * 1024 * 1024;

/** Refuses, before any frame runs, a render whose kept frames would not fit (frames × points × 4 bytes). */
export function checkKeptFrames(frames: number, points: number): void {
  const bytes = frames * points * 4;
  if (bytes > MAX_KEPT_FRAME_BYTES)
    throw invalidArgument(
      `${frames} frames of ${points} points are ${(bytes / 2 ** 20).toFixed(0)} MiB of colors; a render keeps at most ${MAX_KEPT_FRAME_BYTES / 2 ** 20} MiB ` +
        `(${Math.floor(MAX_KEPT_FRAME_BYTES / 4 / Math.max(1, points))} frames of this model): render fewer frames or record every k-th`,
    );
}

interface OfflineOptions {
  readonly frames: number;
  readonly deltaMs: number;
  /** Record frame k when k % every == 0 (default 1). */
  readonly every?: number;
  readonly registry: DeviceRegistry;
  readonly resolveLxf?: LxfResolver;
  readonly resolveLxm?: (file: string) => unknown;
  /** Called after each recorded frame (a render CLI may stream instead of keeping frames). */
  readonly onFrame?: (index: number, argb: Uint32Array) => void;
  /** Keep copies of the recorded frames in the result (default true). */
  readonly keepFrames?: boolean;
  /** The render subset, from the opened show (LightShow.setRenderSubset): only its points come out exact. */
  readonly subset?: (show: LightShow) => Int32Array | null;
}

/**
 * Renders a project headless with LX's offline protocol: the clock starts at 0 when the project
 * opens, every frame advances a fixed `deltaMs`, and nowMillis during frame k is
 * floor((k+1)·deltaMs). The same project and `deltaMs` always give the same frames.
 */
export function renderOffline(projectJson: unknown, options: OfflineOptions): OfflineRender {
  const engine = new Engine();
  const opened = readProject(projectJson, options.registry, { resolveLxf: options.resolveLxf, resolveLxm: options.resolveLxm });
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx);
  const every = options.every ?? 1;
  const keep = options.keepFrames ?? true;
  if (keep) checkKeptFrames(Math.ceil(options.frames / every), show.structure.model.size);
  if (options.subset !== undefined) show.setRenderSubset(options.subset(show));
  const frames: { index: number; argb: Uint32Array }[] = [];
  for (let k = 0; k < options.frames; k++) {
    engine.clock.stepFixed(1, options.deltaMs);
    if (k % every === 0) {
      if (keep) frames.push({ index: k, argb: show.main.slice() });
      options.onFrame?.(k, show.main);
    }
  }
  return { frames, points: show.structure.model.size, warnings: opened.warnings, show };
}

/** The channels as the golden files list them: label, class and (for channels) pattern classes. */
export function channelListing(show: LightShow): FramesFile['channels'] {
  return show.mixer.channels.items.map((c) => {
    const entry: FramesFile['channels'][number] = { label: c.label.getString(), class: c.lxClass };
    if (c instanceof Channel) entry.patterns = c.patterns.items.map((p) => p.lxClass);
    return entry;
  });
}

/** Renders a project and returns it in the golden files' JSON format. */
export function renderFramesFile(projectJson: unknown, project: string, scene: string, options: OfflineOptions): FramesFile {
  const out = renderOffline(projectJson, options);
  const model = out.show.structure.model;
  const recorded = out.frames.map((f) => f.argb);
  return {
    scene,
    lxVersion: '1.2.1',
    project,
    deltaMs: options.deltaMs,
    fps: Math.round(1000 / options.deltaMs),
    clock: CLOCK_NOTE,
    buffer: BUFFER_NOTE,
    colorFormat: COLOR_NOTE,
    frameCount: options.frames,
    frameStep: options.every ?? 1,
    points: out.points,
    sha256: framesSha256(recorded),
    notes: `Rendered by Footlight's LX-compatible engine${out.warnings.length > 0 ? ` | warnings: ${out.warnings.join('; ')}` : ''}`,
    channels: channelListing(out.show),
    pointsXYZ: pointsBase64(model.points, false),
    pointsXYZn: pointsBase64(model.points, true),
    frames: out.frames.map((f) => ({ index: f.index, argb: argbBytes(f.argb).toString('base64') })),
  };
}
