// A render helper thread of point-pool.ts: loads the TypeScript sources through tsx (whatever
// the launch mode of the engine), then claims chunks of each published point job, runs them aside
// and commits them (point-pool-shared.ts), until asked to leave (`workerData.state`). Buffers arrive on `workerData.port` before the first job that names
// them, and are dropped when the engine thread lets them go. The kernel table, with what each
// kernel writes, is the module the engine thread handed the pool (`workerData.kernels`), so this
// folder imports no kernel.
import { readlinkSync } from 'node:fs';
import { receiveMessageOnPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const shared = await import('./point-pool-shared.ts');
const {
  CLAIM,
  ARRAY_COUNT,
  ARRAY_REFS,
  REF_WORDS,
  KERNEL,
  SERIAL,
  FLOAT32,
  INT32,
  HELPER_STATE,
  HELPER_CHUNKS,
  HELPER_THREAD,
  HELPER_SLEEPS,
  HELPER_WATCH_US,
  HELPER_RUNNING,
  HELPER_LEFT,
  ChunkAside,
  runHelperChunks,
} = shared;

const { control, numbers, port, state, kernels } = workerData;
const { KERNELS, KERNEL_WRITES } = await import(kernels);
try {
  // Benches read this thread's scheduler accounting (src/engine/thread-time.ts) by its id.
  Atomics.store(state, HELPER_THREAD, Number(readlinkSync('/proc/thread-self').split('/').pop()) | 0);
} catch {
  // not Linux: the id stays 0
}
const buffers = new Map();
const views = new Map();
const job = { num: numbers, arrays: [], serial: 0 };
const entry = { kernel: KERNELS[0], writes: KERNEL_WRITES[0](job), job };
const aside = new ChunkAside();
let resolvedSerial = null;
/** This thread's job serial: new with every job resolved, so kernels clear what they memoized for another. */
let ownSerial = 0;

function takeMessages() {
  for (let m = receiveMessageOnPort(port); m !== undefined; m = receiveMessageOnPort(port)) {
    const { id, buffer, drop } = m.message;
    if (drop === undefined) {
      buffers.set(id, buffer);
      continue;
    }
    buffers.delete(drop);
    for (const key of views.keys()) if (key.startsWith(`${drop}/`)) views.delete(key);
  }
}

function bufferFor(id) {
  // The engine thread posts a buffer before publishing a job that names it, so it is queued; words
  // read while a later job was being described may name one dropped since: the chunk is given up.
  if (!buffers.has(id)) takeMessages();
  const buffer = buffers.get(id);
  if (buffer === undefined) throw new Error(`no buffer ${id} in this helper`);
  return buffer;
}

function view(id, offset, length, type) {
  const key = `${id}/${offset}/${length}/${type}`;
  let v = views.get(key);
  if (v === undefined) {
    const buffer = bufferFor(id);
    v =
      type === FLOAT32
        ? new Float32Array(buffer, offset, length)
        : type === INT32
          ? new Int32Array(buffer, offset, length)
          : new Uint32Array(buffer, offset, length);
    views.set(key, v);
  }
  return v;
}

function jobFor() {
  const serial = Atomics.load(control, SERIAL);
  if (serial === resolvedSerial) return entry;
  takeMessages();
  const n = Atomics.load(control, ARRAY_COUNT);
  job.arrays.length = n;
  for (let i = 0; i < n; i++) {
    const ref = ARRAY_REFS + i * REF_WORDS;
    job.arrays[i] = view(control[ref], control[ref + 1], control[ref + 2], control[ref + 3]);
  }
  ownSerial = (ownSerial + 1) | 0;
  job.serial = ownSerial;
  const id = Atomics.load(control, KERNEL);
  entry.kernel = KERNELS[id];
  entry.writes = KERNEL_WRITES[id](job);
  resolvedSerial = serial;
  return entry;
}

const jobs = {
  jobFor,
  forget() {
    resolvedSerial = null;
  },
};

// After its chunks, the helper watches for the next job for HELPER_WATCH_US µs (the engine thread
// sets it; jobs come in bursts within a frame), then sleeps until one is published.
while (Atomics.load(state, HELPER_STATE) === HELPER_RUNNING) {
  const claim = Atomics.load(control, CLAIM);
  const ran = runHelperChunks(control, jobs, aside);
  if (ran > 0) Atomics.add(state, HELPER_CHUNKS, ran);
  const until = performance.now() + Atomics.load(state, HELPER_WATCH_US) / 1000;
  let next = Atomics.load(control, CLAIM);
  for (let i = 1; next === claim; i++) {
    if ((i & 63) === 0 && performance.now() >= until) break;
    next = Atomics.load(control, CLAIM);
  }
  if (next === claim && Atomics.wait(control, CLAIM, claim) === 'ok') Atomics.add(state, HELPER_SLEEPS, 1);
}
// Left the claim loop holding no chunk: the engine thread stops posting buffers here.
Atomics.store(state, HELPER_STATE, HELPER_LEFT);
port.close();
