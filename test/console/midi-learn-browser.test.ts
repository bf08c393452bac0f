// MIDI learn and feedback in a real headless Chromium, with a Web MIDI stand-in injected before the
// page loads: one controller, "Test Knobs", with an input the test plays and an output recording
// each send, plus a synth output that is no controller. Learn, a click on the channel fader and a
// CC make one mapping (one undo step, the console's); the CC then moves the fader; a change from
// MCP lights the controller (its output, not the synth's). Escape cancels learn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startShow } from '../helpers/show.js';
import { baseOf, waitFor } from './helpers.js';
import { fileBrowser } from './browser.js';

const { skip, browser } = fileBrowser();

const FADER = '/lx/mixer/channel/1/fader';

const FAKE_MIDI = `
  (() => {
    window.sent = { knobs: [], synth: [] };
    const input = { id: 'in-1', name: 'Test Knobs', state: 'connected', onmidimessage: null };
    const knobs = { id: 'out-1', name: 'Test Knobs', state: 'connected', send: (d) => window.sent.knobs.push([...d]) };
    const synth = { id: 'out-2', name: 'Other Synth', state: 'connected', send: (d) => window.sent.synth.push([...d]) };
    const access = { inputs: new Map([['in-1', input]]), outputs: new Map([['out-1', knobs], ['out-2', synth]]), onstatechange: null, sysexEnabled: false };
    navigator.requestMIDIAccess = async () => access;
    window.playMidi = (bytes) => input.onmidimessage && input.onmidimessage({ data: new Uint8Array(bytes) });
  })();
`;

type Page = Awaited<ReturnType<Browser['newPage']>>;
const play = (page: Page, list: number[][]): Promise<void> =>
  page.evaluate((l) => {
    for (const m of l) (globalThis as unknown as { playMidi(b: number[]): void }).playMidi(m);
  }, list);
const sent = (page: Page): Promise<{ knobs: number[][]; synth: number[][] }> =>
  page.evaluate(() => (globalThis as unknown as { sent: { knobs: number[][]; synth: number[][] } }).sent);

test('MIDI learn: click a fader, move a CC: one mapping step; the CC moves the fader; MCP changes light the controller', { skip }, async (t) => {
  const show = await startShow(t, { realtime: true, toolsets: ['all'] });
  const page = await browser().newPage();
  t.after(() => page.close());
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  await page.addInitScript(FAKE_MIDI);
  await page.goto(`${baseOf(show.url)}/`);
  await page.locator('[data-testid="midi"]').click();
  const learn = page.locator('[data-testid="midi-learn"]');
  await learn.waitFor({ timeout: 10_000 });
  const fader = async (): Promise<number> => (await show.call('get_parameter', { path: FADER })).parameter.value;
  assert.equal(await fader(), 1);

  // Escape cancels: the control that was picked gets no mapping, and the CC reaches the show as usual.
  await learn.click();
  assert.equal(await learn.textContent(), 'Learn: click a control');
  await page.locator(`[data-path="${FADER}"]`).first().click();
  assert.equal(await learn.textContent(), 'Learn: move a MIDI control');
  await page.keyboard.press('Escape');
  assert.equal(await learn.textContent(), 'Learn');
  await play(page, [[0xb1, 9, 10]]);
  await waitFor(async () => (await show.call('list_midi_mappings')).stats.received === 1, 'the CC reaches the show');
  assert.equal((await show.call('list_midi_mappings')).mappings.length, 0);
  assert.equal(await fader(), 1, 'the click picked the fader, it did not move it');

  await learn.click();
  await page.locator(`[data-path="${FADER}"]`).first().click();
  await play(page, [[0xb1, 7, 100]]);
  await waitFor(async () => (await show.call('list_midi_mappings')).mappings.length === 1, 'the mapping is made');
  await page.waitForFunction(() => document.querySelector('[data-testid="midi-learn"]')?.textContent === 'Learn', undefined, { timeout: 10_000 });
  const [m] = (await show.call('list_midi_mappings')).mappings;
  assert.deepEqual([m.type, m.channel, m.number, m.path], ['cc', 2, 7, FADER]);
  assert.equal((await show.call('list_midi_mappings')).stats.received, 1, 'the learning CC was taken, not played');
  const steps = (await show.call('get_history')).steps;
  assert.equal(steps.length, 1, 'one undo step');
  assert.match(steps[0].label, /^Add MIDI mapping/);
  assert.equal(steps[0].surface, 'console');

  // Learning the same control onto the same fader again is refused as the tool words it: nothing changes, history included.
  await learn.click();
  await page.locator(`[data-path="${FADER}"]`).first().click();
  await play(page, [[0xb1, 7, 100]]);
  await page.locator('.notice-text', { hasText: 'MIDI learn: invalid_argument' }).waitFor({ timeout: 10_000 });
  assert.equal((await show.call('list_midi_mappings')).mappings.length, 1);
  assert.equal((await show.call('get_history')).steps.length, 1);
  assert.equal(await learn.textContent(), 'Learn: click a control', 'learn waits for another click');
  await page.keyboard.press('Escape');
  assert.equal(await learn.textContent(), 'Learn');

  // The controller now drives the fader: from the top (where the fader is) down to 30.
  await play(
    page,
    Array.from({ length: 98 }, (_, i) => [0xb1, 7, 127 - i]),
  );
  await waitFor(async () => Math.abs((await fader()) - 30 / 127) < 1e-9, 'the fader follows the CC down to 30');

  // An agent moves the fader: the controller's output is told (and only the controller's).
  await show.call('set_parameter', { path: FADER, value: 0.5 });
  await waitFor(async () => JSON.stringify((await sent(page)).knobs.at(-1)) === JSON.stringify([0xb1, 7, 64]), 'the feedback reaches the controller');
  const out = await sent(page);
  assert.deepEqual(out.knobs[0], [0xb1, 7, 127], 'the new mapping showed the fader where it was');
  assert.ok(!out.knobs.some((d) => d[2] > 30 && d[2] < 127 && d[2] !== 64), 'the CC sweep was not echoed back');
  assert.deepEqual(out.synth, [], 'an output that is no controller gets nothing');
  // Undo of the agent's move, then of the fader moves and the mapping: the mapping is gone.
  await show.call('undo');
  await show.call('undo');
  await show.call('undo');
  assert.equal((await show.call('list_midi_mappings')).mappings.length, 0, 'undo removes the learned mapping');
  assert.deepEqual(problems, []);
});

declare const document: { querySelector(s: string): { textContent: string | null } | null };
