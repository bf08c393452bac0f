// Worker entry: registers tsx in this thread (Node 20 does not run an --import hook for a
// worker), then loads the TypeScript render worker.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
