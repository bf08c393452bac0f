// An audio clip placed over MCP shows in the console's arranger as an audio clip (its own colour,
// the sample in its title), in a real headless Chromium (Debian's, through playwright-core).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openProject } from '../../src/sound/operations/project.js';
import { project, track } from '../sound/audio/helpers.js';
import { startSound, tempDir } from '../tools/sound/helpers.js';
import { baseOf } from './helpers.js';
import { fileBrowser, openConsole } from './browser.js';

const { skip, browser } = fileBrowser();

test('an audio clip placed by an agent shows in the arranger as an audio clip, with its sample', { skip }, async (t) => {
  const folder = join(await tempDir(t, 'footlight-console-clips-'), 'samples');
  mkdirSync(folder);
  execFileSync('sox', ['-n', '-r', '48000', '-b', '16', join(folder, 'take.wav'), 'synth', '1', 'sine', '220', 'gain', '-6']);
  const show = await startSound(t, { samples: folder, soundCooperative: true });
  const json = project([track('Tape', [], [], { type: 'audio' })]);
  await show.app.engine.queue.submit(() => openProject(show.app.sound, { surface: 'cli' }, json));
  const { page, problems, external } = await openConsole(browser(), baseOf(show.url));
  t.after(async () => {
    assert.deepEqual(external, []);
    await page.close();
  });
  await page.getByRole('tab', { name: 'Sound' }).click();
  await page.waitForSelector('.ruler');
  await show.call('song_set_audio_clip', { track_index: 0, clip: { sample: 'take.wav', start: 4, length: 4, gain_db: -3, loop: true } });
  const clip = page.locator('.clip.audio');
  await clip.waitFor();
  assert.equal(await clip.getAttribute('title'), 'take: take.wav at -3 dB, beats 4–8, looped');
  assert.match((await clip.getAttribute('class')) ?? '', /looped/);
  assert.deepEqual(problems, []);
});
