// The helper thread of perlin-pool.ts: loads the TypeScript sources through tsx (whatever the
// launch mode of the engine), then claims chunks of each published Perlin job. Buffers arrive on
// `workerData.port`; the thread keeps only the set the current job names.
import { receiveMessageOnPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { CLAIM, runClaimedChunks } = await import('./perlin-shared.ts');

const { control, port } = workerData;
let current = null;

function buffersFor(id) {
  // The engine thread posts a set before publishing a job that names it, so it is queued.
  while (current === null || current.id !== id) {
    const message = receiveMessageOnPort(port);
    if (message !== undefined) current = message.message;
  }
  return current;
}

for (;;) {
  const claim = Atomics.load(control, CLAIM);
  runClaimedChunks(control, buffersFor);
  Atomics.wait(control, CLAIM, claim);
}
