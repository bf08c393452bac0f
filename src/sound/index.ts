import type { Engine } from '../engine/engine.js';
import { silentLogger, type Logger } from '../engine/log.js';
import { demoProject, emptyProject } from './demo.js';
import { SoundHost } from './host/host.js';
import type { SampleFolder } from './samples/folder.js';
import { SampleStore } from './samples/store.js';

export { SoundHost } from './host/host.js';
export { readProjectFile } from './model/project-file.js';

interface SoundHostOptions {
  readonly log?: Logger;
  /** The project to open: the demo (default: several tracks, a Poly Grid patch, arranger clips) or an empty one. */
  readonly project?: 'demo' | 'empty';
  /** The sample folder the operator granted (`serve --samples DIR`); none: sample paths are refused. */
  readonly samples?: SampleFolder;
}

/**
 * Creates the sound host on an engine: its component tree joins the engine's graph, its
 * document changes go through the engine's one history, and its transport follows the engine
 * clock. Protocol 3 (src/protocol3/server) serves it.
 */
export function createSoundHost(engine: Engine, options: SoundHostOptions = {}): SoundHost {
  const log = (options.log ?? silentLogger).child({ component: 'sound' });
  return new SoundHost(engine, log, options.project === 'empty' ? emptyProject() : demoProject(), new SampleStore(options.samples ?? null));
}
