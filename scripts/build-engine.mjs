#!/usr/bin/env node
// Compiles Footlight's TypeScript (src/, but the web console's) to plain ES modules in lib/, one
// file per source at the same depth, so the CLI and its worker threads run without tsx: no
// loader thread at start-up and no module wrappers in front of the engine's constants (issue
// #28). bin/footlight.js runs lib/ while no file in src/ is newer than the build, and the sources
// through tsx otherwise. Runs in `prepare` (so `npm ci` builds it) and before the tests.
// Worker entries (*.mjs) load their TypeScript through tsx; their lib/ copies drop the tsx
// registration and import the compiled .js instead. Markdown beside the sources (component notes)
// is copied, since modules read it relative to themselves. One command, render-sound, is bundled (below).
import { build } from 'esbuild';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestSourceMtime } from '../bin/compiled-build.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const srcDir = join(root, 'src');
const libDir = join(root, 'lib');
const SKIP = join(srcDir, 'console', 'web');

async function walk(dir) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (p === SKIP) continue;
    if (e.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}

const TSX_IMPORT = "import { register } from 'tsx/esm/api';\n";
const TSX_REGISTER = '\nregister();\n';

/** A worker entry's compiled twin: no tsx, and the worker's TypeScript named by its .js. */
function compiledEntry(file, text) {
  if (!text.includes(TSX_IMPORT) || !text.includes(TSX_REGISTER)) throw new Error(`${relative(root, file)}: a worker entry registers tsx as the build expects`);
  return text
    .replace(TSX_IMPORT, '')
    .replace(TSX_REGISTER, '\n')
    .replace(/(import\('\.\/[^']+)\.ts'\)/g, "$1.js')");
}

// Read before compiling: a source saved during the build is newer than the stamp, so lib/ is not used.
const sourcesMtimeMs = newestSourceMtime(root);
const files = await walk(srcDir);
await rm(libDir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: files.filter((f) => f.endsWith('.ts')),
  outdir: libDir,
  outbase: srcDir,
  bundle: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});
for (const f of files.filter((f) => !f.endsWith('.ts'))) {
  const out = join(libDir, relative(srcDir, f));
  await mkdir(dirname(out), { recursive: true });
  if (f.endsWith('.mjs')) {
    const text = await readFile(f, 'utf8');
    await writeFile(out, text.includes('tsx/esm/api') ? compiledEntry(f, text) : text);
  } else await copyFile(f, out);
}
// render-sound, whose start-up is measured against Csound's (issue #28), runs as one bundle: Node's ESM loader costs
// ~0.5 ms of CPU per module (resolve, open, read, compile, link), and its ~80 modules are most of the command's start.
// The bundle replaces the per-file lib/cli/render-sound.js; what it imports lazily (the demo song, the SoundFont
// engine) stays in chunks beside it; main.js imports it. A bundled module's import.meta.url would name the bundle, so
// none may use it.
const bundled = await build({
  absWorkingDir: root,
  entryPoints: [join(srcDir, 'cli', 'render-sound.ts')],
  outdir: join(libDir, 'cli'),
  chunkNames: 'render-sound-chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  packages: 'external',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  metafile: true,
  logLevel: 'warning',
});
for (const input of Object.keys(bundled.metafile.inputs)) {
  if (/import\.meta\.(url|dirname|filename)/.test(await readFile(join(root, input), 'utf8')))
    throw new Error(`${input} reads import.meta, so it cannot be bundled into lib/cli/render-sound.js`);
}
// bin/footlight.js starts `footlight render-sound` at render-sound-main.cjs: the same modules, its options and commander
// in one CommonJS file, which Node loads without its ESM loader and without scanning CommonJS packages for their
// exports (cjs-module-lexer reads commander and midi-file on every import from ESM): 0.29 → 0.25 s of CPU for a 10 ms
// render. Packages it imports lazily (the SoundFont engine, the sample decoders) stay outside, loaded when used.
const INLINE = new Set(['commander', 'midi-file']);
const renderSoundMain = join(libDir, 'cli', 'render-sound-main.cjs');
const main = await build({
  absWorkingDir: root,
  entryPoints: [join(srcDir, 'cli', 'render-sound-main.ts')],
  outfile: renderSoundMain,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  metafile: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'lazy-packages-outside',
      setup(b) {
        // commander requires child_process (and with it net, stream, dgram) only to spawn executable
        // subcommands, which render-sound has none of: about 7 ms of a 0.23 s start, loaded on first use instead.
        // Likewise dgram and net, which the timecode options' module (timecode-out.ts) imports to send timecode over
        // the network, which render-sound never does: they and the streams they load are ~3 % of its start.
        b.onResolve({ filter: /^node:(child_process|dgram|net)$/ }, (a) =>
          a.namespace !== 'lazy-builtin' && (a.path !== 'node:child_process' || /[/\\]commander[/\\]/.test(a.importer))
            ? { path: a.path, namespace: 'lazy-builtin' }
            : { path: a.path, external: true },
        );
        b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (a) => ({
          contents: `module.exports = new Proxy({}, { get: (_, key) => require(${JSON.stringify(a.path)})[key] });`,
          loader: 'js',
        }));
        b.onResolve({ filter: /^[^./]/ }, (a) => (INLINE.has(a.path) ? undefined : { path: a.path, external: true }));
      },
    },
  ],
});
// bin/footlight.js runs lib/ while no source is newer than this; render-sound while none of its bundle's sources is.
const bundles = { 'render-sound': Object.keys(main.metafile.inputs).filter((f) => f.startsWith('src/')) };
await writeFile(join(libDir, 'build.json'), `${JSON.stringify({ sourcesMtimeMs, bundles })}\n`);
