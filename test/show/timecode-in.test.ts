// Art-Net timecode in over real UDP on 127.0.0.1: labels sent by a socket of this test move a
// running show's song transport (in the engine's frames, through the one queue); datagrams that
// are not timecode are counted and change nothing; a desk that sends DMX and timecode to one port
// feeds both through the DMX input's receiver; serve refuses bad values before it starts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { performance } from 'node:perf_hooks';
import { artTimeCode } from '../../src/show/timecode/art-timecode.js';
import { timecodeInConfig } from '../../src/show/timecode/timecode-in.js';
import { parseTimecode } from '../../src/show/timecode/timecode.js';
import { artDmx } from '../light/input/packets.js';
import { startShow, type TestShow } from '../helpers/show.js';
import { udpSender, until } from '../helpers/udp.js';

/** A free UDP port on 127.0.0.1 (bound and released: the show binds it next). */
async function freePort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  const { port } = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const label = (text: string) => artTimeCode(parseTimecode(text, '30'), '30');
const stepFrames = (show: TestShow, n: number) =>
  show.app.engine.queue.submit(() => {
    for (let i = 0; i < n; i++) show.app.engine.clock.stepFixed(1, 1000 / 60);
  });

/** Sends 30 fps labels from `first` (frames of 00:00:SS:FF), each followed by two engine frames. */
async function sendLabels(show: TestShow, send: (b: Uint8Array, port: number) => Promise<void>, port: number, first: number, count: number): Promise<void> {
  const tc = show.app.timecodeIn;
  for (let k = 0; k < count; k++) {
    const f = first + k;
    const before = tc.status().packets;
    await send(label(`00:00:${String(Math.floor(f / 30)).padStart(2, '0')}:${String(f % 30).padStart(2, '0')}`), port);
    await until('the label arrived', () => tc.status().packets === before + 1);
    await stepFrames(show, 2);
  }
}

test('timecode in: labels lock the song transport to the sender; other datagrams are dropped by reason and move nothing', async (t) => {
  const show = await startShow(t, { soundCooperative: true, timecode: { in: 'artnet:0', freewheelMs: 10_000 } });
  const send = await udpSender(t);
  const { sound, timecodeIn } = show.app;
  const port = timecodeIn.port ?? 0;
  assert.ok(port > 0);
  const status = (await show.call('get_status')).timecodeIn;
  assert.equal(status.source, `artnet 127.0.0.1:${port}`);
  assert.equal(status.state, 'waiting');
  assert.equal(status.timecode, null);

  const dmx = artDmx({ portAddress: 0, data: [1, 2, 3] });
  const bad = Buffer.from(label('00:00:01:00'));
  bad[18] = 7;
  for (const b of [dmx, bad, Buffer.from('not art-net at all'), label('00:00:01:00').subarray(0, 15)]) await send(b, port);
  await until('four drops', () => Object.values(timecodeIn.status().dropped).reduce((a, b) => a + b, 0) === 4);
  assert.deepEqual(timecodeIn.status().dropped, { not_art_net: 1, not_timecode: 1, short: 1, out_of_range: 1, invalid_label: 0 });
  await stepFrames(show, 4);
  assert.equal(sound.transport.playing, false, 'nothing moved');
  assert.equal(sound.transport.position, 0);

  await sendLabels(show, send, port, 5 * 30, 12); // 00:00:05:00 onwards
  const lastSent = performance.now();
  const bpm = sound.project.tempo.getBaseValue();
  const locked = (await show.call('get_status')).timecodeIn;
  // Locked, or freewheeling when this busy machine took more than three frame periods to the status call.
  assert.ok(['locked', 'freewheeling'].includes(locked.state), locked.state);
  assert.equal(locked.rate, '30');
  assert.equal(locked.packets, 12);
  assert.equal(sound.transport.playing, true, 'the song plays');
  const seconds = (sound.transport.position * 60) / bpm;
  // The last label was 00:00:05:11 (5.367 s); the song runs on from there by the time since it arrived (at most since it was sent).
  const since = (performance.now() - lastSent) / 1000;
  assert.ok(seconds > 5.3 && seconds < 5.4 + since, `song at ${seconds.toFixed(3)} s, ${since.toFixed(3)} s after the last label`);
});

test('timecode in: a desk sending DMX and timecode to one Art-Net port feeds both through the DMX input', async (t) => {
  const port = await freePort();
  const show = await startShow(t, {
    soundCooperative: true,
    dmxIn: { receivers: [`artnet:${port}`] },
    timecode: { in: `artnet:${port}`, freewheelMs: 10_000 },
  });
  const send = await udpSender(t);
  const status = show.app.timecodeIn.status();
  assert.equal(status.source, `artnet 127.0.0.1:${port} (with DMX in)`);
  assert.equal(status.error, undefined);
  await send(artDmx({ portAddress: 3, data: [7, 8, 9] }), port);
  await sendLabels(show, send, port, 0, 4);
  assert.ok(['locked', 'freewheeling'].includes(show.app.timecodeIn.status().state));
  assert.equal(show.app.sound.transport.playing, true);
  const dmx = await show.call('get_dmx_input', { universes: [3], values: true });
  assert.deepEqual(dmx.universes[0].values.slice(0, 3), [7, 8, 9], 'the DMX still lands');
});

test('timecode in: bad values are refused with the reason', () => {
  assert.throws(() => timecodeInConfig({ in: 'sacn' }), /a timecode input is artnet or artnet:PORT/);
  assert.throws(() => timecodeInConfig({ in: 'artnet:70000' }), /0–65535/);
  assert.throws(() => timecodeInConfig({ in: 'artnet', inHost: 'desk.local' }), /IP address/);
  assert.throws(() => timecodeInConfig({ in: 'artnet', freewheelMs: 20_000 }), /0–10000 ms/);
  assert.deepEqual(timecodeInConfig({}, { in: 'artnet' }), { port: 6454, host: '127.0.0.1', freewheelMs: 500 });
  assert.deepEqual(timecodeInConfig({ in: 'artnet:7000' }, { in: 'artnet', freewheelMs: 100 }), { port: 7000, host: '127.0.0.1', freewheelMs: 100 });
});
