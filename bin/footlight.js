#!/usr/bin/env node
// Runs Footlight's compiled JavaScript (lib/, built by `npm ci` through scripts/build-engine.mjs)
// while no source is newer than it, and the TypeScript sources through tsx otherwise, so an
// edited source always runs as written. FOOTLIGHT_FROM_SOURCE=1 runs the sources regardless.
// render-sound starts at its own entry, one CommonJS file (lib/cli/render-sound-main.cjs): its start-up is measured
// against Csound's (scripts/build-engine.mjs says why CommonJS).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { compiledIsCurrent } from './compiled-build.js';

if (process.env.FOOTLIGHT_FROM_SOURCE !== '1' && compiledIsCurrent(fileURLToPath(new URL('..', import.meta.url)))) {
  if (process.argv[2] === 'render-sound') createRequire(import.meta.url)('../lib/cli/render-sound-main.cjs');
  else await import('../lib/cli/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
