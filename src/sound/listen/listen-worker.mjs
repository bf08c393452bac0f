// Worker entry: registers tsx in this thread, then loads the TypeScript listen worker.
import { register } from 'tsx/esm/api';

register();
await import('./listen-worker.ts');
