// A control surface through a real headless Chromium: a Web MIDI stand-in injected before the page
// loads plays an APC mini mk2 (an input and an output of the same name). A pad pressed on it makes a
// pattern active in the show, and the page sends the surface's LEDs to the device's output: all of
// them once the device is heard from, then what changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';
import { baseOf, waitFor } from './helpers.js';
import { fileBrowser } from './browser.js';

const { skip, browser } = fileBrowser();

const APC = 'APC mini mk2 Control';

/** A Web MIDI stand-in: one input and one output named as the APC; `window.playMidi(bytes)` sends from it, `window.sent` holds what the page sent. */
const FAKE_APC = `
  (() => {
    const name = ${JSON.stringify(APC)};
    const input = { id: 'in-1', name, state: 'connected', onmidimessage: null };
    window.sent = [];
    const output = { id: 'out-1', name, state: 'connected', send: (data) => window.sent.push(Array.from(data)) };
    const access = { inputs: new Map([['in-1', input]]), outputs: new Map([['out-1', output]]), onstatechange: null, sysexEnabled: false };
    navigator.requestMIDIAccess = async () => access;
    window.playMidi = (bytes) => input.onmidimessage && input.onmidimessage({ data: new Uint8Array(bytes) });
  })();
`;

test('APC mini mk2 in Chromium: a pad makes a pattern active; its LEDs go to the device', { skip }, async (t) => {
  const show = await startShow(t, { realtime: true, toolsets: ['all'] });
  await show.call('add_pattern', { containerPath: '/lx/mixer/channel/1', class: 'Solid' });
  await show.call('set_midi_surface', { device: APC, driver: 'APCminiMk2' });
  const page = await browser().newPage();
  t.after(() => page.close());
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  await page.addInitScript(FAKE_APC);
  await page.goto(`${baseOf(show.url)}/`);
  const toggle = page.locator('[data-testid="midi"]');
  await toggle.waitFor({ timeout: 10_000 });
  await toggle.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="midi"]')?.textContent === 'MIDI · 1 in', undefined, { timeout: 10_000 });
  const sent = (): Promise<number[][]> => page.evaluate(() => (globalThis as unknown as { sent: number[][] }).sent);
  const lastOf = async (note: number): Promise<number[] | undefined> => (await sent()).filter((d) => d[1] === note).at(-1);

  // Pad row 2 of channel 1 (note 48): pattern 2 becomes active; pad 56 (pattern 1) turns yellow, as focused.
  await page.evaluate(() => (globalThis as unknown as { playMidi(b: number[]): void }).playMidi([0x90, 48, 127]));
  await waitFor(async () => (await show.call('list_channels')).channels[0].activePattern.index === 1, 'the pattern goes active');
  await waitFor(async () => (await lastOf(48))?.[2] === 5, 'pad 48 lit red');
  assert.deepEqual(await lastOf(48), [0x96, 48, 5]);
  assert.deepEqual(await lastOf(56), [0x96, 56, 12]);
  assert.deepEqual(await lastOf(100), [0x90, 100, 1], 'the focused channel');
  const notes = new Set((await sent()).map((d) => d[1]));
  assert.equal(notes.size, 72, 'every pad and track button was sent');
  assert.deepEqual(problems, []);
});

// Page globals for the functions page.waitForFunction runs in the browser().
declare const document: { querySelector(s: string): { textContent: string | null } | null };
