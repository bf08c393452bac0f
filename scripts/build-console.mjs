#!/usr/bin/env node
// Bundles the web console (src/console/web) into dist/console with esbuild. Runs as the npm
// `prepare` script, so `npm ci` leaves a ready bundle and `footlight serve` never builds.
// `--watch` rebuilds on change during development.
import { build, context } from 'esbuild';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/console`;
const watch = process.argv.includes('--watch');

const options = {
  absWorkingDir: root,
  entryPoints: { app: 'src/console/web/main.tsx', 'monitor-worklet': 'src/console/web/monitor-worklet.ts' },
  outdir,
  bundle: true,
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'browser',
  target: ['chrome111', 'firefox115', 'safari16.4'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: !watch,
  sourcemap: true,
  legalComments: 'linked',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
};

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
await copyFile(`${root}src/console/web/index.html`, `${outdir}/index.html`);
if (watch) {
  const ctx = await context(options);
  await ctx.watch();
  process.stdout.write(`watching src/console/web → ${outdir}\n`);
} else {
  const t0 = performance.now();
  const result = await build({ ...options, metafile: true });
  let bytes = 0;
  for (const out of Object.values(result.metafile.outputs)) bytes += out.bytes;
  process.stdout.write(`console bundle: ${outdir} (${Math.round(bytes / 1024)} KiB incl. maps, ${Math.round(performance.now() - t0)} ms)\n`);
}
