// Issue #28: the operator's own samples in the console, in a real headless Chromium (Debian's,
// through playwright-core): the Sound view lists the granted folder (made by sox), ▶ auditions a
// file (the clip the page gets is checked by sox), Load puts it on the selected Sampler in one
// undo step and undo restores the kit; a refused load changes nothing, history included.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { saveDevice } from '../../src/sound/model/components.js';
import { startShow, tempHome, type TestShow } from '../helpers/show.js';
import { browserFor, chromiumMissing, openConsole } from './browser.js';
import { api, baseOf } from './helpers.js';

declare const document: any;

const skip = chromiumMissing();

/** A granted folder holding a mono 440 Hz WAV and a stereo 220 Hz FLAC, both made by sox. */
async function sampleFolder(t: TestContext): Promise<string> {
  const folder = join(await tempHome(t), 'samples');
  mkdirSync(folder, { recursive: true });
  execFileSync('sox', ['-n', '-r', '44100', '-b', '16', join(folder, 'a440.wav'), 'synth', '0.5', 'sine', '440', 'gain', '-6']);
  execFileSync('sox', ['-n', '-r', '48000', '-b', '16', '-c', '2', join(folder, 'b220.flac'), 'synth', '0.25', 'sine', '220', 'gain', '-12']);
  return folder;
}

/** The Kick track's Sampler zones as the project saves them. */
const kickZones = (show: TestShow) =>
  show.app.engine.queue.submit(
    () =>
      saveDevice(
        show.app.sound.project
          .flatTracks()
          .find((f) => f.track.name === 'Kick')!
          .track.devices.at(0)!,
        { ids: false },
      ).zones,
  );

const undoDepth = async (show: TestShow): Promise<number> => (await show.call('get_history', {})).undoDepth;

test('console samples: list, audition (sox), load onto the selected Sampler, undo restores the kit', { skip }, async (t) => {
  const show = await startShow(t, { samples: await sampleFolder(t) });
  const base = baseOf(show.url);
  const { page, problems, external } = await openConsole(await browserFor(t), base);
  t.after(async () => {
    assert.deepEqual(external, []);
    await page.close();
  });
  await page.getByRole('tab', { name: 'Sound' }).click();
  const rows = page.locator('.sample-list li');
  await rows.nth(1).waitFor();
  assert.deepEqual(await page.locator('.sample-path').allTextContents(), ['a440.wav', 'b220.flac']);
  assert.match(await rows.nth(0).innerText(), /wav · 0\.50 s · mono · 44\.1 kHz · -6\.0 dBFS/);
  assert.match(await rows.nth(1).innerText(), /flac · 0\.25 s · 2 ch · 48 kHz · -12\.0 dBFS/);
  // Nothing selected that holds zones: Load waits for a Sampler.
  assert.equal(await page.getByRole('button', { name: 'Load a440.wav' }).isDisabled(), true);

  // The page's audition: the clip the server renders, as the page receives it, measured by sox.
  const clip = await page.evaluate(async () => {
    const res = await fetch('/api/sound/samples/audition', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"path":"a440.wav"}' });
    return ((await res.json()) as { clip: { base64: string } }).clip.base64;
  });
  const dir = await tempHome(t);
  writeFileSync(join(dir, 'heard.wav'), Buffer.from(clip, 'base64'));
  assert.ok(Math.abs(Number(execFileSync('soxi', ['-D', join(dir, 'heard.wav')]).toString()) - 0.5) < 0.01, 'half a second, as the file');
  // sox prints stat on stderr; its rough frequency of the tone the Sampler played at its root.
  const stat = spawnSync('sox', [join(dir, 'heard.wav'), '-n', 'remix', '1', 'stat'], { encoding: 'utf8' }).stderr;
  assert.ok(Math.abs(Number(/Rough\s+frequency:\s+(\d+)/.exec(stat)?.[1]) - 440) < 5, stat);
  // The button decodes that clip and plays it through Web Audio: pressed while it sounds.
  await page.getByRole('button', { name: 'Audition a440.wav' }).click();
  await page.locator('[aria-label="Audition a440.wav"][aria-pressed="true"]').waitFor();

  // Select the Kick track (its Sampler comes with it) and load the FLAC.
  const index = await show.app.engine.queue.submit(() => show.app.sound.flat().find((f) => f.track.name === 'Kick')!.index);
  assert.equal((await api(base, '/api/sound/track', { index, select: true })).status, 200);
  const load = page.getByRole('button', { name: 'Load b220.flac' });
  await page.waitForFunction(() => document.querySelector('[aria-label="Load b220.flac"]')?.disabled === false);
  const kit = await kickZones(show);
  const depth = await undoDepth(show);
  await load.click();
  for (let i = 0; i < 100 && (await kickZones(show))?.length !== 1; i++) await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(await kickZones(show), [{ sample: 'b220.flac', key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 60 }]);
  assert.equal(await undoDepth(show), depth + 1, 'one undo step');
  assert.equal((await api(base, '/api/tools/undo', {})).status, 200);
  assert.deepEqual(await kickZones(show), kit, 'undo restores the kit');

  // A path outside the folder: refused, nothing changed, history included.
  const before = await undoDepth(show);
  const refused = await api(base, '/api/sound/sampler-zones', { sample: '../outside.wav' });
  assert.equal(refused.status, 400);
  assert.equal(refused.body.error, 'invalid_argument');
  assert.deepEqual(await kickZones(show), kit);
  assert.equal(await undoDepth(show), before);
  assert.deepEqual(problems, []);
});

/** Debian's General MIDI SoundFont (timgm6mb-soundfont, see .ci/run). */
const TIM_SF2 = '/usr/share/sounds/sf2/TimGM6mb.sf2';

test('console samples: a SoundFont lists its presets; ▶ plays the chosen one (sox), Load puts it on the Sampler, undo restores', { skip }, async (t) => {
  const folder = join(await tempHome(t), 'samples');
  mkdirSync(folder, { recursive: true });
  copyFileSync(TIM_SF2, join(folder, 'gm.sf2'));
  const show = await startShow(t, { samples: folder });
  const base = baseOf(show.url);
  const { page, problems, external } = await openConsole(await browserFor(t), base);
  t.after(async () => {
    assert.deepEqual(external, []);
    await page.close();
  });
  await page.getByRole('tab', { name: 'Sound' }).click();
  const row = page.locator('.sample-list li');
  await row.first().waitFor();
  assert.match(await row.first().innerText(), /gm\.sf2\s+sf2 · \d+ presets/);
  const presets = page.getByRole('combobox', { name: 'Preset of gm.sf2' });
  assert.equal(await presets.inputValue(), '0:0', 'the first preset is chosen at first');
  assert.match(await presets.locator('option[value="0:24"]').innerText(), /^000:024 \S/);

  // The page's audition of a preset: C4 for 2 s and 1 s of release, as sox hears it.
  const clip = await page.evaluate(async () => {
    const body = JSON.stringify({ path: 'gm.sf2', preset: { bank: 0, program: 0 } });
    const res = await fetch('/api/sound/samples/audition', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return ((await res.json()) as { clip: { base64: string } }).clip.base64;
  });
  const dir = await tempHome(t);
  writeFileSync(join(dir, 'heard.wav'), Buffer.from(clip, 'base64'));
  assert.ok(Math.abs(Number(execFileSync('soxi', ['-D', join(dir, 'heard.wav')]).toString()) - 3) < 0.01, 'three seconds');
  const stat = spawnSync('sox', [join(dir, 'heard.wav'), '-n', 'trim', '0', '2', 'stat'], { encoding: 'utf8' }).stderr;
  assert.ok(Number(/RMS\s+amplitude:\s+([\d.]+)/.exec(stat)?.[1]) > 0.01, `the piano sounds: ${stat}`);
  await presets.selectOption('0:24');
  await page.getByRole('button', { name: 'Audition gm.sf2' }).click();
  await page.locator('[aria-label="Audition gm.sf2"][aria-pressed="true"]').waitFor();

  // Load the chosen preset onto the Kick track's Sampler: one undo step, undone.
  const index = await show.app.engine.queue.submit(() => show.app.sound.flat().find((f) => f.track.name === 'Kick')!.index);
  assert.equal((await api(base, '/api/sound/track', { index, select: true })).status, 200);
  await page.waitForFunction(() => document.querySelector('[aria-label="Load gm.sf2"]')?.disabled === false);
  const kit = await kickZones(show);
  const depth = await undoDepth(show);
  await page.getByRole('button', { name: 'Load gm.sf2' }).click();
  for (let i = 0; i < 100 && (await kickZones(show))?.length !== 1; i++) await new Promise((r) => setTimeout(r, 50));
  const zone = { sample: 'gm.sf2', key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 60, bank: 0, program: 24 };
  assert.deepEqual(await kickZones(show), [zone]);
  assert.equal(await undoDepth(show), depth + 1, 'one undo step');
  assert.equal((await api(base, '/api/tools/undo', {})).status, 200);
  assert.deepEqual(await kickZones(show), kit, 'undo restores the kit');

  // A preset the SoundFont lacks, and a preset on a plain sample: refused, nothing changed, history included.
  const before = await undoDepth(show);
  const missing = await api(base, '/api/sound/sampler-zones', { sample: 'gm.sf2', preset: { bank: 5, program: 3 } });
  assert.equal(missing.status, 404);
  assert.equal(missing.body.error, 'not_found');
  const badBank = await api(base, '/api/sound/sampler-zones', { sample: 'gm.sf2', preset: { bank: 200, program: 0 } });
  assert.equal(badBank.status, 400);
  assert.equal(badBank.body.error, 'invalid_argument');
  assert.deepEqual(await kickZones(show), kit);
  assert.equal(await undoDepth(show), before);
  assert.deepEqual(problems, []);
});

test('console samples: without a granted folder the panel says how to grant one, and no request fails', { skip }, async (t) => {
  const show = await startShow(t);
  const { page, problems, external } = await openConsole(await browserFor(t), baseOf(show.url));
  t.after(async () => {
    assert.deepEqual(external, []);
    await page.close();
  });
  await page.getByRole('tab', { name: 'Sound' }).click();
  await page.locator('.samples .hint').waitFor();
  assert.match(await page.locator('.samples .hint').innerText(), /--samples/);
  // No folder is a state, not a failed request: the page's console stays clean.
  assert.deepEqual(problems, []);
});
