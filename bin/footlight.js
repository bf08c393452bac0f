#!/usr/bin/env node
// Runs Footlight's compiled JavaScript (lib/, built by `npm ci` through scripts/build-engine.mjs)
// while no source is newer than it, and the TypeScript sources through tsx otherwise, so an
// edited source always runs as written. FOOTLIGHT_FROM_SOURCE=1 runs the sources regardless.
// render-sound starts at its own bundled entry (lib/cli/render-sound-main.js): its start-up is measured against Csound's.
import { fileURLToPath } from 'node:url';
import { compiledIsCurrent } from './compiled-build.js';

if (process.env.FOOTLIGHT_FROM_SOURCE !== '1' && compiledIsCurrent(fileURLToPath(new URL('..', import.meta.url)))) {
  if (process.argv[2] === 'render-sound') await import('../lib/cli/render-sound-main.js');
  else await import('../lib/cli/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
