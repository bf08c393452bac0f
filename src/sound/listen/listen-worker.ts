// One listen job per worker: the render and the analysis run off the engine thread.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerToNormal } from '../../engine/thread-priority.js';
import { soundFontsReady } from '../samples/soundfont.js';
import { runListenJob, type ListenJob } from './job.js';

// Analysis never competes with the show: a worker started by a high-priority engine thread drops back.
lowerToNormal();

try {
  // SoundFont zones play in this thread too: SF3's Vorbis decoder first.
  await soundFontsReady();
  parentPort!.postMessage({ ok: true, result: runListenJob(workerData as ListenJob) });
} catch (err) {
  parentPort!.postMessage({ ok: false, message: (err as Error).stack ?? String(err) });
}
