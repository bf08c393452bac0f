import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { silentLogger } from '../../src/engine/log.js';
import { startFootlight, type RunningFootlight } from '../../src/main.js';
import { writeStatus, readStatus } from '../../src/app/status-file.js';
import { tempHome } from '../helpers/show.js';

const BIN = new URL('../../bin/footlight.js', import.meta.url).pathname;
const FADER = '/lx/mixer/channel/1/fader';

const start = (home: string, port = 0): Promise<RunningFootlight> =>
  startFootlight({ host: '127.0.0.1', port, soundPort: 0, home, log: silentLogger, realtime: false, oscReceivePort: 0, oscTransmitPort: 0, demo: 'grid' });

test('bridge: carries on by itself across Footlight restarts (same port: unknown session; new port: re-read status.json)', async (t) => {
  const home = await tempHome(t);
  let app = await start(home);
  t.after(() => app.close());
  const stderr: string[] = [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'bridge'],
    env: { ...process.env, FOOTLIGHT_HOME: home } as Record<string, string>,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
  const client = new Client({ name: 'desktop-like', version: '1' });
  await client.connect(transport);
  t.after(() => client.close());
  const value = async (): Promise<number> =>
    ((await client.callTool({ name: 'get_parameter', arguments: { path: FADER } })).structuredContent as { parameter: { value: number } }).parameter.value;
  assert.equal(typeof (await value()), 'number');

  // Restart on the same port: the old session id now gets 404.
  const port = app.http.port;
  await app.close();
  app = await start(home, port);
  const set = await client.callTool({ name: 'set_parameter', arguments: { path: FADER, value: 0.3 } });
  assert.notEqual(set.isError, true, JSON.stringify(set.content));
  assert.equal(await value(), 0.3);
  const history = (await client.callTool({ name: 'get_history', arguments: {} })).structuredContent as { steps: { client?: string }[] };
  assert.equal(history.steps.length, 1, 'the re-sent call ran once');
  assert.equal(history.steps[0].client, 'desktop-like', "the new session carries the client's own identity");
  assert.match(
    stderr.join(''),
    /404 for this session: it restarted[\s\S]*re-initialized with Footlight at [\s\S]*re-sent tools\/call set_parameter: it never ran/,
  );

  // Restart on a new port: the bridge reads status.json again.
  await app.close();
  app = await start(home);
  assert.notEqual(app.http.port, port);
  await client.callTool({ name: 'set_parameter', arguments: { path: FADER, value: 0.6 } });
  assert.equal(await value(), 0.6);
  await client.callTool({ name: 'undo', arguments: {} });
  assert.equal(await value(), 1, "undo restored the fresh show's fader");

  // A stale status.json (its process is gone) is reported in words.
  await app.close();
  const status = (await readStatus(home))!;
  const dead = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => dead.on('exit', r));
  await writeStatus(home, { ...status, running: true, pid: dead.pid! });
  const stale = await client.callTool({ name: 'get_status', arguments: {} }).then(
    () => 'answered',
    (e: unknown) => String(e),
  );
  assert.match(stale, /status\.json is stale: it names process \d+ at http:\/\/127\.0\.0\.1:\d+\/mcp, which is not running/);
  app = await start(home);
});

test('bridge: exits cleanly when stdin closes', async (t) => {
  const home = await tempHome(t);
  const app = await start(home);
  t.after(() => app.close());
  const child = spawn(process.execPath, [BIN, 'bridge'], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise((r) => setTimeout(r, 500));
  child.stdin.end();
  const timer = setTimeout(() => child.kill(), 60_000); // a safety net only: under a loaded CI machine the bridge takes seconds to start
  assert.equal(await exited, 0);
  clearTimeout(timer);
});
