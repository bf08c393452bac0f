// Blind: a cue's look rendered on a copy of the show, so the live show, its outputs and its
// history never see it. The copy is the project as it would save now (writeProject), opened in
// an engine of its own; the cue's look (what a Goto to it, immediate, would set now) is set on
// it at once and one frame is rendered.
import { Engine } from '../engine/engine.js';
import { CueFade } from './show/cues/cue-fade.js';
import type { FrameSnapshot } from './frame-view.js';
import { captureFrame } from './frame-capture.js';
import { LightShow } from './show/light-show.js';
import { mediaResolvers } from './show/project/media.js';
import { readProject, writeProject } from './show/project/project-file.js';

const FRAME_MS = 1000 / 60;

/** The frame cue `number` of list `name` shows, rendered blind (inside the engine queue: the copy is taken between frames). */
export function previewCue(show: LightShow, name: string, number: number): FrameSnapshot {
  const look = show.cues.targetOf(name, number);
  const json = writeProject(show.lx, {}, 0);
  const media = show.mediaDir === undefined ? {} : mediaResolvers(show.mediaDir);
  const opened = readProject(JSON.parse(JSON.stringify(json)), show.registry, media);
  const engine = new Engine();
  engine.graph.reserveIds(opened.maxId);
  const copy = new LightShow(engine, opened.lx, { registry: show.registry, renderOnClock: false });
  const fade = new CueFade(copy.lx, look, { fadeInMs: 0, fadeOutMs: 0, delayInMs: 0, delayOutMs: 0 });
  fade.advance(0);
  copy.render({ deltaMs: FRAME_MS, nowMillis: Math.floor(FRAME_MS), index: 0 });
  return captureFrame(copy, { bus: 'main' });
}
