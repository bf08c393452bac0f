#!/usr/bin/env node
// Runs Footlight's compiled JavaScript (lib/, built by `npm ci` through scripts/build-engine.mjs)
// while no source is newer than it, and the TypeScript sources through tsx otherwise, so an
// edited source always runs as written. FOOTLIGHT_FROM_SOURCE=1 runs the sources regardless.
// render-sound starts at its own entry, one CommonJS file (lib/cli/render-sound-main.cjs): its start-up is measured
// against Csound's (scripts/build-engine.mjs says why CommonJS), so it checks only the sources that file was built
// from. This launcher is CommonJS too (bin/package.json), so that command never starts Node's ES module loader:
// ~0.02 s of CPU of its start. The other commands import main.js.
const { join } = require('node:path');
const { compiledIsCurrent } = require('./compiled-build.js');

const root = join(__dirname, '..');
const compiled = process.env.FOOTLIGHT_FROM_SOURCE !== '1';
if (compiled && process.argv[2] === 'render-sound' && compiledIsCurrent(root, 'render-sound')) require('../lib/cli/render-sound-main.cjs');
else if (compiled && compiledIsCurrent(root)) import('../lib/cli/main.js');
else
  import('tsx/esm/api').then(({ register }) => {
    register();
    return import('../src/cli/main.ts');
  });
