// The console runs the song like a DAW, in a real headless Chromium (Debian's, through
// playwright-core) over a show with live playback: the song plays to its end and stops, Play
// plays it again, Stop twice and ⏮ and Home return to the start, Space plays and stops, the
// ruler seeks on a click and sets the loop on a drag, the loop brings the playhead back, solo
// silences the other tracks in the live engine, and folded groups open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { songStatePayload } from '../../src/sound/operations/song.js';
import { startShow, type TestShow } from '../helpers/show.js';
import { baseOf } from './helpers.js';
import { fileBrowser, openConsole } from './browser.js';

declare const document: any;

const { skip, browser } = fileBrowser();

interface Transport {
  playing: boolean;
  position_beats: number;
  song_end_beats: number;
  arranger_loop_enabled: boolean;
  arranger_loop_start: number;
  arranger_loop_duration: number;
}

/** The host's transport, read in the engine queue. */
const transport = (show: TestShow): Promise<Transport> => show.app.engine.queue.submit(() => songStatePayload(show.app.sound).transport as Transport);

/** Waits (bounded) for the host's transport to satisfy `ok`. */
async function until(show: TestShow, what: string, ok: (t: Transport) => boolean, ms = 15_000): Promise<Transport> {
  const deadline = Date.now() + ms;
  for (;;) {
    const t = await transport(show);
    if (ok(t)) return t;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}: ${JSON.stringify(t)}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

/** bar.beat in 4/4, as the position field shows it. */
const barBeat = (q: number): string => `${Math.floor(q / 4) + 1}.${Math.floor(q % 4) + 1}`;

/** The demo show with live playback (paced by the clock), the console open on the Sound tab. */
async function open(t: Parameters<typeof startShow>[0]): Promise<{ show: TestShow; page: Page; problems: string[] }> {
  const show = await startShow(t, { realtime: true, liveAudio: 'clock' });
  const { page, problems, external } = await openConsole(browser(), baseOf(show.url));
  t.after(async () => {
    assert.deepEqual(external, []);
    await page.close();
  });
  await page.getByRole('tab', { name: 'Sound' }).click();
  await page.waitForSelector('.ruler');
  return { show, page, problems };
}

const play = (page: Page) => page.getByRole('button', { name: 'Play', exact: true });
const stop = (page: Page) => page.getByRole('button', { name: 'Stop', exact: true });
const position = (page: Page) => page.getByLabel('Position (bar.beat)');

test('the song plays to its end and stops there; one click on Play plays it again from the start', { skip }, async (t) => {
  const { show, page, problems } = await open(t);
  const end = (await transport(show)).song_end_beats;
  assert.ok(end >= 8, `the demo has an end: ${end}`);
  await page.waitForSelector(`.song-end:has-text("end ${barBeat(end)}")`);
  // Type where to go: two beats before the end.
  await position(page).click();
  await position(page).fill(barBeat(end - 2));
  await position(page).press('Enter');
  await until(show, 'the typed position', (x) => x.position_beats === end - 2);
  await play(page).click();
  await until(show, 'playing', (x) => x.playing);
  const ended = await until(show, 'the end', (x) => !x.playing);
  assert.equal(ended.position_beats, end, 'it stops on the end');
  await page.waitForFunction(() => document.querySelector('.transport [aria-pressed="true"]') === null);
  assert.equal(await position(page).inputValue(), barBeat(end), 'the page shows where it stopped');
  // Play again: from the start.
  await play(page).click();
  const again = await until(show, 'playing again', (x) => x.playing);
  assert.ok(again.position_beats < 3, `from the start: ${again.position_beats}`);
  await stop(page).click();
  assert.deepEqual(problems, []);
});

test('Stop twice, ⏮ and Home return to the start; Space plays and stops (not while typing); Space on a button plays, not presses', { skip }, async (t) => {
  const { show, page, problems } = await open(t);
  await play(page).click();
  await until(show, 'past beat 1', (x) => x.playing && x.position_beats > 1);
  await stop(page).click();
  const stopped = await until(show, 'stopped', (x) => !x.playing);
  assert.ok(stopped.position_beats > 1, 'the first stop stays where it is');
  await stop(page).click();
  await until(show, 'back at the start', (x) => x.position_beats === 0);
  await page.waitForFunction(() => document.querySelector('input.position')?.value === '1.1');

  // Space plays; ⏮ goes back to the start and playing goes on from there.
  await page.locator('body').click({ position: { x: 5, y: 700 } });
  await page.keyboard.press('Space');
  // (Past beat 4 first, so "back under 3" can only be the jump, even on a slow machine.)
  await until(show, 'Space plays, past beat 4', (x) => x.playing && x.position_beats > 4);
  await page.getByRole('button', { name: 'To the start' }).click();
  const restarted = await until(show, 'back near the start, playing', (x) => x.playing && x.position_beats < 3);
  assert.equal(restarted.playing, true);
  await until(show, 'past beat 4 again', (x) => x.position_beats > 4);
  await page.keyboard.press('Home');
  await until(show, 'Home: near the start', (x) => x.playing && x.position_beats < 3);
  await page.keyboard.press('Space');
  await until(show, 'Space stops', (x) => !x.playing);

  // Typing in the position field: Space is a character, not the transport.
  await position(page).click();
  await page.keyboard.press('Space');
  await new Promise((r) => setTimeout(r, 300));
  assert.equal((await transport(show)).playing, false, 'Space while typing does not play');
  await position(page).press('Escape');

  // Space on a focused button (Loop) plays; the button is not pressed.
  const loop = page.getByRole('button', { name: 'Loop', exact: true });
  await loop.focus();
  const loopWas = (await transport(show)).arranger_loop_enabled;
  await page.keyboard.press('Space');
  await until(show, 'Space on a button plays', (x) => x.playing);
  assert.equal((await transport(show)).arranger_loop_enabled, loopWas, 'the focused Loop button was not pressed');
  // Space toggles what the page shows: wait until it shows playing, as an operator would see it.
  await page.waitForSelector('.transport button[aria-label="Play"][aria-pressed="true"]');
  await page.keyboard.press('Space');
  await until(show, 'stopped', (x) => !x.playing);
  assert.deepEqual(problems, []);
});

test('the ruler: a click moves the playhead; a drag sets the loop (one undo step) and the loop brings a playhead past it back', { skip }, async (t) => {
  const { show, page, problems } = await open(t);
  const ruler = page.locator('.ruler');
  const box = (await ruler.boundingBox())!;
  const span = Number(await ruler.getAttribute('data-span'));
  const x = (beat: number): number => box.x + (beat / span) * box.width;
  const y = box.y + box.height / 2;
  // Click at beat 8 (bar 3).
  await page.mouse.click(x(8), y);
  await until(show, 'the click seeks to beat 8', (tr) => tr.position_beats === 8);
  await page.waitForFunction(() => document.querySelector('input.position')?.value === '3.1');
  assert.equal(show.app.engine.history.undoDepth, 0, 'a seek is not an undo step');

  // Drag from beat 4 to beat 12: the loop is 4–12 and on, as one step.
  await page.mouse.move(x(4), y);
  await page.mouse.down();
  await page.mouse.move(x(8), y, { steps: 4 });
  await page.mouse.move(x(12), y, { steps: 4 });
  await page.mouse.up();
  const looped = await until(show, 'the dragged loop', (tr) => tr.arranger_loop_enabled);
  assert.deepEqual([looped.arranger_loop_start, looped.arranger_loop_duration], [4, 8]);
  assert.equal(looped.position_beats, 8, 'a drag does not seek');
  assert.equal(show.app.engine.history.undoDepth, 1, 'one undo step');
  await page.waitForSelector('.ruler-loop.on');

  // Past the loop, near the song's end: it plays to the end and comes back to the loop start, then loops.
  const end = looped.song_end_beats;
  await page.mouse.click(x(end - 1), y);
  await until(show, 'the playhead near the end', (tr) => tr.position_beats === end - 1);
  await play(page).click();
  await until(show, 'back in the loop', (tr) => tr.playing && tr.position_beats >= 4 && tr.position_beats < 12);
  const later = await until(show, 'looping', (tr) => tr.position_beats > 6);
  assert.ok(later.playing && later.position_beats < 12, JSON.stringify(later));
  await stop(page).click();
  await until(show, 'stopped', (tr) => !tr.playing);

  // Ctrl-Z takes the loop back.
  await page.locator('body').click({ position: { x: 5, y: 700 } });
  await page.keyboard.press('Control+z');
  const undone = await until(show, 'the loop undone', (tr) => !tr.arranger_loop_enabled);
  assert.deepEqual([undone.arranger_loop_start, undone.arranger_loop_duration], [0, 16]);
  assert.deepEqual(problems, []);
});

test('solo: S on a track silences the others in the live engine; a folded group shows its clips and opens', { skip }, async (t) => {
  const { show, page, problems } = await open(t);
  const lane = (name: string) => page.locator('.lane', { has: page.locator(`.lane-name:text-is("${name}")`) });
  // Drums is folded in the demo: its lane shows Kick and Hats clips; unfolding shows their lanes.
  await page.waitForSelector('.clip.folded:has-text("Kick")');
  assert.equal(await lane('Kick').count(), 0);
  await page.getByRole('button', { name: 'Unfold Drums' }).click();
  await lane('Kick').waitFor();
  await lane('Hats').waitFor();
  assert.equal(await page.locator('.clip.folded').count(), 0);

  await lane('Bass').getByRole('button', { name: 'Solo Bass' }).click();
  await page.waitForSelector('button[aria-label="Solo Bass"][aria-pressed="true"]');
  await play(page).click();
  // The live engine's meters: Bass sounds, Kick and Hats are silent.
  const meters = async () =>
    show.app.engine.queue.submit(() => {
      const m = songStatePayload(show.app.sound).meters as { available: boolean; tracks?: { name: string; peak_dbfs: number | null }[] };
      return m.available ? m.tracks! : [];
    });
  const deadline = Date.now() + 15_000;
  let heard: { name: string; peak_dbfs: number | null }[] = [];
  while (Date.now() < deadline) {
    heard = await meters();
    if (heard.find((m) => m.name === 'Bass')?.peak_dbfs != null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 400));
  heard = await meters();
  assert.notEqual(heard.find((m) => m.name === 'Bass')?.peak_dbfs ?? null, null, `Bass sounds: ${JSON.stringify(heard)}`);
  for (const name of ['Kick', 'Hats']) assert.equal(heard.find((m) => m.name === name)?.peak_dbfs, null, `${name} is silent while Bass is soloed`);
  await lane('Bass').getByRole('button', { name: 'Solo Bass' }).click();
  await page.waitForSelector('button[aria-label="Solo Bass"][aria-pressed="false"]');
  await stop(page).click();
  assert.equal(await show.app.engine.queue.submit(() => show.app.sound.project.tracks.items.some((x) => x.solo.isOn())), false);
  await page.getByRole('button', { name: 'Fold Drums' }).click();
  await page.waitForSelector('.clip.folded:has-text("Hats")');
  assert.deepEqual(problems, []);
});
