#!/usr/bin/env node
// Builds the Claude Desktop bundle (dist/footlight.mcpb) with the official MCP Bundle tool: the
// stdio bridge (src/cli/bridge-standalone.ts) bundled by esbuild into one file with its
// dependencies, beside bundle/manifest.json (its version taken from package.json). `mcpb
// validate` checks the manifest and `mcpb pack` writes the archive; both work offline.
//   node scripts/build-bundle.mjs [out-dir]   (default dist/; writes <out-dir>/footlight.mcpb)
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = process.argv[2] ?? `${root}dist`;
const stage = `${outDir}/mcpb`;
const out = `${outDir}/footlight.mcpb`;
const mcpb = `${root}node_modules/@anthropic-ai/mcpb/dist/cli/cli.js`;

await rm(stage, { recursive: true, force: true });
await mkdir(`${stage}/server`, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/bridge-standalone.ts'],
  outfile: `${stage}/server/footlight-bridge.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'inline',
  logLevel: 'warning',
  // Some dependencies are CommonJS and call require(): give the ESM bundle one.
  banner: { js: "import { createRequire as __footlightRequire } from 'node:module'; const require = __footlightRequire(import.meta.url);" },
});
const pkg = JSON.parse(await readFile(`${root}package.json`, 'utf8'));
const manifest = JSON.parse(await readFile(`${root}bundle/manifest.json`, 'utf8'));
delete manifest.$schema; // an editor hint pointing into node_modules; meaningless inside the bundle
manifest.version = pkg.version;
await writeFile(`${stage}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
const run = (...args) => execFileSync(process.execPath, [mcpb, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
process.stdout.write(run('validate', `${stage}/manifest.json`));
process.stdout.write(run('pack', stage, out));
