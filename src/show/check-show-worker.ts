// One show check per worker: the offline render and its analysis run off the engine thread.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerToNormal } from '../engine/thread-priority.js';
import { runShowCheckJob, type ShowCheckJob } from './check-show-job.js';

// A check never competes with the show: a worker started by a high-priority engine thread drops back.
lowerToNormal();

try {
  parentPort!.postMessage({ ok: true, result: runShowCheckJob(workerData as ShowCheckJob) });
} catch (err) {
  const e = err as { code?: unknown; message?: unknown; stack?: unknown };
  parentPort!.postMessage({ ok: false, code: e.code, message: String(e.message ?? err), stack: String(e.stack ?? '') });
}
