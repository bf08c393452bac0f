// `footlight serve --oscquery-port 0`: the real process writes the OSCQuery port to status.json and
// its banner; HOST_INFO names the OSC port status.json gives; an OSC message sent to an address
// from the tree is read back through OSCQuery; SIGTERM stops both. Without --oscquery-mdns the
// banner and status.json say there is no mDNS advertisement, and the process has no socket on UDP 5353.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from 'node-osc';
import { tempHome } from '../helpers/show.js';
import { udpPortsOf } from '../helpers/proc-sockets.js';
import { BIN, exitOf, until } from '../helpers/serve-process.js';

test('serve --oscquery-port 0: status.json oscquery.port, HOST_INFO with the real OSC port, an OSC write read back', async (t) => {
  const home = await tempHome(t);
  const args = ['serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', 'off', '--oscquery-port', '0'];
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  t.after(() => child.kill('SIGKILL'));
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.resume();
  const status = await until('status.json', async () => {
    const s = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
    return s.running === true && s.oscquery !== undefined ? s : undefined;
  });
  assert.equal(status.oscquery.host, '127.0.0.1');
  assert.equal(status.oscquery.mdns, false);
  assert.ok(status.oscquery.port > 0 && status.osc.receivePort > 0);
  await until('the banner', async () => (/Press Ctrl-C/.test(out) ? true : undefined));
  assert.match(out, new RegExp(`OSCQuery: http://127\\.0\\.0\\.1:${status.oscquery.port}/ \\(no mDNS advertisement; --oscquery-mdns turns it on\\)\\n`));
  const udp = await udpPortsOf(child.pid!);
  assert.ok(udp.has(status.osc.receivePort), 'the socket scan sees the OSC port');
  assert.ok(!udp.has(5353), 'nothing opens the mDNS port without --oscquery-mdns');
  const base = `http://127.0.0.1:${status.oscquery.port}`;
  const info = (await (await fetch(`${base}/?HOST_INFO`)).json()) as Record<string, unknown>;
  assert.equal(info.OSC_PORT, status.osc.receivePort);
  assert.equal(info.OSC_TRANSPORT, 'UDP');
  const tree = (await (await fetch(`${base}/lx/mixer/channel/1`)).json()) as { CONTENTS: Record<string, { FULL_PATH: string; VALUE: unknown[] }> };
  const fader = tree.CONTENTS.fader;
  assert.equal(typeof fader.VALUE[0], 'number');
  const want = fader.VALUE[0] === 0.5 ? 0.25 : 0.5;
  const client = new Client('127.0.0.1', info.OSC_PORT as number);
  t.after(() => client.close());
  await client.send(fader.FULL_PATH, { type: 'float', value: want });
  await until('the new VALUE', async () => {
    const v = (await (await fetch(`${base}${fader.FULL_PATH}?VALUE`)).json()) as { VALUE: unknown[] };
    return v.VALUE[0] === want ? true : undefined;
  });
  child.kill('SIGTERM');
  assert.equal(await exitOf(child), 0);
  await assert.rejects(fetch(`${base}/`), 'the OSCQuery port is closed with the show');
});
