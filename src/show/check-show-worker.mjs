// Worker entry: registers tsx in this thread, then loads the TypeScript show-check worker.
import { register } from 'tsx/esm/api';

register();
await import('./check-show-worker.ts');
