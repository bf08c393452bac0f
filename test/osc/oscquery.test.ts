// OSCQuery over real HTTP: the tree has the shape the OSCQuery proposal gives (type tags, one
// VALUE and RANGE per tag, FULL_PATH = the path through CONTENTS) and the same addresses as the OSC
// surface; a value sent over OSC (node-osc) is read back through OSCQuery; the tree follows the
// live show; single nodes, attribute queries, HOST_INFO and errors.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import http from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { Client, decode } from 'node-osc';
import WebSocket from 'ws';
import { startShow, tempHome, type TestShow } from '../helpers/show.js';

interface Node {
  FULL_PATH: string;
  DESCRIPTION?: string;
  ACCESS: number;
  TYPE?: string;
  VALUE?: unknown[];
  RANGE?: { MIN?: number; MAX?: number; VALS?: unknown[] }[];
  CONTENTS?: Record<string, Node>;
}

const ATTRIBUTES = new Set(['FULL_PATH', 'DESCRIPTION', 'ACCESS', 'TYPE', 'VALUE', 'RANGE', 'CONTENTS']);
const FADER = '/lx/mixer/channel/1/fader';

async function rig(t: TestContext): Promise<{ show: TestShow; base: string; oscPort: number }> {
  const show = await startShow(t, { oscReceivePort: 0, oscQueryPort: 0 });
  const port = show.app.oscQuery?.port;
  const oscPort = show.app.osc?.receivePort;
  assert.ok(port !== undefined && port > 0 && oscPort !== undefined);
  return { show, base: `http://127.0.0.1:${port}`, oscPort };
}

async function getJson(url: string): Promise<{ status: number; body: any }> {
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** Checks a node against the proposal's shape; returns the FULL_PATHs of its methods (nodes with a TYPE or write-only). */
function check(node: Node, path: string, methods: Map<string, Node>): void {
  for (const k of Object.keys(node)) assert.ok(ATTRIBUTES.has(k), `${path}: unexpected attribute ${k}`);
  assert.equal(node.FULL_PATH, path);
  assert.ok([0, 1, 2, 3].includes(node.ACCESS), `${path}: ACCESS ${node.ACCESS}`);
  if (node.TYPE === 'N') {
    assert.equal(node.ACCESS, 2, `${path}: a trigger is write-only`);
    assert.equal(node.VALUE, undefined, `${path}: a trigger has no value`);
    methods.set(path, node);
  } else if (node.TYPE !== undefined) {
    assert.match(node.TYPE, /^[ifsr]$/, `${path}: one OSC type tag`);
    assert.equal(node.ACCESS, 3);
    assert.ok(Array.isArray(node.VALUE) && node.VALUE.length === node.TYPE.length, `${path}: one VALUE per type tag`);
    const v = node.VALUE[0];
    if (node.TYPE === 'f') assert.equal(typeof v, 'number');
    if (node.TYPE === 'i') assert.ok(Number.isInteger(v), `${path}: int VALUE ${v}`);
    if (node.TYPE === 's') assert.equal(typeof v, 'string');
    if (node.TYPE === 'r') assert.match(String(v), /^#[0-9A-F]{8}$/, `${path}: RGBA hex`);
    if (node.TYPE === 'f' || node.TYPE === 'i') {
      assert.ok(Array.isArray(node.RANGE) && node.RANGE.length === 1, `${path}: a RANGE for a number`);
      const { MIN, MAX } = node.RANGE[0];
      assert.ok(typeof MIN === 'number' && typeof MAX === 'number' && MIN <= MAX, `${path}: MIN ${MIN} MAX ${MAX}`);
      if (node.TYPE === 'f' || path.endsWith('/activePattern') === false) assert.ok((v as number) >= MIN && (v as number) <= MAX, `${path}: ${v} in range`);
    }
    methods.set(path, node);
  } else {
    assert.equal(node.ACCESS, 0);
    assert.equal(node.VALUE, undefined);
    assert.ok(node.CONTENTS !== undefined, `${path}: a node without a type is a container`);
  }
  for (const [name, child] of Object.entries(node.CONTENTS ?? {})) {
    assert.ok(name !== '' && !name.includes('/'), `${path}: child name ${name}`);
    check(child, `${path === '/' ? '' : path}/${name}`, methods);
  }
}

async function treeMethods(base: string): Promise<Map<string, Node>> {
  const { status, body } = await getJson(`${base}/`);
  assert.equal(status, 200);
  const methods = new Map<string, Node>();
  check(body as Node, '/', methods);
  return methods;
}

test('OSCQuery: the tree has the proposal shape and every address /osc-params lists; an OSC write reads back through VALUE', async (t) => {
  const { show, base, oscPort } = await rig(t);
  const methods = await treeMethods(base);
  const params = (await (await fetch(new URL('/osc-params', show.url))).json()) as { addresses: { address: string }[] };
  assert.deepEqual([...methods.keys()].sort(), params.addresses.map((a) => a.address).sort(), 'the same address space as the OSC surface');
  assert.ok(methods.size > 100, `a whole show (${methods.size} addresses)`);
  assert.deepEqual(
    { ...methods.get(FADER), DESCRIPTION: undefined },
    { FULL_PATH: FADER, DESCRIPTION: undefined, ACCESS: 3, TYPE: 'f', VALUE: [1], RANGE: [{ MIN: 0, MAX: 1 }] },
  );
  assert.equal(methods.get('/lx/framesPerSecond')?.TYPE, 'f');
  assert.ok((methods.get('/lx/framesPerSecond')?.RANGE?.[0].MAX ?? 0) > 1, 'absolute units: the parameter range');
  assert.equal(methods.get('/lx/mixer/channel/1/enabled')?.TYPE, 'i');
  assert.deepEqual(methods.get('/lx/mixer/channel/1/enabled')?.RANGE, [{ MIN: 0, MAX: 1 }]);
  assert.ok(
    [...methods.values()].some((n) => n.TYPE === 'r'),
    'colors as RGBA',
  );
  assert.ok(
    [...methods.values()].some((n) => n.ACCESS === 2),
    'triggers, write-only',
  );
  assert.ok(![...methods.keys()].some((a) => a.startsWith('/lx/structure')), 'fixtures are not OSC-addressable (LX)');

  // Send OSC to an address found in the tree; read the new VALUE back through OSCQuery.
  const client = new Client('127.0.0.1', oscPort);
  t.after(() => client.close());
  await client.send(FADER, { type: 'float', value: 0.25 });
  const until = async (want: number): Promise<void> => {
    const end = Date.now() + 10_000;
    for (;;) {
      const { body } = await getJson(`${base}${FADER}?VALUE`);
      if (body.VALUE[0] === want) return;
      if (Date.now() > end) assert.fail(`VALUE stayed ${JSON.stringify(body)}, not ${want}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await until(0.25);
  assert.equal((await show.call('get_parameter', { path: FADER })).parameter.value, 0.25);
  // The OSC write is an undo step like any other; undo shows through OSCQuery too.
  await show.call('undo');
  assert.deepEqual((await getJson(`${base}${FADER}?VALUE`)).body, { VALUE: [1] });
});

test('OSCQuery: single nodes, attribute queries, 404, 204, 400, 405, and a foreign Host refused', async (t) => {
  const { base } = await rig(t);
  const channel = await getJson(`${base}/lx/mixer/channel/1`);
  assert.equal(channel.status, 200);
  assert.equal(channel.body.FULL_PATH, '/lx/mixer/channel/1');
  assert.equal(channel.body.ACCESS, 0);
  assert.equal(channel.body.CONTENTS.fader.FULL_PATH, FADER);
  assert.equal(channel.body.CONTENTS.activePattern.TYPE, 'i');
  assert.deepEqual((await getJson(`${base}${FADER}?TYPE`)).body, { TYPE: 'f' });
  assert.deepEqual((await getJson(`${base}${FADER}?RANGE`)).body, { RANGE: [{ MIN: 0, MAX: 1 }] });
  assert.deepEqual((await getJson(`${base}${FADER}?ACCESS`)).body, { ACCESS: 3 });
  assert.deepEqual((await getJson(`${base}${FADER}?FULL_PATH`)).body, { FULL_PATH: FADER });
  assert.deepEqual((await getJson(`${base}${FADER}/`)).body.FULL_PATH, FADER, 'a trailing slash names the same node');
  assert.deepEqual((await getJson(`${base}/lx/mixer?TYPE`)).body, {}, 'a container has no type: an empty object');
  assert.equal((await getJson(`${base}/lx/mixer?VALUE`)).status, 204, 'a container has no value');
  assert.equal((await getJson(`${base}/lx/tempo/tap?VALUE`)).status, 200);
  const methods = await treeMethods(base);
  const trigger = [...methods.values()].find((n) => n.ACCESS === 2);
  assert.ok(trigger !== undefined);
  assert.equal((await getJson(`${base}${trigger.FULL_PATH}?VALUE`)).status, 204, 'a write-only trigger has no value');
  assert.equal((await getJson(`${base}${FADER}?UNIT`)).status, 204, 'an attribute of the proposal Footlight does not serve');
  const bad = await getJson(`${base}${FADER}?NONSENSE`);
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error, 'invalid_argument');
  const missing = await getJson(`${base}/lx/mixer/channel/99/fader`);
  assert.equal(missing.status, 404);
  assert.equal(missing.body.error, 'not_found');
  assert.equal((await getJson(`${base}/nothing?VALUE`)).status, 404);
  assert.equal((await getJson(`${base}/lx/structure`)).status, 404, 'the structure is not in the address space');
  assert.equal((await getJson(`${base}/%E0%A4%A`)).status, 400);
  const post = await fetch(`${base}${FADER}`, { method: 'POST', body: '{}' });
  assert.equal(post.status, 405);
  await post.text();
  // DNS rebinding: a page whose name resolves to 127.0.0.1 sends its own Host; refused.
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.get(`${base}/`, { headers: { host: 'attacker.example' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
  assert.equal(status, 403);
});

test('OSCQuery: HOST_INFO names the real OSC port; status.json has oscquery.port', async (t) => {
  const { show, base, oscPort } = await rig(t);
  for (const path of ['/', FADER, '/no/such/node']) {
    const info = await getJson(`${base}${path}?HOST_INFO`);
    assert.equal(info.status, 200, 'the path of a HOST_INFO query does not matter');
    assert.deepEqual(info.body, {
      NAME: 'Footlight',
      EXTENSIONS: { ACCESS: true, VALUE: true, RANGE: true, DESCRIPTION: true, LISTEN: true },
      OSC_IP: '127.0.0.1',
      OSC_PORT: oscPort,
      OSC_TRANSPORT: 'UDP',
    });
  }
  const file = JSON.parse(await readFile(join(show.home, 'status.json'), 'utf8'));
  assert.deepEqual(file.oscquery, { host: '127.0.0.1', port: show.app.oscQuery?.port, mdns: false });
});

test('OSCQuery follows the live show: a modulator added appears, removed is gone, with no restart', async (t) => {
  const { VariableLFO } = await import('../../src/light/modulation/modulators/variable-lfo.js');
  const { show, base } = await rig(t);
  const PHASE = '/lx/modulation/Slow-Wave/phase';
  assert.equal((await getJson(`${base}${PHASE}`)).status, 404);
  await show.app.engine.queue.submit(() => {
    show.app.light.lx.modulation.modulators.insert(new VariableLFO('Slow Wave'));
  });
  const added = await getJson(`${base}/lx/modulation/Slow-Wave`);
  assert.equal(added.status, 200);
  assert.equal(added.body.DESCRIPTION, 'Slow Wave');
  assert.equal(added.body.CONTENTS.phase.FULL_PATH, PHASE);
  await show.call('set_parameter', { path: '/lx/modulation/modulator/1/phase', value: 0.5 });
  assert.deepEqual((await getJson(`${base}${PHASE}?VALUE`)).body, { VALUE: [0.5] });
  await show.app.engine.queue.submit(() => {
    const lfo = show.app.light.lx.modulation.modulators.items[0];
    show.app.light.lx.modulation.modulators.remove(lfo);
  });
  assert.equal((await getJson(`${base}${PHASE}`)).status, 404);
});

test('OSCQuery is off unless asked for: no server, no oscquery in status.json', async (t) => {
  const show = await startShow(t, { oscReceivePort: 0 });
  assert.equal(show.app.oscQuery, undefined);
  const file = JSON.parse(await readFile(join(show.home, 'status.json'), 'utf8'));
  assert.equal(file.oscquery, undefined);
  assert.ok(file.osc !== undefined);
});

test('OSCQuery from config.json: oscQueryPort starts it without the option', async (t) => {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ oscQueryPort: 0 }));
  const show = await startShow(t, { home, oscReceivePort: 0 });
  const port = show.app.oscQuery?.port;
  assert.ok(port !== undefined && port > 0);
  const info = (await (await fetch(`http://127.0.0.1:${port}/?HOST_INFO`)).json()) as { OSC_PORT: number };
  assert.equal(info.OSC_PORT, show.app.osc?.receivePort);
});

test('OSCQuery LISTEN over a WebSocket streams an address as binary OSC until IGNORE; a foreign Host cannot open one', async (t) => {
  const { show, base, oscPort } = await rig(t);
  const ws = new WebSocket(base.replace('http:', 'ws:'));
  t.after(() => ws.terminate());
  await once(ws, 'open');
  const got: { address: string; value: unknown }[] = [];
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    assert.ok(isBinary, 'values arrive as binary OSC');
    const m = decode(data) as { address: string; args: { value: unknown }[] };
    got.push({ address: m.address, value: m.args[0].value });
  });
  const waitFor = async (address: string, value: unknown): Promise<void> => {
    const end = Date.now() + 10_000;
    while (!got.some((m) => m.address === address && m.value === value)) {
      if (Date.now() > end) assert.fail(`got ${JSON.stringify(got)}, waiting for ${address} ${value}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  /** Changes `path` over MCP until its change arrives: the commands sent before are handled (one socket, in order). */
  const barrier = async (path: string): Promise<void> => {
    for (let i = 1; !got.some((m) => m.address === path); i++) {
      assert.ok(i < 1000, 'the LISTEN was never handled');
      await show.call('set_parameter', { path, value: 0.1 + i / 1000 });
      await new Promise((r) => setTimeout(r, 10));
    }
    got.length = 0;
  };
  const SPEED = '/lx/speed';
  ws.send(JSON.stringify({ COMMAND: 'LISTEN', DATA: FADER }));
  ws.send('not json'); // ignored
  ws.send(Buffer.from([1, 2, 3]), { binary: true }); // OSC over the socket is not applied; ignored
  await barrier(FADER);
  // An OSC write streams back as the OSC surface applied it.
  const client = new Client('127.0.0.1', oscPort);
  t.after(() => client.close());
  await client.send(FADER, { type: 'float', value: 0.25 });
  await waitFor(FADER, 0.25);
  // IGNORE, then LISTEN to another address: once its changes arrive, the fader's next change is not sent.
  ws.send(JSON.stringify({ COMMAND: 'IGNORE', DATA: FADER }));
  ws.send(JSON.stringify({ COMMAND: 'LISTEN', DATA: SPEED }));
  await barrier(SPEED);
  await show.call('set_parameter', { path: FADER, value: 0.75 });
  await show.call('set_parameter', { path: SPEED, value: 1.5 });
  await waitFor(SPEED, 0.75);
  assert.deepEqual(got, [{ address: SPEED, value: 0.75 }], 'the ignored fader sent nothing; speed goes out normalized (1.5 of 0–2)');
  assert.ok((show.app.oscQuery?.stats.streamed ?? 0) >= 3);

  // An oversized command closes that socket (1009); the others and HTTP keep working.
  const big = new WebSocket(base.replace('http:', 'ws:'));
  t.after(() => big.terminate());
  await once(big, 'open');
  big.send(JSON.stringify({ COMMAND: 'LISTEN', DATA: `/${'x'.repeat(5000)}` }));
  const [code] = (await once(big, 'close')) as [number];
  assert.equal(code, 1009);
  await show.call('set_parameter', { path: SPEED, value: 1 });
  await waitFor(SPEED, 0.5);
  assert.equal((await getJson(`${base}${SPEED}?VALUE`)).body.VALUE[0], 0.5);

  const refused = new WebSocket(base.replace('http:', 'ws:'), { headers: { host: 'attacker.example' } });
  const [err] = (await once(refused, 'error')) as [Error];
  assert.match(err.message, /403/);
});

/** An OSC message with one nil (N) argument, encoded by hand: address, then ",N", each NUL-padded to 4 bytes. */
function nilMessage(address: string): Buffer {
  const pad = (s: string): Buffer => {
    const b = Buffer.from(s, 'ascii');
    return Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]);
  };
  return Buffer.concat([pad(address), pad(',N')]);
}

test('OSCQuery: a trigger is TYPE "N", and a message with a nil argument fires it over OSC', async (t) => {
  const { show, base, oscPort } = await rig(t);
  const methods = await treeMethods(base);
  const trigger = [...methods.values()].find((n) => n.TYPE === 'N');
  assert.ok(trigger !== undefined);
  const osc = show.app.osc!;
  const before = { ...osc.stats };
  const socket = dgram.createSocket('udp4');
  t.after(() => socket.close());
  socket.send(nilMessage(trigger.FULL_PATH), oscPort, '127.0.0.1');
  const end = Date.now() + 10_000;
  while (osc.stats.messages === before.messages) {
    if (Date.now() > end) assert.fail('the message was never handled');
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.equal(osc.stats.applied, before.applied + 1, `${trigger.FULL_PATH} fired (fire_trigger ran)`);
  assert.equal(osc.stats.rejected, before.rejected);
});
