// MIDI timecode through the console's real WebSocket: quarter frames a page forwards from a Web
// MIDI input lock the song transport (timecode in `mtc`), on the chase's own clock stepped with the
// engine's frames (never the wall clock): lock time and jitter at 30 fps and 29.97 drop-frame, in
// frames. A full frame locates and holds; malformed MTC is dropped and counted; other MIDI still
// reaches the mappings; the socket refuses SysEx that is not a full frame's 10 bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { timecodeInConfig } from '../../src/show/timecode/timecode-in.js';
import { fpsOf, fullFrame, type MtcRate, streamMessage } from '../helpers/mtc.js';
import { startShow, type TestShow } from '../helpers/show.js';
import { baseOf, SocketClient } from './helpers.js';

const ENGINE_MS = 1000 / 60;

async function mtcShow(t: Parameters<typeof startShow>[0], input = 'mtc') {
  const clock = { now: 0 };
  const show = await startShow(t, { soundCooperative: true, timecode: { in: input, freewheelMs: 10_000 }, timecodeClock: () => clock.now });
  const ws = new SocketClient(baseOf(show.url));
  t.after(() => ws.close());
  await ws.opened();
  let pings = 0;
  /** Sends one MIDI message as the page does and waits until the hub has handled it (a ping behind it comes back). */
  const midi = async (data: readonly number[], from = 'Desk'): Promise<void> => {
    const t = ++pings;
    ws.send({ type: 'midi', input: from, data });
    ws.send({ type: 'ping', t });
    await ws.until(() => ws.messages.findLast((m) => m.type === 'pong')?.t === t, 10_000, `pong ${t}`);
  };
  return { show, ws, clock, midi };
}

const stepFrame = (show: TestShow) => show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(1, ENGINE_MS));
const songSeconds = (show: TestShow) => (show.app.sound.transport.position * 60) / show.app.sound.project.tempo.getBaseValue();

for (const [rate, start] of [
  ['30', 5 * 30],
  ['29.97df', 59 * 30 + 10],
] as [MtcRate, number][]) {
  test(`MTC over the console socket at ${rate}: locks within 2 frames of the first full time, jitters under one frame`, async (t) => {
    const { show, clock, midi } = await mtcShow(t);
    const fps = fpsOf(rate);
    const quarterMs = 1000 / fps / 4;
    const status0 = (await show.call('get_status')).timecodeIn;
    assert.equal(status0.source, 'mtc (any MIDI input)');
    assert.equal(status0.state, 'waiting');
    let sent = 0;
    let firstLabelAt: number | undefined;
    let lockedAt: number | undefined;
    const errors: number[] = [];
    // Three seconds of the sender's clock, 60 engine frames a second; quarter frames arrive at their times between them.
    for (let f = 1; f <= 180; f++) {
      const end = f * ENGINE_MS;
      while (sent * quarterMs <= end) {
        clock.now = sent * quarterMs;
        const before = show.app.timecodeIn.status().packets;
        await midi(streamMessage(sent, start, rate));
        if (firstLabelAt === undefined && show.app.timecodeIn.status().packets > before) firstLabelAt = clock.now;
        sent++;
      }
      clock.now = end;
      await stepFrame(show);
      const state = show.app.timecodeIn.status().state;
      if (lockedAt === undefined && state === 'locked') lockedAt = end;
      if (lockedAt !== undefined) errors.push(songSeconds(show) * fps - (start + (end / 1000) * fps));
    }
    assert.ok(firstLabelAt !== undefined && lockedAt !== undefined, 'locked');
    const lockFrames = (lockedAt / 1000) * fps;
    const afterFirst = ((lockedAt - firstLabelAt) / 1000) * fps;
    const worst = Math.max(...errors.map(Math.abs));
    const spread = Math.max(...errors) - Math.min(...errors);
    console.log(
      `MTC over the socket, ${rate}: locked ${lockFrames.toFixed(2)} frames after the first quarter frame, ${afterFirst.toFixed(2)} after the first ` +
        `full time; over ${errors.length} engine frames the error was at most ${worst.toFixed(3)} frames (spread ${spread.toFixed(3)})`,
    );
    assert.ok(afterFirst <= 2, `locked ${afterFirst.toFixed(2)} frames after the first full time`);
    assert.ok(worst < 1, `worst error ${worst.toFixed(3)} frames`);
    const status = (await show.call('get_status')).timecodeIn;
    assert.equal(status.state, 'locked');
    assert.equal(status.rate, rate);
    assert.equal(status.relocates, 1, 'the lock, then no move');
    assert.deepEqual(status.dropped, { bad_piece: 0, not_full_frame: 0, out_of_range: 0, invalid_label: 0 });
    assert.equal(show.app.light.lx.midi.stats.received, 0, 'MTC is timecode in’s: the MIDI mappings saw none of it');
  });
}

test('MTC over the console socket: a full frame locates and holds; malformed MTC is counted; other MIDI reaches the mappings', async (t) => {
  const { show, ws, clock, midi } = await mtcShow(t);
  await midi(fullFrame({ hours: 0, minutes: 0, seconds: 20, frames: 15 }, '25'));
  clock.now = ENGINE_MS;
  await stepFrame(show);
  assert.equal(show.app.sound.transport.playing, false, 'a locate holds');
  assert.ok(Math.abs(songSeconds(show) - 20.6) < 1e-6, `at ${songSeconds(show)} s`);
  const status = (await show.call('get_status')).timecodeIn;
  assert.deepEqual([status.state, status.rate, status.timecode, status.packets], ['waiting', '25', '00:00:20:15', 1]);
  const notFull = fullFrame({ hours: 0, minutes: 0, seconds: 0, frames: 0 }, '25');
  notFull[4] = 0x02;
  for (const m of [[0xf1, 0x78], [0xf1, 0x80], notFull, fullFrame({ hours: 24, minutes: 0, seconds: 0, frames: 0 }, '25')]) await midi(m);
  assert.deepEqual(show.app.timecodeIn.status().dropped, { bad_piece: 2, not_full_frame: 1, out_of_range: 1, invalid_label: 0 });
  assert.equal(show.app.timecodeIn.status().packets, 1, 'nothing more taken');
  // A note is not timecode: the MIDI surface gets it.
  await midi([0x90, 60, 100]);
  await ws.until(() => show.app.light.lx.midi.stats.received === 1, 10_000, 'the note reaches the mappings');
  // SysEx other than a full frame's 10 bytes is refused by the socket with the reason.
  const errorsBefore = ws.of('error').length;
  await midi([0xf0, 0x7f, 0x7f, 0x01, 0x01, 0, 0, 0, 0, 0, 0xf7]);
  assert.match(ws.of('error')[errorsBefore]?.message ?? '', /or an MTC full frame \(10 bytes/);
  assert.deepEqual(show.app.timecodeIn.status().dropped, { bad_piece: 2, not_full_frame: 1, out_of_range: 1, invalid_label: 0 }, 'refused, not counted');
});

test('MTC from one named input: the others are not timecode in’s', async (t) => {
  const { show, midi } = await mtcShow(t, 'mtc:Desk');
  assert.equal(show.app.timecodeIn.status().source, 'mtc Desk');
  await midi(fullFrame({ hours: 0, minutes: 0, seconds: 3, frames: 0 }, '30'), 'Keyboard');
  assert.equal(show.app.timecodeIn.status().packets, 0);
  await midi(fullFrame({ hours: 0, minutes: 0, seconds: 3, frames: 0 }, '30'), 'Desk');
  assert.equal(show.app.timecodeIn.status().packets, 1);
});

test('timecode in: mtc and mtc:INPUT-NAME parse; a blank name is refused', () => {
  assert.deepEqual(timecodeInConfig({ in: 'mtc' }), { mtc: {}, host: '127.0.0.1', freewheelMs: 500 });
  assert.deepEqual(timecodeInConfig({}, { in: 'mtc:IAC Driver Bus 1' }), { mtc: { input: 'IAC Driver Bus 1' }, host: '127.0.0.1', freewheelMs: 500 });
  assert.throws(() => timecodeInConfig({ in: 'mtc:' }), /mtc:INPUT-NAME names a MIDI input/);
  assert.throws(() => timecodeInConfig({ in: 'midi' }), /or mtc:INPUT-NAME/);
});
