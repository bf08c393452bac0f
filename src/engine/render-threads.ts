// How many threads render (the engine thread and its helpers): the `--render-threads` option of
// `serve` and `render`, and config.json's `renderThreads`. In the kernel, apart from the light
// wing's point pool, so the command line and the config reader (src/app, below both wings) can
// check a count without loading the light wing.
import { availableParallelism } from 'node:os';

/** Render threads at most (the engine thread and its helpers). */
export const MAX_RENDER_THREADS = 64;

/** The default render thread count: one per core (the engine thread and cores − 1 helpers). */
export function defaultRenderThreads(): number {
  return Math.max(1, Math.min(MAX_RENDER_THREADS, availableParallelism()));
}

/** Whether `count` is a render thread count: a whole number from 1 to MAX_RENDER_THREADS. */
export function isRenderThreadCount(count: number): boolean {
  return Number.isInteger(count) && count >= 1 && count <= MAX_RENDER_THREADS;
}

export const RENDER_THREADS_RULE = `render threads must be a whole number from 1 to ${MAX_RENDER_THREADS}`;
