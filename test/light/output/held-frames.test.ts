// Frames that wait for their presentation time (a cluster leader's, docs/cluster.md "Presenting frames
// together"): `send(frame, colors, at)` hands the bank over at once and the network thread sends it
// no earlier than `at`; a plan changed meanwhile applies after the held frames, and a frame sent
// at once afterwards still leaves behind them. Timing is a lower bound (a loaded machine is later).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { outputRig } from './helpers.js';

const HOLD_MS = 300;

test('a held frame leaves at its time on its own plan, and later frames follow it in order', { timeout: 30_000 }, async (t) => {
  const socket = dgram.createSocket('udp4');
  const arrivals: { at: number; universe: number }[] = [];
  socket.on('message', (msg) => arrivals.push({ at: Date.now(), universe: msg.readUInt16LE(14) }));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => socket.close(() => resolve())));
  const rig = await outputRig(t, { artnet: socket.address().port });
  const grid = rig.fixture('GridFixture', { numRows: 2, numColumns: 4, protocol: 'ARTNET', artNetUniverse: 1, enabled: true });
  rig.outputs.holdUpTo(HOLD_MS);
  await rig.outputs.whenConnected();
  const frame = { deltaMs: 16, nowMillis: 0, index: 0 };

  const at = Date.now() + HOLD_MS;
  rig.outputs.send(frame, rig.light.main, at);
  // A new plan (another universe) while the frame waits, then a frame to send at once.
  grid.parameters.get('artNetUniverse')!.setBase(2);
  rig.outputs.send({ ...frame, nowMillis: 16, index: 1 }, rig.light.main);
  await new Promise((r) => setTimeout(r, HOLD_MS + 200));
  await rig.outputs.flush();

  assert.deepEqual(
    arrivals.map((a) => a.universe),
    [1, 2],
    'the held frame on its plan (universe 1), then the later one on the new plan',
  );
  assert.ok(arrivals[0].at >= at, `the held frame left ${at - arrivals[0].at} ms early`);
  assert.ok(arrivals[1].at >= arrivals[0].at);
  assert.equal(rig.outputs.stats().framesSent, 2);
  assert.equal(rig.outputs.stats().framesDropped, 0);
});
