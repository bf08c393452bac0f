import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Engine } from '../../../src/engine/engine.js';
import { Protocol3Client } from '../../../src/protocol3/client/client.js';
import { startProtocol3Server } from '../../../src/protocol3/server/server.js';
import { createSoundHost, type SoundHost } from '../../../src/sound/index.js';
import { tempHome } from '../../helpers/show.js';
import { callOk, startSound } from './helpers.js';

const BIN = new URL('../../../bin/footlight.js', import.meta.url).pathname;

/** A second protocol-3 host (an empty project), standing in for another program that speaks protocol 3. */
async function secondHost(t: TestContext): Promise<{ host: SoundHost; port: number }> {
  const engine = new Engine();
  const host = createSoundHost(engine, { project: 'empty' });
  const server = await startProtocol3Server({ host: '127.0.0.1', port: 0, soundHost: host, engine });
  t.after(async () => {
    await server.close();
    host.dispose();
  });
  return { host, port: server.port };
}

test('startFootlight({soundHost}): the sound tools drive the other host; the built-in one is untouched', async (t) => {
  const second = await secondHost(t);
  const show = await startSound(t, { soundHost: `127.0.0.1:${second.port}`, soundCooperative: true });
  const status = await show.call('sound_get_status');
  assert.equal(status.connection.endpoint, `127.0.0.1:${second.port}`);
  const tracks = (await show.call('sound_list_tracks')).native.tracks as { name: string }[];
  assert.deepEqual(
    tracks.map((x) => x.name),
    ['Master'],
    'the empty project of the second host',
  );
  const tempo = await show.call('song_control_transport', { operation: 'tempo', bpm: 77 });
  assert.equal(tempo.status, 'completed');
  const direct = new Protocol3Client();
  await direct.connect('127.0.0.1', second.port);
  t.after(() => direct.close());
  assert.equal(((await direct.request('song-state')).transport as { tempo: number }).tempo, 77, 'the second host holds the change');
  const builtIn = await show.other();
  assert.equal(((await builtIn.request('song-state')).transport as { tempo: number }).tempo, 120, 'the built-in host was not written');
});

test('footlight serve --sound-host HOST:PORT --sound-cooperative: an outside MCP client drives the second host', async (t) => {
  const second = await secondHost(t);
  const home = await tempHome(t);
  const child: ChildProcess = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--sound-host', `127.0.0.1:${second.port}`, '--sound-cooperative'],
    {
      env: { ...process.env, FOOTLIGHT_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  t.after(() => child.kill('SIGKILL'));
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  let status: { running?: boolean; url?: string } = {};
  for (let i = 0; i < 1200 && status.running !== true; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = JSON.parse(await readFile(join(home, 'status.json'), 'utf8').catch(() => '{}'));
  }
  assert.equal(status.running, true);
  const client = new Client({ name: 'outside', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(status.url!)));
  t.after(() => client.close());
  const s = await callOk(client, 'sound_get_status');
  assert.equal(s.cooperative, true);
  assert.equal(s.connection.endpoint, `127.0.0.1:${second.port}`);
  const created = await callOk(client, 'sound_invoke_action', { action_id: 'Create%20Instrument%20Track' });
  assert.equal(created.status, 'completed');
  const tracks = (await callOk(client, 'sound_list_tracks')).native.tracks as { name: string }[];
  assert.equal(tracks.length, 2, 'the second host got the new track');
  assert.match(out, new RegExp(`Sound: +the sound tools drive 127\\.0\\.0\\.1:${second.port} \\(cooperative grant on\\)`));
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
});

test('serve refuses a malformed --sound-host', async (t) => {
  const home = await tempHome(t);
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--sound-host', 'nohostport'], {
    env: { ...process.env, FOOTLIGHT_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const code = await new Promise<number>((r) => child.once('exit', (c) => r(c ?? -1)));
  assert.notEqual(code, 0);
  assert.match(err, /a sound host is HOST:PORT/);
});
