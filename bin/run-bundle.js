// Runs a CommonJS bundle of lib/ as require would, with V8's code cache beside it (<bundle>.code-cache, which
// scripts/build-engine.mjs writes after a short render): the bytecode of the functions that render compiled, so a
// start does not compile them again. V8 rejects a cache made by another V8 or for another text, and the bundle is then
// compiled as without one. CommonJS, as bin/footlight.js is (bin/package.json).
const { readFileSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname } = require('node:path');
const vm = require('node:vm');

/** Runs `file`; with `writeCache`, compiles it afresh and writes its code cache when the process exits. */
function runBundle(file, { writeCache = false } = {}) {
  const cacheFile = `${file}.code-cache`;
  let cachedData;
  if (!writeCache)
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // not built: compile without
    }
  const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), {
    filename: file,
    cachedData,
    // import() of a package the bundle loads when used (the SoundFont engine, the sample decoders)
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (writeCache) process.once('exit', () => writeFileSync(cacheFile, script.createCachedData()));
  const module = new Module(file, null);
  module.filename = file;
  script.runInThisContext()(module.exports, Module.createRequire(file), module, file, dirname(file));
}

module.exports = { runBundle };
