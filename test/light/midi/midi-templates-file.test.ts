// LX's MIDI templates in the .lxp: a hand-written project with a template of each of LX 1.2.1's
// four classes opens, is read (class, input, no targets) and saves back exactly as written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createLibrary } from '../../../src/light/devices/library.js';
import { readTemplate, templateMappings } from '../../../src/light/midi/midi-templates.js';
import { readProject, writeProject } from '../../../src/light/show/project/project-file.js';

const FILE = JSON.parse(readFileSync(new URL('./midi-templates.lxp', import.meta.url), 'utf8')) as Record<string, any>;

test('a project with a template of each LX class opens and saves back unchanged', () => {
  const opened = readProject(structuredClone(FILE), createLibrary());
  assert.deepEqual(opened.warnings, []);
  const read = opened.lx.midi.templates.map(readTemplate);
  assert.deepEqual(
    read.map((t) => `${t.cls?.name} | ${t.label} | ${t.input}`),
    [
      'Akai MIDIMIX | Akai MIDIMIX | MIDI Mix',
      'Akai MPD218 | Pads | MPD218',
      'DJTT Midi Fighter Twister | DJTT Midi Fighter Twister | Midi Fighter Twister',
      'Novation Launchkey MK3 37 | Novation Launchkey MK3 37 | null',
    ],
  );
  // Every control of each class is a parameter LX saved, in LX's order.
  for (const [i, t] of read.entries()) {
    const keys = Object.keys(FILE.engine.children.midi.templates[i].parameters).filter((k) => k !== 'label' && !k.includes('Device/'));
    assert.deepEqual(
      t.cls?.controls.map((c) => c.key),
      keys,
      t.className,
    );
  }
  assert.deepEqual(templateMappings(opened.lx.midi.templates, 'MIDI Mix', 0), [], 'no targets, no mappings');
  const saved = writeProject(opened.lx, opened.externals, 0);
  assert.deepEqual(JSON.parse(JSON.stringify(saved)), FILE);
});

test('an unknown template class and a non-object are kept or reported; targets are read per input and channel', () => {
  const file = structuredClone(FILE);
  const templates = file.engine.children.midi.templates;
  templates[0].targets = { 'fader-9': '/lx/mixer/channel/1/fader', 'mute-2': '/lx/mixer/channel/1/enabled' };
  templates[2].targets = { 'Switch-16': '/lx/mixer/channel/1/enabled' };
  templates.push({ id: 990, class: 'com.example.MyTemplate', parameters: { label: 'Mine' } }, 7);
  const opened = readProject(file, createLibrary());
  assert.equal(opened.warnings.length, 1);
  assert.match(opened.warnings[0], /templates\/5: not an object; this MIDI template was dropped/);
  const midi = opened.lx.midi;
  assert.equal(readTemplate(midi.templates[4]).cls, undefined);
  const m = (input: string | undefined, channel: number) =>
    templateMappings(midi.templates, input, channel).map((x) => `${x.type} ${x.channel}/${x.number} ${x.mode} ${x.path}`);
  assert.deepEqual(m('MIDI Mix', 4), ['CONTROL_CHANGE 4/62 TOGGLE /lx/mixer/channel/1/fader', 'NOTE 4/4 TOGGLE /lx/mixer/channel/1/enabled']);
  assert.deepEqual(m('Midi Fighter Twister', 0), ['NOTE 1/15 MOMENTARY /lx/mixer/channel/1/enabled']);
  assert.deepEqual(m('Other', 0), []);
  const saved = JSON.parse(JSON.stringify(writeProject(opened.lx, opened.externals, 0)));
  assert.deepEqual(saved.engine.children.midi.templates, templates.slice(0, 5));
});
