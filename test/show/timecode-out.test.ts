// Art-Net timecode out: ArtTimeCode packets received on 127.0.0.1 and read by Debian's tshark (its
// Art-Net dissector names the packet by its OpCode; tshark 4.0 leaves the body undissected, so the
// body's fields are read here from the Art-Net 4 layout). A show started with timecode out sends
// one packet per timecode frame while the song plays, one on a locate and a start, none while
// stopped; serve refuses bad values before it starts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tsharkAvailable, tsharkDecode, udpCapture } from '../helpers/pcap.js';
import { startShow, tempHome } from '../helpers/show.js';
import { loadConfig } from '../../src/app/config.js';
import type { Logger } from '../../src/engine/log.js';
import { artTimeCode } from '../../src/show/timecode/art-timecode.js';
import { timecodeOutConfig } from '../../src/show/timecode/timecode-out.js';
import { parseTimecode, type TimecodeRate } from '../../src/show/timecode/timecode.js';
import { BIN, exitOf } from '../helpers/serve-process.js';

const skip = tsharkAvailable() ? false : process.env.CI === 'true' ? false : 'tshark is not installed (apt-get install tshark)';

interface Decoded {
  hours: number;
  minutes: number;
  seconds: number;
  frames: number;
  type: number;
}

/** One ArtTimeCode as tshark dissects it: header fields from tshark, the body (after ProtVer) by the spec's layout. */
function artTimeCodeOf(layers: Record<string, unknown>): Decoded {
  const a = layers.artnet as Record<string, unknown>;
  const header = a['artnet.header'] as Record<string, string>;
  assert.equal(header['artnet.header.id'], 'Art-Net');
  assert.equal(header['artnet.header.opcode'], '0x9700');
  assert.equal(header['artnet.header.protver'], '14');
  assert.ok('artnet.time_code' in a, 'tshark names it an ArtTimeCode packet');
  // Filler1, StreamId, Frames, Seconds, Minutes, Hours, Type.
  const body = String(a['artnet.excess_bytes'])
    .split(':')
    .map((h) => Number.parseInt(h, 16));
  assert.equal(body.length, 7, 'seven bytes after ProtVer: a 19-byte packet');
  assert.deepEqual(body.slice(0, 2), [0, 0], 'Filler1 and StreamId (the master stream) are 0');
  return { frames: body[2], seconds: body[3], minutes: body[4], hours: body[5], type: body[6] };
}

const text = (d: Decoded): string => [d.hours, d.minutes, d.seconds, d.frames].map((v) => String(v).padStart(2, '0')).join(':');

test('ArtTimeCode: tshark reads the OpCode 0x9700 packet; frames, seconds, minutes, hours and the type of each rate', { skip }, async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const socket = dgram.createSocket('udp4');
  t.after(() => socket.close());
  const cases: [string, TimecodeRate, number][] = [
    ['00:00:00:23', '24', 0],
    ['12:34:56:24', '25', 1],
    ['00:10:00;00', '29.97df', 2],
    ['23:59:59;29', '29.97df', 2],
    ['01:02:03:29', '30', 3],
  ];
  for (const [label, rate] of cases) {
    const packet = artTimeCode(parseTimecode(label, rate), rate);
    assert.equal(packet.length, 19);
    await new Promise<void>((resolve, reject) => socket.send(packet, cap.port, '127.0.0.1', (err) => (err ? reject(err) : resolve())));
  }
  await cap.waitFor(cases.length);
  const decoded = (await tsharkDecode(cap.packets, 'artnet', cap.port)).map(artTimeCodeOf);
  assert.deepEqual(
    decoded.map((d) => [text(d), d.type]),
    cases.map(([label, , type]) => [label.replace(';', ':'), type]),
  );
});

test('a playing song sends one ArtTimeCode per timecode frame, one on a locate and a start, none while stopped', { skip }, async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const show = await startShow(t, {
    soundCooperative: true,
    timecode: { out: [`artnet=127.0.0.1:${cap.port}`], rate: '25', offset: '01:00:00:00' },
  });
  const { engine, sound } = show.app;
  const bpm = sound.project.tempo.getBaseValue();
  /** The label expected at a song position, by this test's own arithmetic: 25 fps from 01:00:00:00. */
  const expectedAt = (beats: number): string => {
    const n = Math.floor(((beats * 60) / bpm) * 25 + 1e-9);
    const two = (v: number) => String(v).padStart(2, '0');
    return `${two(1 + Math.floor(n / 90000))}:${two(Math.floor(n / 1500) % 60)}:${two(Math.floor(n / 25) % 60)}:${two(n % 25)}`;
  };
  const expected: string[] = [];
  /** Steps one frame at a time, noting each label change the sender should report. */
  const step = async (n: number): Promise<void> => {
    for (let i = 0; i < n; i++) {
      const at = await engine.queue.submit(() => {
        engine.clock.stepFixed(1, 1000 / 60);
        return sound.transport.playing ? sound.transport.position : undefined;
      });
      if (at !== undefined && expectedAt(at) !== expected.at(-1)) expected.push(expectedAt(at));
    }
  };

  const before = (await show.call('get_status')).timecode;
  assert.deepEqual(before, {
    destinations: [`127.0.0.1:${cap.port}`],
    rate: '25',
    offset: '01:00:00:00',
    timecode: '01:00:00:00',
    running: false,
    packetsSent: 0,
  });
  await step(10);
  assert.equal(cap.packets.length, 0, 'nothing while stopped');

  await show.call('song_control_transport', { operation: 'play' });
  await step(60);
  await cap.waitFor(expected.length);
  const playing = (await tsharkDecode(cap.packets, 'artnet', cap.port)).map(artTimeCodeOf);
  assert.ok(
    playing.every((d) => d.type === 1),
    'type 1: EBU 25',
  );
  assert.equal(playing[0] && text(playing[0]), '01:00:00:00', 'the start sends the first frame');
  assert.ok(playing.length >= 24, `a second of song at 25 fps: ${playing.length} packets`);
  // Consecutive frames: each packet one frame after the one before.
  playing.slice(1).forEach((d, i) => {
    const prev = playing[i];
    const count = (x: Decoded) => ((x.hours * 60 + x.minutes) * 60 + x.seconds) * 25 + x.frames;
    assert.equal(count(d) - count(prev), 1, `${text(prev)} → ${text(d)}`);
  });
  assert.deepEqual(playing.map(text), expected);
  const status = (await show.call('get_status')).timecode;
  assert.equal(status.running, true);
  assert.equal(status.packetsSent, expected.length);

  // A locate while playing: the next frame sends the new position.
  await show.call('song_control_transport', { operation: 'seek', position_beats: 32 });
  await step(1);
  await cap.waitFor(expected.length);
  const located = artTimeCodeOf((await tsharkDecode(cap.packets.slice(-1), 'artnet', cap.port))[0]);
  assert.equal(text(located), expected.at(-1));
  assert.equal(text(located), expectedAt(32 + (bpm * (1000 / 60)) / 60000), 'the label of the position one frame after the locate');

  await show.call('song_control_transport', { operation: 'stop' });
  const sent = cap.packets.length;
  const stoppedAt = sound.transport.position;
  await step(30);
  assert.equal((await show.call('get_status')).timecode.packetsSent, sent, 'nothing sent while stopped');
  assert.equal((await show.call('get_status')).timecode.running, false);
  // Loopback keeps one sender's order: the next packet to arrive is the restart's, so none came in between.
  await show.call('song_control_transport', { operation: 'play' });
  await step(1);
  await cap.waitFor(sent + 1);
  const restarted = artTimeCodeOf((await tsharkDecode(cap.packets.slice(sent), 'artnet', cap.port))[0]);
  assert.equal(text(restarted), expectedAt(stoppedAt + (bpm * (1000 / 60)) / 60000));
  await show.call('song_control_transport', { operation: 'stop' });
});

const BASE = ['serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', 'off'];

function run(args: string[], home: string): { child: ChildProcess; err: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stdout!.resume();
  child.stderr!.on('data', (d) => (err += d));
  return { child, err: () => err };
}

test('serve refuses a bad timecode destination, rate or offset before it starts, with the reason', async (t) => {
  const home = await tempHome(t);
  const refusals: [string[], RegExp][] = [
    [['--timecode-out', 'artnet=255.255.255.255'], /timecode is sent unicast only: 255\.255\.255\.255 is a broadcast/],
    [['--timecode-out', 'artnet=239.1.2.3:6454'], /unicast only/],
    [['--timecode-out', 'sacn=127.0.0.1'], /a timecode destination is artnet=HOST\[:PORT\]/],
    [['--timecode-out', 'artnet=show-pc'], /an IPv4 address/],
    [['--timecode-out', 'mtc=1'], /or mtc \(MIDI timecode/],
    [['--timecode-rate', '29.97'], /one of 24, 25, 29\.97df, 30/],
    [['--timecode-offset', '1:00:00:00'], /a timecode is HH:MM:SS:FF/],
    [['--timecode-rate', '25', '--timecode-offset', '00:00:00:25'], /a timecode at 25 fps runs to 23:59:59:24; got 00:00:00:25/],
    [['--timecode-rate', '29.97df', '--timecode-offset', '00:01:00:00'], /29\.97 drop-frame has no label 00:01:00;00/],
  ];
  for (const [args, why] of refusals) {
    const bad = run([...BASE, ...args], home);
    assert.notEqual(await exitOf(bad.child), 0, args.join(' '));
    assert.match(bad.err(), why, args.join(' '));
  }
});

test("config.json's timecode: read when valid, the command line's values win; a bad one is logged and the whole file ignored", async (t) => {
  const home = await tempHome(t);
  const warnings: string[] = [];
  const log = { warn: (f: { reason?: string }) => warnings.push(f.reason ?? ''), info() {}, debug() {}, error() {} } as unknown as Logger;
  // As startFootlight loads it: the timecode rules come from the show.
  const checks = { timecode: (value: Parameters<typeof timecodeOutConfig>[1]) => timecodeOutConfig({}, value) };
  await writeFile(join(home, 'config.json'), '{"timecode": {"out": ["artnet=10.0.0.5", "artnet=10.0.0.6:7000"], "rate": "29.97df", "offset": "01:00:00;00"}}');
  const config = await loadConfig(home, log, checks);
  assert.deepEqual(timecodeOutConfig({}, config.timecode), {
    destinations: [
      { host: '10.0.0.5', port: 6454 },
      { host: '10.0.0.6', port: 7000 },
    ],
    mtc: false,
    rate: '29.97df',
    offset: { hours: 1, minutes: 0, seconds: 0, frames: 0 },
  });
  assert.deepEqual(timecodeOutConfig({ out: ['artnet=localhost'], rate: '24' }, config.timecode).destinations, [{ host: '127.0.0.1', port: 6454 }]);
  assert.deepEqual(timecodeOutConfig({}, {}), { destinations: [], mtc: false, rate: '30', offset: { hours: 0, minutes: 0, seconds: 0, frames: 0 } });
  // `mtc` beside Art-Net destinations: MTC on by default in the console's MIDI out, no Art-Net destination for it.
  const both = timecodeOutConfig({ out: ['MTC', 'artnet=10.0.0.7'] });
  assert.deepEqual([both.mtc, both.destinations], [true, [{ host: '10.0.0.7', port: 6454 }]]);
  assert.throws(() => timecodeOutConfig({ out: ['mtc:25'] }), /a timecode destination is artnet=HOST\[:PORT\].*or mtc/);
  await writeFile(join(home, 'config.json'), '{"port": 4000, "timecode": {"out": ["artnet=10.0.0.255"]}}');
  assert.deepEqual(await loadConfig(home, log, checks), {});
  await writeFile(join(home, 'config.json'), '{"timecode": {"rate": 25}}');
  assert.deepEqual(await loadConfig(home, log, checks), {});
  assert.equal(warnings.length, 2);
  assert.match(warnings[0], /timecode: timecode is sent unicast only: 10\.0\.0\.255 is a broadcast/);
  assert.match(warnings[1], /timecode\.rate: /);
});
