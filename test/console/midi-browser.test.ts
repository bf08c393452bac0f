// Web MIDI in the console, in a real headless Chromium: a controller the page reaches (a Web MIDI
// stand-in injected before the page loads, so the test plays the device) moves a mapped fader
// through the show's MIDI mappings, with soft takeover; get_last_midi_control tells an agent what
// moved; a message that is not MIDI is refused by the socket, a flood beyond the budget dropped.
// With MTC in on, the page asks for SysEx and forwards quarter frames and the full frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fullFrame, streamMessage } from '../helpers/mtc.js';
import { startShow } from '../helpers/show.js';
import { baseOf, waitFor } from './helpers.js';
import { fileBrowser } from './browser.js';

const { skip, browser } = fileBrowser();

const FADER = '/lx/mixer/channel/1/fader';

/** A Web MIDI stand-in with one input, "Test Knobs"; `window.playMidi(bytes)` sends from it. */
const FAKE_MIDI = `
  (() => {
    const input = { id: 'in-1', name: 'Test Knobs', state: 'connected', onmidimessage: null };
    const inputs = new Map([['in-1', input]]);
    const access = { inputs, outputs: new Map(), onstatechange: null, sysexEnabled: false };
    navigator.requestMIDIAccess = async (options) => {
      window.midiAsked = options;
      return access;
    };
    window.playMidi = (bytes) => input.onmidimessage && input.onmidimessage({ data: new Uint8Array(bytes) });
  })();
`;

test('Web MIDI: a controller moves a mapped fader through the show, with takeover; the agent sees the last control', { skip }, async (t) => {
  const show = await startShow(t, { realtime: true, toolsets: ['all'] });
  await show.call('add_midi_mapping', { type: 'cc', channel: 2, number: 7, path: FADER });
  assert.deepEqual((await show.call('get_last_midi_control')).control, null);
  const page = await browser().newPage();
  t.after(() => page.close());
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await page.addInitScript(FAKE_MIDI);
  await page.goto(`${baseOf(show.url)}/`);
  const toggle = page.locator('[data-testid="midi"]');
  await toggle.waitFor({ timeout: 10_000 });
  assert.equal(await toggle.textContent(), 'MIDI off');
  await toggle.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="midi"]')?.textContent === 'MIDI · 1 in', undefined, { timeout: 10_000 });
  assert.match((await toggle.getAttribute('title')) ?? '', /Test Knobs/);
  assert.deepEqual(await page.evaluate(() => (globalThis as unknown as { midiAsked: unknown }).midiAsked), { sysex: false }, 'no MTC in: no SysEx asked');

  const fader = async (): Promise<number> => (await show.call('get_parameter', { path: FADER })).parameter.value;
  const start = await fader();
  // The knob sweeps from 0 up: takeover holds it until it crosses the fader's value, then it follows; then it lands on 64.
  const sweep = [...Array.from({ length: 128 }, (_, v) => v), 64];
  await page.evaluate((values) => {
    for (const v of values) (globalThis as unknown as { playMidi(b: number[]): void }).playMidi([0xb1, 7, v]);
  }, sweep);
  await waitFor(async () => Math.abs((await fader()) - 64 / 127) < 1e-9, 'the fader follows the knob to 64/127');
  const last = (await show.call('get_last_midi_control')).control;
  assert.equal(last.input, 'Test Knobs');
  assert.deepEqual([last.type, last.channel, last.number, last.value, last.ignored], ['cc', 2, 7, 64, false]);
  assert.deepEqual(last.mapped, [FADER]);
  assert.deepEqual(last.writes, [{ path: FADER, value: 64 / 127 }]);
  const stats = (await show.call('list_midi_mappings')).stats;
  assert.equal(stats.received, sweep.length);
  assert.equal(start, 1, "the grid show's channel 1 starts full");
  assert.equal(stats.waiting, 126, 'soft takeover held the knob back (0–125) until it came within pickup of the fader');
  // An unmapped control is still reported, mapping nothing.
  await page.evaluate(() => (globalThis as unknown as { playMidi(b: number[]): void }).playMidi([0x90, 60, 100]));
  await waitFor(async () => (await show.call('get_last_midi_control')).control.type === 'note', 'the note arrives');
  const note = (await show.call('get_last_midi_control')).control;
  assert.deepEqual([note.channel, note.number, note.value, note.mapped], [1, 60, 100, []]);
  // The fader moves are undo steps of the midi surface, merged per knob movement.
  const history = await show.call('get_history');
  assert.match(JSON.stringify(history.steps[0]), /midi/);
  // Off: the page stops forwarding.
  await toggle.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="midi"]')?.textContent === 'MIDI off', undefined, { timeout: 10_000 });
  await page.evaluate(() => (globalThis as unknown as { playMidi(b: number[]): void }).playMidi([0xb1, 7, 0]));
  await new Promise((r) => setTimeout(r, 300));
  assert.equal((await show.call('list_midi_mappings')).stats.received, sweep.length + 1, 'nothing more arrived');
  assert.deepEqual(problems, []);
});

test('Web MIDI: the socket refuses what is not one short MIDI message, and drops a flood past 1000 a second, counting it', { skip }, async (t) => {
  const show = await startShow(t, { realtime: true, toolsets: ['all'] });
  const page = await browser().newPage();
  t.after(() => page.close());
  await page.goto(`${baseOf(show.url)}/`);
  const replies = await page.evaluate(async () => {
    const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/ws`);
    const got: string[] = [];
    ws.onmessage = (e) => {
      if (typeof e.data === 'string' && e.data.includes('"error"')) got.push(e.data);
    };
    await new Promise((r) => {
      ws.onopen = r;
    });
    ws.send(JSON.stringify({ type: 'midi', input: 'X', data: [0xf0, 1, 2, 3, 0xf7] }));
    ws.send(JSON.stringify({ type: 'midi', input: '', data: [0xb0, 1, 2] }));
    ws.send(JSON.stringify({ type: 'midi', input: 'X', data: [0xb0, 1, 300] }));
    for (let i = 0; i < 5000; i++) ws.send(JSON.stringify({ type: 'midi', input: 'Flood', data: [0xb0, 1, i % 128] }));
    await new Promise((r) => setTimeout(r, 1500));
    ws.close();
    return got;
  });
  assert.equal(replies.length, 3);
  assert.match(replies[0], /data is one message of 1–3 bytes/);
  assert.match(replies[1], /input is the device name/);
  assert.match(replies[2], /each 0–255/);
  const stats = (await show.call('list_midi_mappings')).stats;
  assert.equal(stats.received, 5000, 'every message counted');
  assert.ok(stats.dropped > 0, 'past the budget, messages are dropped');
  assert.deepEqual((await show.call('get_history')).steps, [], 'nothing was mapped: no history');
});

// Page globals for the functions page.waitForFunction runs in the browser().
declare const document: { querySelector(s: string): { textContent: string | null } | null };
declare const location: { origin: string };

test('Web MIDI with MTC in: the page asks for SysEx and forwards quarter frames and the full frame to timecode in', { skip }, async (t) => {
  const show = await startShow(t, { soundCooperative: true, toolsets: ['all'], timecode: { in: 'mtc:Test Knobs', freewheelMs: 10_000 } });
  const page = await browser().newPage();
  t.after(() => page.close());
  await page.addInitScript(FAKE_MIDI);
  await page.goto(`${baseOf(show.url)}/`);
  // The Cues tab's readout says the source: the page has the show's state, so it knows MTC in is on.
  await page.getByRole('tab', { name: 'Cues' }).click();
  await page.waitForFunction(() => document.querySelector('.tc-in-source')?.textContent === 'mtc Test Knobs', undefined, { timeout: 10_000 });
  await page.locator('[data-testid="midi"]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="midi"]')?.textContent === 'MIDI · 1 in', undefined, { timeout: 10_000 });
  assert.deepEqual(await page.evaluate(() => (globalThis as unknown as { midiAsked: unknown }).midiAsked), { sysex: true });
  const tc = show.app.timecodeIn;
  // A full frame locates; then two pairs of frames of quarter frames give running labels.
  const messages = [fullFrame({ hours: 0, minutes: 0, seconds: 8, frames: 0 }, '30'), ...Array.from({ length: 16 }, (_, k) => streamMessage(k, 8 * 30, '30'))];
  await page.evaluate((list) => {
    for (const m of list) (globalThis as unknown as { playMidi(b: number[]): void }).playMidi(m);
  }, messages);
  // The full frame, the label at piece 7, then pieces 0 and 4 of the second pair: four labels taken.
  await waitFor(async () => tc.status().packets === 4, 'the page forwarded the full frame and the quarter frames');
  assert.equal(tc.status().rate, '30');
  assert.deepEqual(tc.status().dropped, { bad_piece: 0, not_full_frame: 0, out_of_range: 0, invalid_label: 0 });
  assert.equal((await show.call('list_midi_mappings')).stats.received, 0, 'timecode, not mappings');
  // Other SysEx stays in the page: nothing reaches the show.
  await page.evaluate(() => (globalThis as unknown as { playMidi(b: number[]): void }).playMidi([0xf0, 0x43, 0x10, 0x4c, 0, 0, 0x7e, 0, 0, 0xf7, 0]));
  await page.evaluate(() => (globalThis as unknown as { playMidi(b: number[]): void }).playMidi([0x90, 61, 90]));
  await waitFor(async () => (await show.call('list_midi_mappings')).stats.received === 1, 'the note behind it arrives');
  assert.equal(tc.status().packets, 4);
});
