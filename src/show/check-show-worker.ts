// One show check per worker: the offline render and its analysis run off the engine thread.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerToNormal } from '../engine/thread-priority.js';
import { type FixtureDmxJob, runFixtureDmxJob, runShowCheckJob, type ShowCheckJob } from './check-show-job.js';

// A check never competes with the show: a worker started by a high-priority engine thread drops back.
lowerToNormal();

function run(job: ShowCheckJob | FixtureDmxJob): unknown {
  return job.kind === 'fixture-dmx' ? runFixtureDmxJob(job) : runShowCheckJob(job);
}

try {
  parentPort!.postMessage({ ok: true, result: run(workerData as ShowCheckJob | FixtureDmxJob) });
} catch (err) {
  const e = err as { code?: unknown; message?: unknown; stack?: unknown };
  parentPort!.postMessage({ ok: false, code: e.code, message: String(e.message ?? err), stack: String(e.stack ?? '') });
}
