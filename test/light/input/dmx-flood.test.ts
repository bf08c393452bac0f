// A flood of malformed and valid Art-Net (another process, flood-sender.mjs) against the DMX input
// while the show renders in real time at 60 fps: frames stay on time by the clock's own count of
// late frames, every frame shows one whole desk packet (never half of one), the desk's packets
// keep landing, the flood is counted, and the receiver is still there afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Engine } from '../../../src/engine/engine.js';
import { silentLogger } from '../../../src/engine/log.js';
import { DmxPattern } from '../../../src/light/devices/patterns/dmx/dmx-pattern.js';
import { dmxInConfig } from '../../../src/light/input/dmx-in-config.js';
import { DmxInput } from '../../../src/light/input/dmx-input.js';
import { Channel } from '../../../src/light/mixer/channel.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { Fixture } from '../../../src/light/structure/fixture.js';
import { artDmx } from './packets.js';

const FLOOD_MS = 4000;
const QUIET_MS = 2000;
/**
 * A frame counts as late when it starts more than 1.5 periods after the one before (src/engine/clock.ts).
 * During the flood at most a quarter of the frames may be late, or twice the share late before it on
 * a machine busy enough to make more late without a flood: a stalled render makes nearly all late.
 */
const MAX_LATE_SHARE = 0.25;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

test('DMX input: a flood never stalls the 60 fps render, every frame holds whole packets, and a desk still lands', { timeout: 60_000 }, async (t) => {
  const engine = new Engine();
  const light = new LightShow(engine);
  const strip = new Fixture('StripFixture');
  strip.parameters.get('numPoints')?.setBase(170);
  light.structure.addFixture(strip);
  const channel = new Channel('Desk');
  light.mixer.insertChannel(channel);
  const pattern = new DmxPattern();
  pattern.universe.setValue(1);
  channel.addPattern(pattern);
  const dmx = new DmxInput(dmxInConfig({ receivers: ['artnet:0'] }), silentLogger);
  t.after(() => dmx.close());
  await dmx.start();
  light.dmxSource = dmx;
  const port = dmx.bound[0].port;

  // The desk: every 25 ms one packet filling universe 1 with one level, the next level each time.
  const desk = dgram.createSocket('udp4');
  await new Promise<void>((r) => desk.bind(0, '127.0.0.1', () => r()));
  t.after(() => desk.close());
  let level = 0;
  const sent = new Set<number>();
  const deskTimer = setInterval(() => {
    level = (level % 250) + 1;
    sent.add(level);
    desk.send(artDmx({ portAddress: 1, data: new Uint8Array(510).fill(level) }), port, '127.0.0.1');
  }, 25);
  t.after(() => clearInterval(deskTimer));

  // What each frame shows: every point must carry the same level (one packet, never half of two).
  const seen = new Set<number>();
  let torn = 0;
  engine.clock.onFrame(() => {
    const first = light.main[0];
    for (let i = 1; i < light.main.length; i++) if (light.main[i] !== first) torn++;
    seen.add(first & 0xff);
  });
  engine.clock.start(60);
  t.after(() => engine.clock.stop());

  await sleep(QUIET_MS);
  const quiet = engine.clock.stats();
  const child = spawn(process.execPath, [fileURLToPath(new URL('./flood-sender.mjs', import.meta.url)), String(port), String(FLOOD_MS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A flood from the network costs the show machine its receiving, not the sender's loop: the sender runs
  // below the show, yet not so low that a busy machine starves it.
  setPriority(child.pid!, 10);
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  const before = { seen: seen.size, stats: dmx.status().receivers[0] };
  const exit = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  assert.equal(await exit, 0, 'the flood sender ran');
  const flooded = engine.clock.stats();
  const after = dmx.status().receivers[0];
  const floodPackets = Number(out.trim());

  const frames = flooded.frames - quiet.frames;
  const late = flooded.late - quiet.late;
  const quietLate = `${quiet.late} late of ${quiet.frames} before it`;
  t.diagnostic(`flood: ${floodPackets} datagrams sent, ${after.packets - before.stats.packets} received; frames ${frames}, late ${late} (${quietLate})`);
  assert.ok(frames > 0, 'frames kept coming');
  const allowed = frames * Math.max(MAX_LATE_SHARE, (2 * quiet.late) / Math.max(1, quiet.frames));
  assert.ok(late <= allowed, `${late} of ${frames} frames late during the flood (${quietLate})`);
  // The sender cycles through every kind of packet (about 90); a few hundred datagrams bring each several times.
  assert.ok(after.packets - before.stats.packets > 300, `the flood reached the receiver: ${after.packets - before.stats.packets} datagrams`);
  const dropped = Object.values(after.dropped).reduce((a, b) => a + (b ?? 0), 0);
  assert.ok(dropped > 50, `bad packets were counted and dropped: ${JSON.stringify(after.dropped)}`);
  for (const reason of ['short', 'id', 'version', 'length', 'universe'] as const) assert.ok((after.dropped[reason] ?? 0) > 0, `${reason} counted`);
  assert.equal(torn, 0, 'no frame held parts of two packets');
  assert.ok(seen.size - before.seen > 10, `the desk kept landing during the flood: ${seen.size - before.seen} new levels`);

  // After the flood the receiver is alive: the desk's next level shows within a second.
  clearInterval(deskTimer);
  const last = 251;
  desk.send(artDmx({ portAddress: 1, data: new Uint8Array(510).fill(last) }), port, '127.0.0.1');
  for (let i = 0; i < 100 && (light.main[0] & 0xff) !== last; i++) await sleep(10);
  assert.equal(light.main[0] & 0xff, last);
  assert.equal(dmx.status().receivers[0].listening, true);
});
