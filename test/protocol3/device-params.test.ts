import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SAMPLER_KIT, SAMPLER_SAMPLES } from '../../src/sound/audio/dsp/kit.js';
import { MAX_VOICES, SYNC_NOTE_VALUES } from '../../src/sound/audio/dsp/params.js';
import { deviceByName } from '../../src/sound/model/catalog.js';
import { buildProject } from '../../src/sound/model/components.js';
import { demoProject } from '../../src/sound/demo.js';
import { b64, doUndoRedo, refusedUnchanged, startStack, type Reply, type Stack } from './helpers.js';

type Param = { id: string; value: number | boolean; display: string; type: string; min: number; max: number; options?: string[]; integer?: boolean };
const state = async (s: Stack): Promise<Reply & { parameters: Param[]; selection_token: string }> =>
  (await s.ok('state')) as Reply & { parameters: Param[]; selection_token: string };
const param = async (s: Stack, id: string): Promise<Param> => (await state(s)).parameters.find((p) => p.id === id)!;
const trackIndex = async (s: Stack, name: string): Promise<number> =>
  ((await s.ok('tracks')).tracks as { index: number; name: string }[]).find((t) => t.name === name)!.index;

test('the catalog declares polyphony on every instrument, a built-in kit on the Sampler and tempo sync on the Arpeggiator', () => {
  for (const name of ['Poly Grid', 'Polysynth', 'Sampler', 'FM-4', 'Organ']) {
    const v = deviceByName(name).params.find((p) => p.id === 'VOICES')!;
    assert.deepEqual([v.min, v.max, v.integer], [1, MAX_VOICES, true], name);
  }
  const sampler = deviceByName('Sampler').params;
  assert.deepEqual(sampler.find((p) => p.id === 'KIT')!.options, [SAMPLER_KIT.name]);
  assert.equal(sampler.find((p) => p.id === 'SAMPLE')!.options![0], 'Kit (GM drum map)');
  assert.equal(SAMPLER_SAMPLES.length, 1 + SAMPLER_KIT.drums.length + SAMPLER_KIT.tones.length);
  const arp = deviceByName('Arpeggiator').params;
  assert.equal(arp.find((p) => p.id === 'SYNC')!.default, 1);
  assert.deepEqual(
    arp.find((p) => p.id === 'RATE_SYNC')!.options,
    SYNC_NOTE_VALUES.map((r) => r.label),
  );
  assert.equal(SYNC_NOTE_VALUES[arp.find((p) => p.id === 'RATE_SYNC')!.default].beats, 0.25, '1/16 by default');
});

test("state lists every native parameter; the demo Kick plays the kit's Kick at its root key", async (t) => {
  const s = await startStack(t);
  await s.ok(`track ${await trackIndex(s, 'Kick')}`);
  assert.equal((await param(s, 'SAMPLE')).display, 'Kick');
  assert.equal((await param(s, 'ROOT_KEY')).value, 36);
  assert.equal((await param(s, 'KIT')).display, SAMPLER_KIT.name);
  assert.equal((await param(s, 'VOICES')).integer, true);
});

test('device-param-set: voices, sampler source, arpeggiator sync; one undo step; refusals change nothing', async (t) => {
  const s = await startStack(t);
  await s.ok(`track ${await trackIndex(s, 'Hats')}`);
  let token = (await state(s)).selection_token;
  await doUndoRedo(s, `device-param-set ${b64('VOICES')} 1 ${token}`, async (r) => {
    assert.equal((r.parameter as Param).value, 1);
    assert.equal(r.previous_value, 8);
    assert.equal((await param(s, 'VOICES')).value, 1);
  });
  await doUndoRedo(s, `device-param-set ${b64('SAMPLE')} ${SAMPLER_SAMPLES.indexOf('Electric Piano')} ${token}`, (r) =>
    assert.equal((r.parameter as Param).display, 'Electric Piano'),
  );
  await doUndoRedo(s, `device-param-set ${b64('ROOT_KEY')} 48 ${token}`, (r) => assert.equal((r.parameter as Param).display, 'C2'));
  const depth = s.engine.history.undoDepth;
  assert.equal((await s.ok(`device-param-set ${b64('ROOT_KEY')} 48 ${token}`)).changed, false);
  assert.equal(s.engine.history.undoDepth, depth, 'no change, no step');
  await refusedUnchanged(s, `device-param-set ${b64('VOICES')} 2.5 ${token}`, 'invalid_argument');
  await refusedUnchanged(s, `device-param-set ${b64('VOICES')} 0 ${token}`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `device-param-set ${b64('VOICES')} 33 ${token}`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `device-param-set ${b64('SAMPLE')} 99 ${token}`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `device-param-set ${b64('REVERSE')} 1 ${token}`, 'invalid_argument');
  await refusedUnchanged(s, `device-param-set ${b64('voices')} 4 ${token}`, 'not_found');
  await refusedUnchanged(s, `device-param-set ${b64('VOICES')} 4 ${'0'.repeat(64)}`, 'stale', 'stale_selection_token');
  await refusedUnchanged(s, `device-param-set VOICES+ 4 ${token}`, 'invalid_argument');

  // The Lead's Arpeggiator (Poly Grid → Note FX slot): sync off, then a dotted eighth.
  await s.ok(`track ${await trackIndex(s, 'Lead')}`);
  const slotted = s.host.project.tracks.items
    .find((x) => x.name === 'Lead')!
    .devices.at(0)!
    .slots.get('Note FX')!
    .at(0)!;
  await s.engine.queue.submit(() => s.host.selection.selectDevice(slotted));
  token = (await state(s)).selection_token;
  assert.equal((await param(s, 'SYNC')).value, true);
  await doUndoRedo(s, `device-param-set ${b64('SYNC')} false ${token}`, (r) => assert.equal((r.parameter as Param).value, false));
  await doUndoRedo(s, `device-param-set ${b64('RATE_SYNC')} ${SYNC_NOTE_VALUES.findIndex((r) => r.label === '1/8.')} ${token}`, (r) =>
    assert.equal((r.parameter as Param).display, '1/8.'),
  );
});

test('whole-number parameters refuse fractions in project files', () => {
  const doc = demoProject();
  const kick = doc.tracks[0].children![0];
  const bad = {
    ...doc,
    tracks: [{ ...doc.tracks[0], children: [{ ...kick, devices: [{ ...kick.devices[0], params: { VOICES: 2.5 } }] }] }, ...doc.tracks.slice(1)],
  };
  assert.throws(() => buildProject(bad), /VOICES/);
});
