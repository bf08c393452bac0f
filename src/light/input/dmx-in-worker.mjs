// The DMX receiver thread's entry (dmx-input.ts starts it): loads the TypeScript sources through
// tsx, whatever the launch mode of the engine, then runs dmx-in-thread.ts until told to close.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runDmxInThread } = await import('./dmx-in-thread.ts');
runDmxInThread(workerData, parentPort);
