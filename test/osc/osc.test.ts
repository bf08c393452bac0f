// The OSC surface against node-osc, an independent OSC implementation (its own codec): values
// set over UDP are read back through MCP, changes made over MCP arrive at the peer, queries and
// bundles work, knob-like streams merge into one undo step, and fuzzed datagrams change nothing.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Bundle, Client, Message, Server } from 'node-osc';
import { startShow, type TestShow } from '../helpers/show.js';
import { prng } from '../reliability/helpers.js';

type OscMsg = [string, ...unknown[]];

interface Rig {
  readonly show: TestShow;
  readonly client: Client;
  readonly received: OscMsg[];
  readonly port: number;
  /** Waits until the peer has received a message at `address` (after `from` messages). */
  waitFor(address: string, from?: number): Promise<OscMsg>;
  /** Sends /lx/framerate and waits for its reply: every datagram sent before it has been handled. */
  sync(): Promise<void>;
}

async function rig(t: TestContext): Promise<Rig> {
  const peer = new Server(0, '127.0.0.1');
  await once(peer, 'listening');
  const received: OscMsg[] = [];
  peer.on('message', (m: OscMsg) => received.push(m));
  t.after(() => peer.close());
  const peerPort = (peer._sock.address() as { port: number }).port;
  const show = await startShow(t, { oscReceivePort: 0, oscTransmitPort: peerPort });
  const port = show.app.osc?.receivePort;
  assert.ok(port !== undefined && port > 0);
  const client = new Client('127.0.0.1', port);
  t.after(() => client.close());
  const waitFor = async (address: string, from = 0): Promise<OscMsg> => {
    const end = Date.now() + 5000;
    for (;;) {
      const hit = received.slice(from).find((m) => m[0] === address);
      if (hit !== undefined) return hit;
      if (Date.now() > end)
        throw new Error(
          `no ${address} received; got ${received
            .slice(from)
            .map((m) => m[0])
            .join(', ')}`,
        );
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  return {
    show,
    client,
    received,
    port,
    waitFor,
    async sync() {
      const from = received.length;
      await client.send('/lx/framerate');
      await waitFor('/lx/framerate', from);
    },
  };
}

const FADER = '/lx/mixer/channel/1/fader';

async function value(show: TestShow, path: string): Promise<unknown> {
  return (await show.call('get_parameter', { path })).parameter.value;
}

test('OSC set → engine value, by LX rules: normalized knobs, absolute units, discretes, booleans, labels', async (t) => {
  const r = await rig(t);
  await r.client.send(FADER, { type: 'float', value: 0.25 });
  await r.client.send('/lx/speed', { type: 'float', value: 0.25 }); // normalized: 0–2 knob → 0.5
  await r.client.send('/lx/framesPerSecond', { type: 'float', value: 30 }); // absolute (LX sets it explicitly)
  await r.client.send('/lx/mixer/channel/Channel-2/crossfadeGroup', { type: 'integer', value: 2 }); // by label; enum as int
  await r.client.send('/lx/mixer/channel/2/enabled', { type: 'integer', value: 0 });
  await r.client.send('/lx/mixer/channel/1/pattern/active/label', 'Sky');
  await r.client.send('/lx/mixer/channel/2/pattern/1/color/hue', { type: 'float', value: 0.5 }); // hue 0–359 → 179.5
  await r.sync();
  assert.equal(await value(r.show, FADER), 0.25);
  assert.equal(await value(r.show, '/lx/speed'), 0.5);
  assert.equal(await value(r.show, '/lx/framesPerSecond'), 30);
  assert.equal(await value(r.show, '/lx/mixer/channel/2/crossfadeGroup'), 2);
  assert.equal(await value(r.show, '/lx/mixer/channel/2/enabled'), false);
  assert.equal(await value(r.show, '/lx/mixer/channel/1/pattern/1/label'), 'Sky');
  assert.equal(await value(r.show, '/lx/mixer/channel/2/pattern/1/color/hue'), 179.5);
  const history = await r.show.call('get_history');
  const json = JSON.stringify(history);
  assert.match(json, /"surface":"osc"/, 'OSC changes are undo steps attributed to OSC');
  // Each change is its own step; undo restores through the same history.
  await r.show.call('undo');
  assert.equal(await value(r.show, '/lx/mixer/channel/2/pattern/1/color/hue'), 220);
});

test('OSC: a stream of writes to one parameter is one undo step; undo restores the value before the gesture', async (t) => {
  const r = await rig(t);
  const before = await value(r.show, FADER);
  const h0 = await r.show.call('get_history');
  for (let i = 1; i <= 20; i++) await r.client.send(FADER, { type: 'float', value: i / 40 });
  await r.sync();
  assert.equal(await value(r.show, FADER), 0.5);
  const h1 = await r.show.call('get_history');
  const steps = (h: { undo?: unknown[]; entries?: unknown[] }) => JSON.stringify(h).match(/"seq":/g)?.length ?? 0;
  assert.equal(steps(h1) - steps(h0), 1, 'twenty writes, one step');
  await r.show.call('undo');
  assert.equal(await value(r.show, FADER), before);
});

test('OSC: writing the value a parameter already has makes no undo step (a fader, a color)', async (t) => {
  const r = await rig(t);
  const steps = (h: unknown) => JSON.stringify(h).match(/"seq":/g)?.length ?? 0;
  const HUE = '/lx/mixer/channel/2/pattern/1/color/hue';
  await r.show.call('set_parameter', { path: HUE, value: 179.5 }); // OSC 0.5 on the 0–359 range
  const h0 = await r.show.call('get_history');
  const fader = (await value(r.show, FADER)) as number;
  await r.client.send(FADER, { type: 'float', value: fader });
  await r.client.send(HUE, { type: 'float', value: 0.5 });
  await r.sync();
  assert.equal(await value(r.show, FADER), fader);
  assert.equal(await value(r.show, HUE), 179.5);
  assert.equal(steps(await r.show.call('get_history')), steps(h0), 'no step for writes that change nothing');
  // A real change still is one step.
  await r.client.send(FADER, { type: 'float', value: 0.375 });
  await r.sync();
  assert.equal(steps(await r.show.call('get_history')), steps(h0) + 1);
});

test('OSC: a change made over MCP is transmitted; osc-query re-sends a subtree; bundles apply every element', async (t) => {
  const r = await rig(t);
  const from = r.received.length;
  await r.show.call('set_parameter', { path: '/lx/mixer/channel/2/fader', value: 0.75 });
  const sent = await r.waitFor('/lx/mixer/channel/2/fader', from);
  assert.ok(Math.abs((sent[1] as number) - 0.75) < 1e-6, `normalized float sent: ${sent[1]}`);

  const q = r.received.length;
  await r.client.send('/lx/mixer/channel/1/osc-query');
  const enabled = await r.waitFor('/lx/mixer/channel/1/enabled', q);
  assert.equal(enabled[1], 1, 'booleans go out as int 0/1');
  const blend = await r.waitFor('/lx/mixer/channel/1/blendMode', q);
  assert.equal(blend[1], 0, 'discretes go out as ints');
  await r.waitFor('/lx/mixer/channel/1/activePattern', q);

  const bundle = new Bundle(
    0,
    new Message('/lx/mixer/channel/1/fader', { type: 'float', value: 0.125 }),
    new Message('/lx/mixer/crossfader', { type: 'float', value: 0.9 }),
  );
  await r.client.send(bundle);
  await r.sync();
  assert.equal(await value(r.show, FADER), 0.125, 'OSC floats are float32: 0.125 is exact');
  assert.ok(Math.abs(((await value(r.show, '/lx/mixer/crossfader')) as number) - 0.9) < 1e-6, 'float32 0.9');
  const stats = r.show.app.osc!.stats;
  assert.equal(stats.malformed, 0);
});

test('OSC: unknown addresses and out-of-range values are refused without touching the show', async (t) => {
  const r = await rig(t);
  const history = await r.show.call('get_history');
  const fader = await value(r.show, FADER);
  await r.client.send('/lx/mixer/channel/9/fader', { type: 'float', value: 0.5 });
  await r.client.send('/lx/structure/fixture/1/enabled', { type: 'integer', value: 1 });
  await r.client.send(FADER, { type: 'float', value: 1.5 });
  await r.client.send('/lx/mixer/channel/1/crossfadeGroup', { type: 'integer', value: 7 });
  await r.client.send('/lx/mixer/channel/1/activePattern', { type: 'integer', value: 5 });
  await r.sync();
  assert.equal(await value(r.show, FADER), fader);
  assert.deepEqual(await r.show.call('get_history'), history);
  const stats = r.show.app.osc!.stats;
  assert.equal(stats.unknown, 2);
  assert.equal(stats.rejected, 3);
});

test('OSC fuzz: random bytes, truncated packets, bad type tags and bad padding change nothing and the listener stays up', async (t) => {
  const r = await rig(t);
  const state = await r.show.call('list_parameters', { path: '/lx/mixer/channel/1' });
  const history = await r.show.call('get_history');
  const raw = dgram.createSocket('udp4');
  t.after(() => new Promise<void>((done) => raw.close(() => done())));
  const send = (b: Buffer) => new Promise<void>((done) => raw.send(b, r.port, '127.0.0.1', () => done()));
  const rand = prng(5);
  const valid = Buffer.from([...Buffer.from('/lx/mixer/channel/1/fader\0\0\0'), ...Buffer.from(',f\0\0'), 0x3f, 0x00, 0x00, 0x00]);
  const cases: Buffer[] = [];
  for (let i = 0; i < 200; i++) cases.push(Buffer.from(Array.from({ length: 1 + Math.floor(rand() * 64) }, () => Math.floor(rand() * 256))));
  for (let n = 1; n < valid.length; n++) cases.push(valid.subarray(0, n)); // every truncation
  cases.push(Buffer.from([...Buffer.from('/lx/mixer/channel/1/fader\0\0\0'), ...Buffer.from(',q\0\0'), 0, 0, 0, 0])); // unknown type tag
  cases.push(Buffer.from([...Buffer.from('/lx/mixer/channel/1/fader\0xx'), ...Buffer.from(',f\0\0'), 0x3f, 0, 0, 0])); // corrupt padding
  cases.push(Buffer.from([...Buffer.from('/lx/mixer/channel/1/fader\0\0\0'), 0x3f, 0, 0, 0])); // no type tags
  cases.push(Buffer.concat([Buffer.from('#bundle\0'), Buffer.alloc(8), Buffer.from([0, 0, 0, 40]), valid])); // element size past the end
  cases.push(
    Buffer.concat([
      Buffer.from('#bundle\0'),
      Buffer.alloc(8),
      Buffer.from([0, 0, 0, valid.length]),
      valid,
      Buffer.from([0, 0, 0, 8]),
      Buffer.from('/x\0\0,q\0\0'),
    ]),
  ); // one bad element spoils the bundle
  for (const c of cases) await send(c);
  await r.sync();
  const stats = r.show.app.osc!.stats;
  // Random bytes that happen to form a valid OSC message with a routable address are vanishingly unlikely; every case here is malformed or unroutable.
  assert.ok(stats.malformed >= cases.length - 5, `malformed counted: ${stats.malformed} of ${cases.length}`);
  assert.equal(stats.applied, 0);
  assert.deepEqual(await r.show.call('list_parameters', { path: '/lx/mixer/channel/1' }), state);
  assert.deepEqual(await r.show.call('get_history'), history);
  // Still listening: a good message is applied.
  await send(valid);
  await r.sync();
  assert.equal(await value(r.show, FADER), 0.5);
});

test('GET /osc-params lists the address space with types, modes and values; status reports the OSC port', async (t) => {
  const r = await rig(t);
  const res = await fetch(new URL('/osc-params', r.show.url));
  assert.equal(res.status, 200);
  const body = (await res.json()) as {
    receive: { host: string; port: number };
    addresses: { address: string; type: string; mode?: string; value: unknown; range?: unknown }[];
  };
  assert.deepEqual(body.receive, { host: '127.0.0.1', port: r.port });
  const by = new Map(body.addresses.map((a) => [a.address, a]));
  assert.deepEqual(
    { ...by.get(FADER), path: undefined, label: undefined },
    { address: FADER, path: undefined, label: undefined, kind: 'bounded', type: 'f', mode: 'normalized', range: { min: 0, max: 1 }, value: 1 },
  );
  assert.equal(by.get('/lx/framesPerSecond')?.mode, 'absolute');
  assert.equal(by.get('/lx/mixer/channel/1/enabled')?.type, 'i');
  assert.equal(by.get('/lx/mixer/channel/1/activePattern')?.value, 0);
  assert.equal(by.get('/lx/output/gamma')?.mode, 'absolute');
  assert.ok(![...by.keys()].some((a) => a.startsWith('/lx/structure')), 'fixtures are not OSC-addressable (LX)');
  assert.equal((await fetch(new URL('/osc-params', r.show.url), { method: 'POST' })).status, 405);
  const status = await r.show.call('get_status');
  assert.deepEqual(status.endpoints.osc, { host: '127.0.0.1', port: r.port });
  const file = JSON.parse(await readFile(join(r.show.home, 'status.json'), 'utf8'));
  assert.deepEqual(file.osc, { host: '127.0.0.1', receivePort: r.port });
});

test('OSC: modulators are addressed by their OSC label; ms units are absolute; changes go out under the label address', async (t) => {
  const { VariableLFO } = await import('../../src/light/modulation/modulators/variable-lfo.js');
  const r = await rig(t);
  await r.show.app.engine.queue.submit(() => {
    r.show.app.light.lx.modulation.modulators.insert(new VariableLFO('Slow Wave'));
  });
  await r.client.send('/lx/modulation/Slow-Wave/periodFast', { type: 'float', value: 2000 }); // LX: /lx/modulation/LFO/periodFast 2000 → 2000
  await r.sync();
  assert.equal(await value(r.show, '/lx/modulation/modulator/1/periodFast'), 2000);
  assert.equal((await r.show.call('get_parameter', { path: '/lx/modulation/modulator/1/phase' })).parameter.oscAddress, '/lx/modulation/Slow-Wave/phase');
  const from = r.received.length;
  await r.show.call('set_parameter', { path: '/lx/modulation/modulator/1/phase', value: 0.5 });
  const sent = await r.waitFor('/lx/modulation/Slow-Wave/phase', from);
  assert.equal(sent[1], 0.5);
});

test('get_project_info says where OSC listens and sends, and gives the output master controls by path', async (t) => {
  const r = await rig(t);
  const info = await r.show.call('get_project_info');
  assert.deepEqual(info.osc, {
    receiveActive: true,
    receiveHost: '127.0.0.1',
    receivePort: r.port,
    transmit: [{ host: '127.0.0.1', port: (r.show.app.osc?.transmitDestinations[0] ?? { port: -1 }).port }],
  });
  assert.equal(info.osc.transmit[0].port > 0, true);
  assert.deepEqual(info.output, {
    live: true,
    livePath: '/lx/output/enabled',
    brightness: 1,
    brightnessPath: '/lx/output/brightness',
    gamma: 1,
    gammaPath: '/lx/output/gamma',
  });
  await r.show.call('set_parameter', { path: info.output.gammaPath, value: 2.2 });
  assert.equal((await r.show.call('get_project_info')).output.gamma, 2.2);
  await r.show.call('undo');
  assert.deepEqual(await r.show.call('get_project_info'), info);
});

test('OSC: a write the engine does not read back is rolled back through the domain: value and both history stacks as before', async (t) => {
  const r = await rig(t);
  // Leave one undone step on the redo stack: a rejected write must not clear it.
  await r.show.call('set_parameter', { path: FADER, value: 0.3 });
  await r.show.call('undo');
  const before = await r.show.call('get_history');
  const fader = await value(r.show, FADER);
  // A parameter that misreports its base after a write (a Footlight bug the read-back exists to catch).
  const p = r.show.app.services.light.parameter(FADER);
  const honest = p.setBase.bind(p);
  p.setBase = (v: never) => honest((typeof v === 'number' && v !== fader ? v / 2 : v) as never);
  t.after(() => {
    p.setBase = honest;
  });
  const rejected = r.show.app.osc!.stats.rejected;
  await r.client.send(FADER, { type: 'float', value: 0.8 });
  await r.sync();
  assert.equal(r.show.app.osc!.stats.rejected, rejected + 1);
  assert.equal(await value(r.show, FADER), fader, 'the half-applied write was rolled back');
  assert.deepEqual(await r.show.call('get_history'), before, 'undo and redo stacks exactly as before');
  p.setBase = honest;
  await r.show.call('redo');
  assert.equal(await value(r.show, FADER), 0.3, 'the redo step survived');
  await r.show.call('undo');
  assert.equal(await value(r.show, FADER), fader);
});

test('OSC: activePattern and triggers run the tools (activate_pattern, fire_trigger); undo restores the active pattern', async (t) => {
  const r = await rig(t);
  await r.show.call('add_pattern', { containerPath: '/lx/mixer/channel/1', class: 'Solid' });
  const depth = (await r.show.call('get_history')).undoDepth;
  await r.client.send('/lx/mixer/channel/1/activePattern', { type: 'integer', value: 1 });
  await r.sync();
  let ch = (await r.show.call('get_channel', { path: '/lx/mixer/channel/1' })).channel;
  assert.equal(ch.activePattern.index, 1);
  const h = await r.show.call('get_history');
  assert.equal(h.undoDepth, depth + 1);
  assert.equal(h.steps[0].surface, 'osc');
  await r.client.send('/lx/tempo/tap', { type: 'integer', value: 1 }); // a momentary button: pressed, not a step
  await r.sync();
  assert.equal((await r.show.call('get_history')).undoDepth, depth + 1);
  await r.show.call('undo');
  ch = (await r.show.call('get_channel', { path: '/lx/mixer/channel/1' })).channel;
  assert.equal(ch.activePattern.index, 0);
});
