// When the compiled JavaScript in lib/ may run: while no source it was built from has changed.
// One rule for bin/footlight.js (which reads it at every start: about 700 stats, a few ms) and
// scripts/build-engine.mjs (which stamps lib/build.json with it). CommonJS, as bin/footlight.js is (bin/package.json).
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');

/** The newest modification time (ms) of the sources lib/ is built from: src/ but the web console's. */
function newestSourceMtime(root) {
  const web = join(root, 'src', 'console', 'web');
  const newest = (dir) => {
    let t = 0;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (p !== web) t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
    }
    return t;
  };
  return newest(join(root, 'src'));
}

/** True when `root`'s lib/ was built from its sources as they are now. */
function compiledIsCurrent(root) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, 'lib', 'build.json'), 'utf8'));
  } catch {
    return false; // never built: a checkout where `npm ci` has not run
  }
  return typeof stamp.sourcesMtimeMs === 'number' && newestSourceMtime(root) <= stamp.sourcesMtimeMs;
}

module.exports = { newestSourceMtime, compiledIsCurrent };
