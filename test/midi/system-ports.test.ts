// System MIDI ports (`serve --midi-ports`) on the console's MIDI path, with port objects of the
// shape @julusian/midi's Input and Output have (an event emitter of ('message', deltaTime, bytes),
// and sendMessage(bytes)), as the browser tests stand in for Web MIDI: a CC moves its mapped
// parameter through the tool path (one undo step), feedback and surface LEDs come out of the output
// of the same name, bad bytes (running status, SysEx, out of range, a flood) are dropped and counted
// with nothing changed, history included; list_midi_inputs shows the port and its counters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { startShow, type TestShow } from '../helpers/show.js';

const FADER = '/lx/mixer/channel/1/fader';
const KNOBS = 'Test Knobs';
const APC = 'APC mini mk2 Control';

class FakeOutput {
  readonly sent: number[][] = [];
  sendMessage(message: number[]): void {
    this.sent.push([...message]);
  }
}

async function frame(show: TestShow): Promise<void> {
  const { engine } = show.app;
  await engine.queue.submit(() => engine.clock.stepFixed(1, 1000 / 60));
}

/** Waits until every message handed to the show so far has been applied (the engine queue runs in order). */
async function drained(show: TestShow): Promise<void> {
  await show.app.engine.queue.submit(() => undefined);
}

const fader = async (show: TestShow): Promise<number> => (await show.call('get_parameter', { path: FADER })).parameter.value as number;
const depth = async (show: TestShow): Promise<number> => (await show.call('get_history', { limit: 1 })).undoDepth as number;

test('a system port: a CC moves the mapped fader (undo restores), feedback goes to its output, list_midi_inputs says system', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  await show.call('add_midi_mapping', { type: 'cc', channel: 2, number: 7, path: FADER });
  const input = new EventEmitter();
  const output = new FakeOutput();
  show.app.console.hub.attachMidiPorts([{ name: KNOBS, input, output }]);

  // Feedback: the first frame sends every mapping's message to the device.
  await frame(show);
  const before = await fader(show);
  assert.deepEqual(output.sent, [[0xb1, 7, Math.round(before * 127)]]);

  assert.equal(before, 1);
  const steps = await depth(show);
  // Soft takeover: the knob picks the fader up near its value, then drives it.
  input.emit('message', 0.001, [0xb1, 7, 126]);
  input.emit('message', 0.001, [0xb1, 7, 96]);
  await drained(show);
  assert.equal(await fader(show), 96 / 127, 'the CC moved the fader');
  assert.equal(await depth(show), steps + 1, 'one undo step');
  await frame(show);
  assert.equal(output.sent.length, 1, 'what the device sent is not echoed back to it');

  await show.call('undo');
  assert.equal(await fader(show), before, 'undo puts the fader back');
  await frame(show);
  assert.deepEqual(output.sent.at(-1), [0xb1, 7, Math.round(before * 127)], 'the device is told the restored value');

  // An agent moves the fader: the device shows it.
  await show.call('set_parameter', { path: FADER, value: 0.5 });
  await frame(show);
  assert.deepEqual(output.sent.at(-1), [0xb1, 7, 64]);
  await show.call('undo');
  assert.equal(await fader(show), before);

  const listed = await show.call('list_midi_inputs');
  const device = listed.devices.find((d: { name: string }) => d.name === KNOBS);
  assert.equal(device.source, 'system');
  assert.equal(device.messages, 2);
  assert.equal(listed.systemPorts.reason, 'serve --midi-ports was not given', 'startShow asked for none: the port was attached by the test');
  assert.deepEqual(listed.systemPorts.ports, [
    { name: KNOBS, input: true, output: true, received: 2, dropped: 0, sent: output.sent.length, sendErrors: 0, sync: [] },
  ]);
});

test('a system port: running status, SysEx, out-of-range bytes and a flood are dropped and counted; nothing changes', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  await show.call('add_midi_mapping', { type: 'cc', channel: 2, number: 7, path: FADER });
  const input = new EventEmitter();
  show.app.console.hub.attachMidiPorts([{ name: KNOBS, input }]);
  const stats = show.app.light.lx.midi.stats;
  const before = await fader(show);
  const steps = await depth(show);
  const received = stats.received;
  const dropped = stats.dropped;

  // Running status (data bytes with no status byte), a data byte above 127, a byte above 255, a SysEx that is not MTC's full frame.
  const bad = [
    [7, 96],
    [0xb1, 7, 200],
    [0xb1, 7, 300],
    [0xf0, 0x7e, 0x7f, 0x06, 0x01, 0xf7],
    [0xb1, 7, 96, 0],
  ];
  for (const b of bad) input.emit('message', 0, b);
  await drained(show);
  assert.equal(stats.received - received, bad.length);
  assert.equal(stats.dropped - dropped, bad.length, 'each dropped and counted');
  assert.equal(await fader(show), before, 'nothing moved');
  assert.equal(await depth(show), steps, 'no history step');
  let port = (await show.call('list_midi_inputs')).systemPorts.ports[0];
  assert.equal(port.received, bad.length);
  assert.equal(port.dropped, 3, "the port drops what is not one message; the show's parser drops the others");

  // A SysEx flood: every one dropped, none reaches the show.
  for (let i = 0; i < 3000; i++) input.emit('message', 0, [0xf0, 0x00, 0x20, 0x29, i & 0x7f, 0xf7]);
  await drained(show);
  assert.equal(stats.dropped - dropped, bad.length + 3000);
  assert.equal(await depth(show), steps);

  // A flood of good CCs: past 1000 in a second the rest are dropped (a synchronous burst spans at most two seconds' budgets).
  const flood = 2500;
  const droppedBefore = stats.dropped;
  for (let i = 0; i < flood; i++) input.emit('message', 0, [0xb1, 7, i % 128]);
  await drained(show);
  const floodDropped = stats.dropped - droppedBefore;
  assert.ok(floodDropped >= flood - 2000 && floodDropped < flood, `${floodDropped} of ${flood} dropped`);
  port = (await show.call('list_midi_inputs')).systemPorts.ports[0];
  assert.equal(port.received, bad.length + 3000 + flood);
  assert.equal(port.dropped, 3 + 3000 + floodDropped);
  assert.equal(await depth(show), steps + 1, 'the CCs that got through are one undo step');
  await show.call('undo');
  assert.equal(await fader(show), before, 'undo restores the fader');
  assert.equal(await depth(show), steps);
});

test('a system port bound to a control surface: its output gets the LEDs, a pad press is one undo step', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  await show.call('add_pattern', { containerPath: '/lx/mixer/channel/1', class: 'Solid' });
  await show.call('set_midi_surface', { device: APC, driver: 'APCminiMk2' });
  const input = new EventEmitter();
  const output = new FakeOutput();
  show.app.console.hub.attachMidiPorts([{ name: APC, input, output }]);
  await frame(show);
  assert.equal(output.sent.length, 72, 'every pad and track button lit once');
  assert.deepEqual(
    output.sent.find((m) => m[1] === 48 && m[0] >= 0x90),
    [0x92, 48, 3],
    'channel 1, pattern 2: another of the playlist (white, half)',
  );
  await frame(show);
  assert.equal(output.sent.length, 72, 'nothing changed, nothing sent');
  const active = async () => (await show.call('list_channels')).channels[0].activePattern.index;
  const was = await active();
  const steps = await depth(show);
  input.emit('message', 0, [0x90, 48, 127]);
  await drained(show);
  await frame(show);
  assert.equal(await active(), 1, 'the pad launched pattern 2');
  assert.equal(await depth(show), steps + 1);
  assert.ok(output.sent.length > 72, 'the LEDs that changed were sent');
  await show.call('undo');
  assert.equal(await active(), was);
  assert.equal(await depth(show), steps);
});

test('a system port named by --midi-sync-out: its output gets the song start, 24 clocks a beat and MTC, in order, at their moments', async (t) => {
  const show = await startShow(t, { soundCooperative: true, timecode: { rate: '25', offset: '01:00:00:00' } });
  const { engine, sound } = show.app;
  const input = new EventEmitter();
  const output = new FakeOutput();
  show.app.console.hub.attachMidiPorts([{ name: 'Sync Box', input, output }], [{ name: 'Sync Box', mtc: true, clock: true }]);
  assert.deepEqual((await show.call('list_midi_inputs')).systemPorts.ports[0].sync, ['mtc', 'clock']);
  await show.call('song_control_transport', { operation: 'play' });
  const beats = 1;
  const frames = Math.ceil(((60000 / sound.project.tempo.getBaseValue()) * beats) / (1000 / 60));
  for (let i = 0; i < frames; i++) await engine.queue.submit(() => engine.clock.stepFixed(1, 1000 / 60));
  // Each message waits for its moment plus the latency (a timer): wait until the beat's clocks are out.
  const clocks = (): number => output.sent.filter((m) => m[0] === 0xf8).length;
  for (let i = 0; i < 400 && clocks() < 24 * beats; i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(clocks() >= 24 * beats, `${clocks()} clocks`);
  // Playing when the stream began: where the song stands (SPP 0) and continue, then the full frame at 01:00:00:00, 25 fps.
  assert.deepEqual(output.sent.slice(0, 3), [[0xf2, 0, 0], [0xfb], [0xf0, 0x7f, 0x7f, 1, 1, 0x21, 0, 0, 0, 0xf7]]);
  // Quarter frames go out in their order: each piece the one after the last, 7 wrapping to 0.
  const pieces = output.sent.filter((m) => m[0] === 0xf1).map((m) => m[1] >> 4);
  assert.ok(pieces.length >= 8, `${pieces.length} quarter frames`);
  pieces.forEach((p, i) => assert.equal(p, (pieces[0] + i) % 8, `quarter frame ${i}`));
  await show.call('song_control_transport', { operation: 'stop' });
});

test('--midi-sync-out: a spec that is not mtc:NAME or clock:NAME, or one without --midi-ports, stops the start with the reason', async (t) => {
  await assert.rejects(startShow(t, { midiPorts: 'all', midiSyncOut: ['fast:Sync Box'] }), {
    code: 'invalid_argument',
    message: '--midi-sync-out takes mtc:NAME or clock:NAME (a MIDI output), not "fast:Sync Box"',
  });
  await assert.rejects(startShow(t, { midiSyncOut: ['mtc:Sync Box'] }), {
    code: 'invalid_argument',
    message: '--midi-sync-out sends to a port --midi-ports opens: give --midi-ports too',
  });
});
