import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Engine } from '../../../src/engine/engine.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { pointPool } from '../../../src/light/parallel/point-pool.js';
import { MAX_RENDER_THREADS, defaultRenderThreads } from '../../../src/engine/render-threads.js';
import { MIN_SHARED_POINTS, sharing } from '../../../src/light/parallel/shared-arrays.js';
import { readProject } from '../../../src/light/show/project/project-file.js';
import { compareScene, formatParity } from '../../../src/light/render/golden.js';
import { standardWorkload } from '../../../bench/workload.js';
import { EXACT_SCENES, GOLDEN_DIR } from '../../helpers/golden-dir.js';

type Json = Record<string, any>;

/** Frame hashes of `frames` frames of `project` at the pool's current settings. */
function hashes(project: Json, frames: number): string[] {
  const engine = new Engine();
  const opened = readProject(structuredClone(project), createLibrary());
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx);
  const out: string[] = [];
  for (let i = 0; i < frames; i++) {
    engine.clock.stepFixed(1, 1000 / 60);
    out.push(createHash('sha256').update(show.main).digest('hex'));
  }
  return out;
}

/**
 * Sets the thread count and renders until every helper has run chunks, so the renders after it are
 * shared. Every job is shared (`adaptive` off): the probe would rightly run a 20k-point scene's
 * jobs alone on a machine with fewer cores than threads, and these tests are about shared output.
 */
async function useThreads(threads: number, warmup: Json): Promise<void> {
  pointPool.adaptive = false;
  pointPool.setThreads(threads);
  for (let tries = 0; tries < 200; tries++) {
    const before = pointPool.helperChunkCounts();
    hashes(warmup, 2);
    const now = pointPool.helperChunkCounts();
    if (now.length === threads - 1 && now.every((n, i) => n > (before[i] ?? 0))) return;
    await sleep(25);
  }
  assert.fail(`the ${threads - 1} helpers did not all run chunks`);
}

/** The standard workload on 160 × 128 points, with the Chase and Noise reshaped so every kernel path runs. */
const WORKLOAD = ((): Json => {
  const project = standardWorkload(160, 128) as Json;
  const channels = project.engine.children.mixer.channels;
  Object.assign(channels[0].patterns[0].parameters, { algorithm: 2, octaves: 2 });
  delete channels[0].patterns[0].parameters['algorithm/name'];
  Object.assign(channels[3].patterns[0].parameters, { swarmOn: true, chunkSize: 37 });
  Object.assign(channels[1].parameters, { fader: 0.6 });
  return project;
})();

after(() => {
  pointPool.adaptive = true;
  pointPool.setThreads(defaultRenderThreads());
  pointPool.minSharedPoints = MIN_SHARED_POINTS;
});

test('render threads: the default is one per core, and a bad count is refused with nothing changed', () => {
  assert.ok(defaultRenderThreads() >= 1 && defaultRenderThreads() <= MAX_RENDER_THREADS);
  assert.equal(pointPool.threads, defaultRenderThreads());
  const before = pointPool.threads;
  for (const bad of [0, -1, 1.5, Number.NaN, MAX_RENDER_THREADS + 1]) {
    assert.throws(() => pointPool.setThreads(bad), /render threads must be a whole number from 1 to 64/);
    assert.equal(pointPool.threads, before);
  }
});

test('render threads: the workload gives the same frames with 0, 1, 2 and 3 helpers, and helpers leave when the count drops', async (t) => {
  pointPool.minSharedPoints = 0;
  pointPool.setThreads(1);
  const expected = hashes(WORKLOAD, 20);
  assert.equal(pointPool.helperChunkCounts().length, 0, 'one thread: no helper');
  for (const threads of [2, 3, 4, 2]) {
    await useThreads(threads, WORKLOAD);
    const before = pointPool.helperChunkCounts();
    assert.deepEqual(hashes(WORKLOAD, 20), expected, `${threads - 1} helpers`);
    t.diagnostic(
      `${threads - 1} helpers ran ${pointPool
        .helperChunkCounts()
        .map((n, i) => n - before[i])
        .join(' + ')} chunks`,
    );
  }
  pointPool.setThreads(1);
  const chunks = pointPool.chunks;
  assert.deepEqual(hashes(WORKLOAD, 4), expected.slice(0, 4), 'back to one thread');
  assert.equal(pointPool.chunks, chunks, 'one thread runs every job in one pass, without chunks');
});

test('render threads: every golden scene stays exact with 0, 1, 2 and 3 helpers, its jobs split in 64-point chunks', async () => {
  sharing.minLength = 0;
  pointPool.minSharedPoints = 0;
  pointPool.minChunk = 64;
  try {
    for (const threads of [1, 2, 3, 4]) {
      await useThreads(threads, WORKLOAD);
      const helped = pointPool.helperChunks;
      for (const scene of EXACT_SCENES) {
        const parity = compareScene(GOLDEN_DIR, scene, createLibrary());
        assert.equal(parity.exactFraction, 1, `${scene}, ${threads - 1} helpers: ${formatParity(parity)}`);
      }
      if (threads > 1) assert.ok(pointPool.helperChunks > helped, `${threads - 1} helpers ran chunks of the golden scenes`);
    }
  } finally {
    sharing.minLength = MIN_SHARED_POINTS;
    pointPool.minChunk = 2048;
  }
});
