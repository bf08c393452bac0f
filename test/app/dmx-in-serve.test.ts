// `footlight serve --dmx-in`: the receivers the operator names listen on loopback, the banner and
// status.json say where, a desk's sACN (the sacn package, unicast) reaches get_dmx_input through an
// outside SDK client; a mistyped receiver stops the start with the reason; config.json's dmxIn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Sender } from 'sacn';
import { tempHome } from '../helpers/show.js';
import { loadConfig } from '../../src/app/config.js';
import { dmxInConfig } from '../../src/light/input/dmx-in-config.js';
import type { Logger } from '../../src/engine/log.js';
import { BIN, exitOf, until } from '../helpers/serve-process.js';

const BASE = ['serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', 'off'];

function run(args: string[], home: string): { child: ChildProcess; out: () => string; err: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  return { child, out: () => out, err: () => err };
}

test('serve --dmx-in: loopback receivers, the banner, status.json, and a desk read back through get_dmx_input', async (t) => {
  const home = await tempHome(t);
  const serve = run([...BASE, '--dmx-in', 'artnet:0', '--dmx-in', 'sacn:0/1-4'], home);
  t.after(() => serve.child.kill('SIGKILL'));
  const status = await until('status.json with the DMX inputs', async () => {
    const s = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
    return s.running === true && s.dmxIn !== undefined ? s : undefined;
  });
  assert.equal(status.dmxIn.host, '127.0.0.1');
  const [artnet, sacn] = status.dmxIn.receivers;
  assert.deepEqual([artnet.protocol, sacn.protocol], ['artnet', 'sacn']);
  await until('the banner', async () => (/Press Ctrl-C/.test(serve.out()) ? true : undefined));
  assert.match(serve.out(), new RegExp(`DMX in: +Art-Net udp 127\\.0\\.0\\.1:${artnet.port}, sACN udp 127\\.0\\.0\\.1:${sacn.port} universes 1-4\\n`));

  const desk = new Sender({
    universe: 2,
    port: sacn.port,
    useUnicastDestination: '127.0.0.1',
    defaultPacketOptions: { sourceName: 'Console desk', useRawDmxValues: true },
  });
  t.after(() => desk.close());
  const client = new Client({ name: 'outside', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(status.url)));
  t.after(() => client.close());
  const input = await until('the desk in get_dmx_input', async () => {
    await desk.send({ payload: { 1: 10, 2: 20, 3: 30 } });
    const r = (await client.callTool({ name: 'get_dmx_input', arguments: { universes: [2] } })).structuredContent as {
      universes: { universe: number; sourceName?: string; first: number[] }[];
    };
    // The name reaches the engine by message a moment after the levels.
    return r.universes[0]?.sourceName !== undefined ? r : undefined;
  });
  assert.equal(input.universes[0].sourceName, 'Console desk');
  assert.deepEqual(input.universes[0].first.slice(0, 4), [10, 20, 30, 0]);
  serve.child.kill('SIGTERM');
  assert.equal(await exitOf(serve.child), 0);
});

test('serve: a DMX input that is not artnet or sacn, or multicast on loopback, stops the start with the reason', async (t) => {
  const home = await tempHome(t);
  const bad = run([...BASE, '--dmx-in', 'dmx512'], home);
  assert.notEqual(await exitOf(bad.child), 0);
  assert.match(bad.err(), /a DMX input is artnet or sacn, then optionally :PORT and \/UNIVERSES/);
  const range = run([...BASE, '--dmx-in', 'sacn/0-2'], home);
  assert.notEqual(await exitOf(range.child), 0);
  assert.match(range.err(), /universes run 1–511 for sACN/);
  const multicast = run([...BASE, '--dmx-in', 'sacn/1-2', '--dmx-in-multicast'], home);
  assert.equal(await exitOf(multicast.child), 2);
  assert.match(multicast.err(), /sACN multicast joins groups on a network interface: name its address with --dmx-in-host/);
});

test("config.json's dmxIn: read when valid; a bad one is logged and the whole file ignored", async (t) => {
  const home = await tempHome(t);
  const warnings: string[] = [];
  const log = { warn: (f: { reason?: string }) => warnings.push(f.reason ?? ''), info() {}, debug() {}, error() {} } as unknown as Logger;
  // As startFootlight loads it: the receivers' rules come from the light wing.
  const checks = { dmxIn: (value: Parameters<typeof dmxInConfig>[1]) => dmxInConfig({}, value) };
  await writeFile(join(home, 'config.json'), '{"dmxIn": {"receivers": ["artnet", "sacn:5569/1-4"]}}');
  assert.deepEqual(await loadConfig(home, log, checks), { dmxIn: { receivers: ['artnet', 'sacn:5569/1-4'] } });
  await writeFile(join(home, 'config.json'), '{"port": 4000, "dmxIn": {"receivers": ["sacn/1"], "multicast": true}}');
  assert.deepEqual(await loadConfig(home, log, checks), {});
  await writeFile(join(home, 'config.json'), '{"dmxIn": {"receivers": ["midi"]}}');
  assert.deepEqual(await loadConfig(home, log, checks), {});
  const nine = Array.from({ length: 9 }, (_, i) => `"artnet:${7000 + i}"`).join(',');
  await writeFile(join(home, 'config.json'), `{"dmxIn": {"receivers": [${nine}]}}`);
  assert.deepEqual(await loadConfig(home, log, checks), {});
  await writeFile(join(home, 'config.json'), '{"dmxIn": {"receivers": "artnet"}}');
  assert.deepEqual(await loadConfig(home, log, checks), {});
  assert.equal(warnings.length, 4);
  assert.match(warnings[0], /dmxIn: sACN multicast joins groups on a network interface/);
  assert.match(warnings[1], /dmxIn: a DMX input is artnet or sacn/);
  assert.match(warnings[2], /dmxIn: at most 8 DMX inputs; got 9/);
  assert.match(warnings[3], /dmxIn\.receivers: /);
});
