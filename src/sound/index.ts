import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Engine } from '../engine/engine.js';
import { invalidArgument } from '../engine/errors.js';
import { silentLogger, type Logger } from '../engine/log.js';
import { demoProject, emptyProject } from './demo.js';
import { SoundHost } from './host/host.js';
import { buildProject, saveProject, type ProjectJson } from './model/components.js';
import { projectFilePath, readProjectFile } from './model/project-file.js';
import type { SampleFolder } from './samples/folder.js';
import { SampleStore } from './samples/store.js';

export { SoundHost } from './host/host.js';
export { readProjectFile } from './model/project-file.js';

interface SoundHostOptions {
  readonly log?: Logger;
  /** The project to open: the demo (default: several tracks, a Poly Grid patch, arranger clips) or an empty one. */
  readonly project?: 'demo' | 'empty' | ProjectJson;
  /** The sample folder the operator granted (`serve --samples DIR`), or its store with samples already loaded (openSong); none: sample paths are refused. */
  readonly samples?: SampleFolder | SampleStore;
}

/**
 * A song to open in the host (`serve --song DIR`): a sound project folder or its .bwproject,
 * validated through the model, and every sample its Sampler zones name loaded into `samples`
 * (from the granted folder) before anything plays. A sample that cannot be loaded is not fatal:
 * it is returned with why, and its zone stays silent (renders list it in not_rendered).
 */
export async function openSong(path: string, samples: SampleStore): Promise<{ json: ProjectJson; missing: { path: string; reason: string }[] }> {
  const p = resolve(path);
  const file = (await stat(p).catch(() => null))?.isDirectory() === true ? projectFilePath(p) : p;
  let json: ProjectJson;
  try {
    json = saveProject(buildProject(await readProjectFile(file)), { ids: false });
  } catch (err) {
    throw invalidArgument(`${file} is not a sound project that opens: ${(err as Error).message}`);
  }
  return { json, missing: await samples.preload(json) };
}

/**
 * Creates the sound host on an engine: its component tree joins the engine's graph, its
 * document changes go through the engine's one history, and its transport follows the engine
 * clock. Protocol 3 (src/protocol3/server) serves it.
 */
export function createSoundHost(engine: Engine, options: SoundHostOptions = {}): SoundHost {
  const log = (options.log ?? silentLogger).child({ component: 'sound' });
  const project = typeof options.project === 'object' ? options.project : options.project === 'empty' ? emptyProject() : demoProject();
  const samples = options.samples instanceof SampleStore ? options.samples : new SampleStore(options.samples ?? null);
  return new SoundHost(engine, log, project, samples);
}
