import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { tempHome } from '../helpers/show.js';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const NPM = 'npm';

/** True when the npm registry answers; the install below fetches every dependency from it. */
async function registryReachable(): Promise<boolean> {
  try {
    await run(NPM, ['view', 'tsx', 'version'], { timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

async function waitForStatus(home: string, ms: number): Promise<{ pid: number; url: string; port: number }> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const s = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
      if (s.running === true) return s;
    } catch {
      // not written yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the installed footlight did not write a running status.json');
}

test('npm pack → install into an empty prefix → footlight serve answers /health and tools/list', async (t) => {
  if (!(await registryReachable())) return t.skip('the npm registry is unreachable: a tarball install needs it for the dependencies');
  const work = await mkdtemp(join(tmpdir(), 'footlight-pack-'));
  t.after(() => rm(work, { recursive: true, force: true }));

  // --ignore-scripts: the console bundle in dist/ is already built (npm ci / npm test build it).
  const packed = await run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: ROOT, maxBuffer: 64 << 20 });
  const [info] = JSON.parse(packed.stdout) as { filename: string; size: number; unpackedSize: number; files: { path: string }[] }[];
  const files = info.files.map((f) => f.path);
  for (const needed of ['bin/footlight.js', 'src/cli/main.ts', 'dist/console/index.html', 'dist/console/mcp-app.html', 'docs/agent-guide.md', 'package.json'])
    assert.ok(files.includes(needed), `the tarball must carry ${needed}`);
  const lean = files.filter((f) => /^(test|bench|scripts)\//.test(f) || f.endsWith('.map') || f.endsWith('.png') || f.startsWith('src/console/web/'));
  assert.deepEqual(lean, [], 'tests, bench, scripts, source maps, images and the console sources stay out of the tarball');
  const tarball = join(work, info.filename);
  assert.equal((await stat(tarball)).size, info.size);
  console.log(
    `tarball ${info.filename}: ${(info.size / 1024).toFixed(0)} KiB packed, ${(info.unpackedSize / 1024).toFixed(0)} KiB unpacked, ${files.length} files`,
  );

  const prefix = join(work, 'prefix');
  await run(NPM, ['install', '--prefix', prefix, '--no-audit', '--no-fund', tarball], { cwd: work, timeout: 300_000, maxBuffer: 64 << 20 });

  const home = await tempHome(t);
  const bin = join(prefix, 'node_modules', '.bin', 'footlight');
  const child = spawn(bin, ['serve', '--port', '0', '--sound-port', '0', '--osc-port', '0'], {
    cwd: work,
    env: { ...process.env, FOOTLIGHT_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.after(() => child.kill('SIGKILL'));
  let banner = '';
  child.stdout.on('data', (d) => (banner += d));
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const status = await waitForStatus(home, 120_000).catch((err: Error) => assert.fail(`${err.message}\n${stderr}`));
  assert.equal(status.pid, child.pid, 'the installed bin is the server process');
  const health = await fetch(new URL('/health', status.url));
  assert.equal(health.status, 200);
  assert.equal(((await health.json()) as { ok: boolean }).ok, true);

  const client = new Client({ name: 'package-install-test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(status.url)));
  const { tools } = await client.listTools();
  assert.ok(tools.some((tool) => tool.name === 'get_status'));
  await client.close();

  for (let i = 0; i < 100 && !banner.includes('Footlight is running.'); i++) await new Promise((r) => setTimeout(r, 50));
  assert.match(banner, /Footlight is running\./);
  process.kill(status.pid, 'SIGTERM');
  assert.equal(await exited, 0, stderr);
});
