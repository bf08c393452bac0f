// `footlight serve --timecode-out`: the real process, with its live audio engine driving the song
// transport, sends ArtTimeCode to a receiver on 127.0.0.1 while an outside SDK client plays the
// song, and stops sending when it stops. tshark reads the packets' header (see test/show/timecode-out.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { tsharkAvailable, tsharkDecode, udpCapture } from '../helpers/pcap.js';
import { tempHome } from '../helpers/show.js';
import { BIN, exitOf, until } from '../helpers/serve-process.js';

const skip = tsharkAvailable() ? false : process.env.CI === 'true' ? false : 'tshark is not installed (apt-get install tshark)';

test('serve --timecode-out: the running show sends rising 29.97 drop-frame timecode while the song plays, none after stop', { skip }, async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const home = await tempHome(t);
  const args = ['serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', 'off', '--sound-cooperative'];
  const tc = ['--timecode-out', `artnet=127.0.0.1:${cap.port}`, '--timecode-rate', '29.97df', '--timecode-offset', '00:59:59;00'];
  const child = spawn(process.execPath, [BIN, ...args, ...tc], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  t.after(() => child.kill('SIGKILL'));
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.resume();
  const status = await until('status.json', async () => {
    const s = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
    return s.running === true && typeof s.url === 'string' && s.url !== '' ? s : undefined;
  });
  await until('the banner', async () => (/Press Ctrl-C/.test(out) ? true : undefined));
  assert.match(out, new RegExp(`Timecode: Art-Net 29\\.97df fps, offset 00:59:59;00, to 127\\.0\\.0\\.1:${cap.port} while the song plays\\n`));

  const client = new Client({ name: 'outside', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(status.url)));
  t.after(() => client.close());
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<any> => {
    const r = await client.callTool({ name, arguments: args });
    assert.notEqual(r.isError, true, `${name}: ${JSON.stringify(r.content)}`);
    return r.structuredContent;
  };
  assert.equal(cap.packets.length, 0, 'nothing before the song plays');
  await call('song_control_transport', { operation: 'play' });
  // A second of song and more: 29.97 frames a second cross 00:59:59;29 into 01:00:00;00 (minute 60 keeps its labels 0 and 1).
  await cap.waitFor(45, 60_000);
  await call('song_control_transport', { operation: 'stop' });
  const stopped = await call('get_status');
  const sent = stopped.timecode.packetsSent as number;
  assert.equal(stopped.timecode.running, false);
  // Thirty engine frames after the stop (counted by the engine, not by the wall clock), nothing more was sent.
  const frames = stopped.engine.framesRendered as number;
  await until('thirty more frames', async () => ((await call('get_status')).engine.framesRendered >= frames + 30 ? true : undefined));
  assert.equal((await call('get_status')).timecode.packetsSent, sent);
  await cap.waitFor(sent);
  assert.equal(cap.packets.length, sent, 'every packet sent arrived, and none after the stop');

  const layers = await tsharkDecode(cap.packets, 'artnet', cap.port);
  const labels = layers.map((l, i) => {
    const a = l.artnet as Record<string, unknown>;
    assert.equal((a['artnet.header'] as Record<string, string>)['artnet.header.opcode'], '0x9700', `packet ${i}`);
    const b = String(a['artnet.excess_bytes'])
      .split(':')
      .map((h) => Number.parseInt(h, 16));
    assert.equal(b[6], 2, 'Type 2: DF 29.97');
    return { frames: b[2], seconds: b[3], minutes: b[4], hours: b[5] };
  });
  assert.deepEqual(labels[0], { hours: 0, minutes: 59, seconds: 59, frames: 0 }, 'play sends the offset: the song starts at its top');
  // Drop-frame counting from 00:59:59;00: no label repeats, each comes after the one before, and 01:00:00;00 is among them.
  const count = (x: (typeof labels)[number]) => ((x.hours * 60 + x.minutes) * 60 + x.seconds) * 30 + x.frames;
  for (let i = 1; i < labels.length; i++) assert.ok(count(labels[i]) > count(labels[i - 1]), `packet ${i} after packet ${i - 1}`);
  // The hour turns over into 01:00:00;00 (a frame late on a loaded machine sends the label after it: allow a few).
  const firstOfHour = labels.find((l) => l.hours === 1);
  assert.ok(firstOfHour !== undefined && firstOfHour.minutes === 0 && firstOfHour.seconds === 0 && firstOfHour.frames < 6, JSON.stringify(firstOfHour));
  const steps = labels.slice(1).filter((l, i) => count(l) - count(labels[i]) === 1).length;
  t.diagnostic(`${labels.length} packets, ${steps} of ${labels.length - 1} steps one frame apart`);
  child.kill('SIGTERM');
  assert.equal(await exitOf(child), 0);
});
