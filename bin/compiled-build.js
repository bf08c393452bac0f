// When the compiled JavaScript in lib/ may run: while no source it was built from has changed.
// One rule for bin/footlight.js (which reads it at every start) and scripts/build-engine.mjs
// (which stamps lib/build.json with it). CommonJS, as bin/footlight.js is (bin/package.json).
const { readdirSync, readFileSync, statSync } = require('node:fs');

// Paths are joined with '/' rather than path.join: the ~900 joins of a full scan otherwise cost a start-up a
// few ms of normalizing (and TurboFan compiling it). Node's fs takes '/' on every platform.

/** The newest modification time (ms) of the sources lib/ is built from: src/ but the web console's. */
function newestSourceMtime(root) {
  const web = `${root}/src/console/web`;
  const newest = (dir) => {
    let t = 0;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = `${dir}/${e.name}`;
      if (p !== web) t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
    }
    return t;
  };
  return newest(`${root}/src`);
}

/**
 * True when `root`'s lib/ was built from its sources as they are now. With `bundle` (a name in the stamp's
 * `bundles`, e.g. 'render-sound'), only the sources that bundle was built from are read: a third of them, and a
 * source it gains is imported by one it had, which is then newer too.
 */
function compiledIsCurrent(root, bundle) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(`${root}/lib/build.json`, 'utf8'));
  } catch {
    return false; // never built: a checkout where `npm ci` has not run
  }
  const built = stamp.sourcesMtimeMs;
  if (typeof built !== 'number') return false;
  const inputs = bundle === undefined ? undefined : stamp.bundles?.[bundle];
  if (!Array.isArray(inputs)) return newestSourceMtime(root) <= built;
  for (const input of inputs) {
    const s = statSync(`${root}/${input}`, { throwIfNoEntry: false });
    if (s === undefined || s.mtimeMs > built) return false; // removed or edited since the build
  }
  return true;
}

module.exports = { newestSourceMtime, compiledIsCurrent };
