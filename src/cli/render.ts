import { basename, resolve } from 'node:path';
import { writeFileAtomic } from '../app/atomic-write.js';
import { checkOutputFile } from '../app/output-path.js';
import { isFootlightError } from '../engine/errors.js';
import { createLibrary } from '../light/devices/library.js';
import { pointPool } from '../light/parallel/point-pool.js';
import { defaultRenderThreads } from '../engine/render-threads.js';
import { defaultMediaDir, readProjectJson } from '../light/show/project/project-file.js';
import { mediaResolvers } from '../light/show/project/media.js';
import { renderFramesFile } from '../light/render/offline.js';

export interface RenderOptions {
  readonly frames: number;
  readonly deltaMs: number;
  readonly every?: number;
  readonly media?: string;
  readonly out?: string;
  /** Threads that render (default one per core); the frames are the same at every count. */
  readonly renderThreads?: number;
}

/**
 * `footlight render PROJECT.lxp --frames N --delta-ms D [--every K] [--media DIR] [--out FILE] [--render-threads N]`:
 * renders a project headless with LX's offline protocol (clock at 0 when the project opens, a
 * fixed deltaMs per frame, nowMillis = floor((k+1)·deltaMs) during frame k) and prints the frames
 * in the golden files' JSON format, so any project can be compared with LX frame for frame. The
 * output file is checked before the render and written atomically.
 */
export async function render(projectPath: string, options: RenderOptions): Promise<void> {
  try {
    const out = options.out === undefined ? undefined : await checkOutputFile(options.out);
    pointPool.setThreads(options.renderThreads ?? defaultRenderThreads());
    const path = resolve(projectPath);
    const json = await readProjectJson(path);
    const media = mediaResolvers(options.media !== undefined ? resolve(options.media) : defaultMediaDir(path));
    const name = basename(path);
    const file = renderFramesFile(json, name, name.replace(/\.lxp$/, ''), {
      frames: options.frames,
      deltaMs: options.deltaMs,
      every: options.every ?? 1,
      registry: createLibrary(),
      resolveLxf: media.resolveLxf,
      resolveLxm: media.resolveLxm,
    });
    const text = `${JSON.stringify(file)}\n`;
    if (out !== undefined) await writeFileAtomic(out, text);
    else process.stdout.write(text);
  } catch (err) {
    process.stderr.write(`footlight render: ${isFootlightError(err) ? `${err.code}: ${err.message}` : (err as Error).message}\n`);
    process.exitCode = 1;
  }
}
