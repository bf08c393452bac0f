#!/usr/bin/env node
// Bundles the web console (src/console/web) into dist/console with esbuild. Runs as the npm
// `prepare` script, so `npm ci` leaves a ready bundle and `footlight serve` never builds.
// `--watch` rebuilds on change during development.
import { build, context } from 'esbuild';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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

/**
 * The MCP App (ui://footlight/preview): the console's preview code as one self-contained HTML
 * file, since an app host loads it into a sandboxed frame that may fetch nothing.
 */
async function buildApp() {
  const out = await build({
    absWorkingDir: root,
    entryPoints: ['src/console/web/app/preview-app.ts'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: options.target,
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    define: options.define,
  });
  const js = out.outputFiles[0].text.replaceAll('</script', '<\\/script');
  const html = await readFile(`${root}src/console/web/app/preview-app.html`, 'utf8');
  await writeFile(
    `${outdir}/mcp-app.html`,
    html.replace('<script>/*APP*/</script>', () => `<script>${js}</script>`),
  );
}

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
await copyFile(`${root}src/console/web/index.html`, `${outdir}/index.html`);
if (watch) {
  await buildApp();
  const ctx = await context(options);
  await ctx.watch();
  process.stdout.write(`watching src/console/web → ${outdir}\n`);
} else {
  const t0 = performance.now();
  const result = await build({ ...options, metafile: true });
  await buildApp();
  let bytes = 0;
  for (const out of Object.values(result.metafile.outputs)) bytes += out.bytes;
  process.stdout.write(`console bundle: ${outdir} (${Math.round(bytes / 1024)} KiB incl. maps, ${Math.round(performance.now() - t0)} ms)\n`);
}
