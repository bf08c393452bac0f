// LX's MIDI model: mappings saved in the .lxp as LX 1.2.1 writes them, messages checked byte by
// byte, and what a message does to mapped parameters (LX's rules plus soft takeover).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createLibrary } from '../../../src/light/devices/library.js';
import { applyMidi, MidiMappingState, type MappedParameter } from '../../../src/light/midi/midi-apply.js';
import { readMapping, type MidiMapping } from '../../../src/light/midi/midi-mapping.js';
import { parseMidi } from '../../../src/light/midi/midi-message.js';
import { readProject, writeProject } from '../../../src/light/show/project/project-file.js';

const FILE = JSON.parse(readFileSync(new URL('./midi-mappings.lxp', import.meta.url), 'utf8')) as Record<string, any>;

test('a hand-written project with MIDI mappings opens and saves back unchanged', () => {
  const opened = readProject(structuredClone(FILE), createLibrary());
  const mappings = opened.lx.midi.mappings;
  assert.equal(mappings.length, 6);
  assert.deepEqual(
    mappings.map((m) => (typeof m.mapping === 'string' ? m.mapping : `${m.mapping.type} ${m.mapping.channel}/${m.mapping.number} ${m.mapping.mode}`)),
    [
      'CONTROL_CHANGE 0/21 TOGGLE',
      'NOTE 0/36 TOGGLE',
      'NOTE 9/40 MOMENTARY',
      'NOTE 0/37 ON',
      'CONTROL_CHANGE 1/7 TOGGLE',
      'type "PITCH_BEND" is not NOTE or CONTROL_CHANGE',
    ],
  );
  assert.equal(opened.lx.midi.computerKeyboardOctave.getValue(), 3);
  assert.equal(opened.warnings.length, 1, 'only the unusable mapping is reported');
  assert.match(opened.warnings[0], /mapping\/5: type "PITCH_BEND".*kept but inactive/);
  const saved = writeProject(opened.lx, opened.externals, 0);
  assert.deepEqual(JSON.parse(JSON.stringify(saved)), FILE);
});

test('a project without a MIDI engine object is saved without one; a mapping makes one', () => {
  const noMidi = structuredClone(FILE);
  delete noMidi.engine.children.midi;
  const opened = readProject(noMidi, createLibrary());
  assert.equal((writeProject(opened.lx, opened.externals, 0).engine as any).children.midi, undefined);
  opened.lx.midi.insertMapping({ channel: 0, type: 'NOTE', path: '/lx/mixer/channel/1/enabled', pitch: 1 }, 0);
  const midi = (writeProject(opened.lx, opened.externals, 0).engine as any).children.midi;
  assert.equal(midi.class, 'heronarts.lx.midi.LXMidiEngine');
  assert.deepEqual(midi.templates, []);
  assert.equal(midi.mapping.length, 1);
});

test('LX .lxmidi device settings: inputs with their flags and surfaces load and save in its shape', () => {
  const opened = readProject(structuredClone(FILE), createLibrary());
  const devices = {
    version: '1.2.1',
    inputs: [
      { name: 'APC40 mkII', channel: true, control: true, sync: false },
      { name: 'Clock Box', channel: false, control: false, sync: true },
    ],
    surfaces: [{ id: 0, class: 'heronarts.lx.midi.surface.APC40Mk2', parameters: { label: 'APC40Mk2', enabled: true }, name: 'APC40 mkII' }],
  };
  opened.lx.midi.loadDevices(devices);
  assert.deepEqual(opened.lx.midi.surfaces, [{ className: 'heronarts.lx.midi.surface.APC40Mk2', deviceName: 'APC40 mkII', enabled: true }]);
  assert.deepEqual(opened.lx.midi.saveDevices(), devices);
});

test('MIDI bytes: status first, data 0–127, the right length; note on with velocity 0 is note off', () => {
  assert.deepEqual(parseMidi([0x90, 60, 100]), { kind: 'note', channel: 0, number: 60, velocity: 100, on: true });
  assert.deepEqual(parseMidi([0x9f, 60, 0]), { kind: 'note', channel: 15, number: 60, velocity: 0, on: false });
  assert.deepEqual(parseMidi([0x83, 1, 64]), { kind: 'note', channel: 3, number: 1, velocity: 64, on: false });
  assert.deepEqual(parseMidi([0xb2, 7, 127]), { kind: 'cc', channel: 2, number: 7, value: 127 });
  assert.deepEqual(parseMidi([0xc0, 5]), { kind: 'other', status: 0xc0 });
  assert.deepEqual(parseMidi([0xf8]), { kind: 'other', status: 0xf8 });
  assert.match(parseMidi([60, 100]) as string, /running status/);
  assert.match(parseMidi([0x90, 128, 1]) as string, /data byte 128/);
  assert.match(parseMidi([0xb0, 7]) as string, /takes 2 data bytes, got 1/);
  assert.match(parseMidi([0x100, 1, 1]) as string, /status byte 256/);
  assert.match(parseMidi([]) as string, /empty/);
  assert.deepEqual(parseMidi([0xf0, 0x7e, 1, 0xf7]), { kind: 'other', status: 0xf0 });
  assert.match(parseMidi([0xf0, 0x7e, 1]) as string, /SysEx does not end/);
  assert.match(parseMidi([0xf0, 0x80, 0xf7]) as string, /data byte 128/);
  assert.match(parseMidi([0x90, 1.5, 1]) as string, /data byte 1.5/);
});

/** A knob 0–10 (linear), a switch and a choice 1–4, held as plain values the writes update. */
function params() {
  const values: Record<string, number | boolean> = { '/lx/knob': 5, '/lx/switch': false, '/lx/choice': 2 };
  const read = (path: string): MappedParameter | undefined => {
    const v = values[path];
    if (v === undefined) return undefined;
    if (path === '/lx/switch') return { kind: 'boolean', value: v, normalized: v ? 1 : 0, min: 0, max: 1, normalize: (x) => x, denormalize: (x) => x };
    if (path === '/lx/choice')
      return { kind: 'discrete', value: v, normalized: ((v as number) - 1) / 3, min: 1, max: 4, normalize: (x) => (x - 1) / 3, denormalize: (n) => 1 + 3 * n };
    return { kind: 'knob', value: v, normalized: (v as number) / 10, min: 0, max: 1, normalize: (x) => x / 10, denormalize: (n) => n * 10 };
  };
  return { values, read };
}

function mapping(json: Record<string, unknown>): MidiMapping {
  const m = readMapping({ channel: 0, ...json });
  assert.equal(typeof m, 'object', String(m));
  return m as MidiMapping;
}

test('notes: toggle, momentary, on and off on a switch; on/off values on a knob; stepping a choice', () => {
  const { values, read } = params();
  const state = new MidiMappingState();
  const run = (maps: MidiMapping[], bytes: number[]) => {
    const r = applyMidi(maps, parseMidi(bytes) as never, state, read);
    for (const w of r.writes) values[w.path] = w.value;
    return r.writes.map((w) => w.value);
  };
  const toggle = [mapping({ type: 'NOTE', pitch: 36, path: '/lx/switch', 'mode/name': 'TOGGLE' })];
  assert.deepEqual(run(toggle, [0x90, 36, 100]), [true]);
  assert.deepEqual(run(toggle, [0x80, 36, 0]), [], 'note off leaves a toggle alone');
  assert.deepEqual(run(toggle, [0x90, 36, 1]), [false]);
  assert.deepEqual(run(toggle, [0x91, 36, 100]), [], 'another channel does not match');
  const momentary = [mapping({ type: 'NOTE', pitch: 36, path: '/lx/switch', mode: 1 })];
  assert.deepEqual(run(momentary, [0x90, 36, 100]), [true]);
  assert.deepEqual(run(momentary, [0x90, 36, 0]), [false]);
  assert.deepEqual(run([mapping({ type: 'NOTE', pitch: 1, path: '/lx/switch', 'mode/name': 'OFF' })], [0x90, 1, 9]), [false]);
  const knob = [mapping({ type: 'NOTE', pitch: 2, path: '/lx/knob', 'mode/name': 'TOGGLE', offValue: 1, onValue: 9 })];
  assert.deepEqual(run(knob, [0x90, 2, 9]), [9]);
  assert.deepEqual(run(knob, [0x90, 2, 9]), [1]);
  assert.deepEqual(
    run([mapping({ type: 'NOTE', pitch: 3, path: '/lx/knob', 'mode/name': 'MOMENTARY' })], [0x80, 3, 0]),
    [0],
    'no saved values: the range ends',
  );
  const step = [mapping({ type: 'NOTE', pitch: 4, path: '/lx/choice' })];
  assert.deepEqual([run(step, [0x90, 4, 1]), run(step, [0x90, 4, 1]), run(step, [0x90, 4, 1])], [[3], [4], [1]], 'INCREMENT wraps');
  const fixed = [mapping({ type: 'NOTE', pitch: 5, path: '/lx/choice', 'discreteMode/name': 'FIXED', fixedValue: 3 })];
  assert.deepEqual(run(fixed, [0x90, 5, 1]), [3]);
  assert.deepEqual(run([mapping({ type: 'NOTE', pitch: 6, path: '/lx/gone' })], [0x90, 6, 1]), [], 'a path that resolves to nothing is skipped');
});

test('CC: a switch in its upper half, a choice across its options, a knob absolute with soft takeover', () => {
  const { values, read } = params();
  const state = new MidiMappingState();
  const run = (maps: MidiMapping[], value: number) => {
    const r = applyMidi(maps, { kind: 'cc', channel: 0, number: 7, value }, state, read);
    for (const w of r.writes) values[w.path] = w.value;
    return { writes: r.writes.map((w) => w.value), waiting: r.waiting.length };
  };
  const sw = [mapping({ type: 'CONTROL_CHANGE', cc: 7, path: '/lx/switch', minValue: 0.5, maxValue: 1 })];
  assert.deepEqual(run(sw, 64).writes, [true]);
  assert.deepEqual(run(sw, 100).writes, [], 'already on: no write');
  assert.deepEqual(run(sw, 10).writes, [false]);
  const choice = [mapping({ type: 'CONTROL_CHANGE', cc: 7, path: '/lx/choice', minDiscrete: 1, maxDiscrete: 4 })];
  assert.deepEqual(run(choice, 127).writes, [4]);
  assert.deepEqual(run(choice, 0).writes, [1]);
  const knob = [mapping({ type: 'CONTROL_CHANGE', cc: 7, path: '/lx/knob', minValue: 0, maxValue: 10 })];
  // The knob is at 5 (0.5); the control starts at the bottom: it waits until it reaches the knob.
  assert.deepEqual(run(knob, 0), { writes: [], waiting: 1 });
  assert.deepEqual(run(knob, 40), { writes: [], waiting: 1 });
  const crossed = run(knob, 70);
  assert.equal(crossed.writes.length, 1, 'crossing the value picks the knob up');
  assert.ok(Math.abs((crossed.writes[0] as number) - (70 / 127) * 10) < 1e-9);
  assert.equal(run(knob, 20).writes.length, 1, 'picked up: it follows the control, even in big steps');
  values['/lx/knob'] = 9; // someone else (an agent, a cue) moves the knob
  assert.deepEqual(run(knob, 30), { writes: [], waiting: 1 }, 'the control lets go until it comes back to the value');
  assert.deepEqual(run(knob, 115).writes.length, 1, 'crossing 9 (0.9 of 127 ≈ 114.3) picks it up again');
  const inverted = [mapping({ type: 'CONTROL_CHANGE', cc: 7, path: '/lx/knob', minValue: 10, maxValue: 0 })];
  state.clear();
  values['/lx/knob'] = 10;
  assert.deepEqual(run(inverted, 0), { writes: [], waiting: 0 }, 'a control at the value picks it up at once, writing nothing: it is there');
  assert.deepEqual(run(inverted, 127).writes, [0], 'min above max inverts');
});
