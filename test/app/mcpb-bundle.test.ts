import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startShow, tempHome } from '../helpers/show.js';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const MCPB = join(ROOT, 'node_modules/@anthropic-ai/mcpb/dist/cli/cli.js');
const mcpb = (...args: string[]) => run(process.execPath, [MCPB, ...args], { cwd: ROOT });

test('npm run bundle: the official mcpb tool validates and packs the stdio bridge, and the unpacked bundle relays MCP', async (t) => {
  const out = await tempHome(t);
  await run(process.execPath, [join(ROOT, 'scripts/build-bundle.mjs'), out], { cwd: ROOT });
  const unpacked = join(out, 'unpacked');
  await mcpb('unpack', join(out, 'footlight.mcpb'), unpacked);
  const validated = await mcpb('validate', join(unpacked, 'manifest.json'));
  assert.match(validated.stdout, /validation passes/);
  const manifest = JSON.parse(await readFile(join(unpacked, 'manifest.json'), 'utf8'));
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
  assert.equal(manifest.version, pkg.version);
  console.log(`footlight.mcpb: ${((await stat(join(out, 'footlight.mcpb'))).size / 1024).toFixed(0)} KiB`);

  // Claude Desktop starts the entry as the manifest says, with ${__dirname} the unpacked folder;
  // the bridge finds the running Footlight through status.json in FOOTLIGHT_HOME.
  const show = await startShow(t);
  const { command, args } = manifest.server.mcp_config as { command: string; args: string[] };
  assert.equal(command, 'node');
  const client = new Client({ name: 'claude-desktop-like', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: args.map((a) => a.replace('${__dirname}', unpacked)),
      env: { ...process.env, FOOTLIGHT_HOME: show.home } as Record<string, string>,
    }),
  );
  t.after(() => client.close());
  const { tools } = await client.listTools();
  assert.ok(tools.some((tool) => tool.name === 'get_status'));
  const status = await client.callTool({ name: 'get_status', arguments: {} });
  assert.equal((status.structuredContent as { port: number }).port, Number(new URL(show.url).port));
});

test('mcpb validate refuses a manifest without a server entry', async (t) => {
  const dir = await tempHome(t);
  const manifest = JSON.parse(await readFile(join(ROOT, 'bundle/manifest.json'), 'utf8'));
  delete manifest.server;
  delete manifest.$schema;
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  await assert.rejects(mcpb('validate', join(dir, 'manifest.json')));
});
