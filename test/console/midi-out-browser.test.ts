// MIDI out in a real headless Chromium: a Web MIDI stand-in (injected before the page loads) has
// one output, "Test Synth", that records each `send(data, timestamp)`. The operator picks it in the
// MIDI panel and turns MTC and Clock on; the song plays and stops; the page schedules every message
// with a timestamp (none sent late in a burst without one), the clocks number 24 a beat up to where
// the song stopped, and a stop sends FC. An output that is not connected is refused, nothing changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';
import { baseOf } from './helpers.js';
import { fileBrowser } from './browser.js';

const { skip, browser } = fileBrowser();

/** A Web MIDI stand-in: no inputs, one output recording its sends; SysEx granted when asked for. */
const FAKE_MIDI = `
  (() => {
    window.sent = [];
    const send = (data, ts) => window.sent.push({ data: [...data], ts, now: performance.now() });
    const output = { id: 'out-1', name: 'Test Synth', state: 'connected', send };
    const outputs = new Map([['out-1', output]]);
    const inputs = new Map();
    navigator.requestMIDIAccess = async (opts) => {
      const access = { inputs, outputs, onstatechange: null, sysexEnabled: opts?.sysex === true };
      window.accesses = [...(window.accesses ?? []), access];
      return access;
    };
    window.unplug = () => {
      outputs.delete('out-1');
      for (const a of window.accesses) a.onstatechange?.({});
    };
  })();
`;

interface Sent {
  data: number[];
  ts: number | undefined;
  now: number;
}

test('Web MIDI out: MTC and clock to the chosen output, each send timestamped; 24 clocks a beat; stop sends FC', { skip }, async (t) => {
  const show = await startShow(t, { realtime: true, toolsets: ['all'], timecode: { rate: '25' } });
  const page = await browser().newPage();
  t.after(() => page.close());
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  await page.addInitScript(FAKE_MIDI);
  await page.goto(`${baseOf(show.url)}/`);
  await page.locator('[data-testid="midi"]').click();
  const select = page.locator('[data-testid="midi-output"]');
  await select.waitFor({ timeout: 10_000 });
  assert.deepEqual(await select.locator('option').allTextContents(), ['no MIDI out', 'Test Synth']);

  // An output that is not connected (an option the page never listed) is refused; nothing changes.
  await select.evaluate((el) => {
    const s = el as unknown as { add(o: unknown): void; value: string; dispatchEvent(e: unknown): void; ownerDocument: { createElement(t: string): unknown } };
    const o = s.ownerDocument.createElement('option') as { value: string; textContent: string };
    o.value = o.textContent = 'Ghost Synth';
    s.add(o);
    s.value = 'Ghost Synth';
    s.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await page.locator('[data-testid="midi-out-error"]').waitFor({ timeout: 5000 });
  assert.equal(await page.locator('[data-testid="midi-out-error"]').textContent(), 'no MIDI output named Ghost Synth is connected');

  await select.selectOption('Test Synth');
  await page.locator('[data-testid="midi-mtc"]').check();
  await page.locator('[data-testid="midi-clock"]').check();
  await page.waitForFunction(() => document.querySelector('[data-testid="midi-out-error"]') === null, undefined, { timeout: 5000 });
  // Stopped: the page hears where the song stands (a full frame: SysEx was granted).
  await page.waitForFunction(() => (globalThis as unknown as { sent: Sent[] }).sent.some((s) => s.data[0] === 0xf0), undefined, { timeout: 10_000 });

  await show.call('song_control_transport', { operation: 'play' });
  await page.waitForFunction(() => (globalThis as unknown as { sent: Sent[] }).sent.filter((s) => s.data[0] === 0xf8).length >= 72, undefined, {
    timeout: 20_000,
  });
  await show.call('song_control_transport', { operation: 'stop' });
  const stoppedAt = show.app.sound.transport.position;
  await page.waitForFunction(() => (globalThis as unknown as { sent: Sent[] }).sent.some((s) => s.data[0] === 0xfc), undefined, { timeout: 10_000 });
  const sent = await page.evaluate(() => (globalThis as unknown as { sent: Sent[] }).sent);

  assert.ok(
    sent.every((s) => typeof s.ts === 'number' && Number.isFinite(s.ts)),
    'every message goes out with a timestamp',
  );
  const kinds = sent.map((s) => s.data[0]);
  assert.ok(kinds.includes(0xfa), 'MIDI start');
  assert.ok(kinds.indexOf(0xfa) < kinds.indexOf(0xf8), 'start before the first clock');
  assert.equal(kinds.filter((k) => k === 0xf8).length, Math.floor(stoppedAt * 24 + 1e-9) + 1, `24 clocks a beat up to beat ${stoppedAt}`);
  assert.ok(kinds.filter((k) => k === 0xf1).length > 0, 'quarter frames');
  assert.equal(kinds.at(-2), 0xfc, 'the stop: FC, then the full frame where it stopped');
  assert.equal(kinds.at(-1), 0xf0);
  // The timestamps never go back: the device gets the messages in the order the song made them.
  for (let i = 1; i < sent.length; i++) assert.ok((sent[i].ts as number) >= (sent[i - 1].ts as number), `message ${i} in time order`);

  // The output is unplugged: the panel says so, and the show stops sending to this page.
  await page.evaluate(() => (globalThis as unknown as { unplug(): void }).unplug());
  await page.locator('[data-testid="midi-out-error"]').waitFor({ timeout: 5000 });
  assert.equal(await page.locator('[data-testid="midi-out-error"]').textContent(), 'the output Test Synth was disconnected');
  assert.equal(await select.inputValue(), '');
  assert.deepEqual(problems, []);
});

test('Web MIDI out: with serve --timecode-out mtc the panel starts with MTC on; picking the output starts it', { skip }, async (t) => {
  const show = await startShow(t, { realtime: true, timecode: { out: ['mtc'], rate: '30' } });
  const page = await browser().newPage();
  t.after(() => page.close());
  await page.addInitScript(FAKE_MIDI);
  await page.goto(`${baseOf(show.url)}/`);
  await page.locator('[data-testid="midi"]').click();
  await page.locator('[data-testid="midi-output"]').waitFor({ timeout: 10_000 });
  assert.equal(await page.locator('[data-testid="midi-mtc"]').isChecked(), true);
  assert.equal(await page.locator('[data-testid="midi-clock"]').isChecked(), false);
  await page.locator('[data-testid="midi-output"]').selectOption('Test Synth');
  await page.waitForFunction(() => (globalThis as unknown as { sent: Sent[] }).sent.some((s) => s.data[0] === 0xf0), undefined, { timeout: 10_000 });
  const sent = await page.evaluate(() => (globalThis as unknown as { sent: Sent[] }).sent);
  // The full frame where the stopped song stands: 00:00:00:00 with rate code 3 (30 fps) in bits 5–6 of the hours; no clock, no pointer.
  assert.deepEqual(sent[0].data, [0xf0, 0x7f, 0x7f, 1, 1, 0x60, 0, 0, 0, 0xf7]);
  assert.ok(sent.every((s) => s.data[0] !== 0xf2 && s.data[0] !== 0xf8));
});

// Page globals for the functions page.waitForFunction runs in the browser().
declare const document: { querySelector(s: string): unknown };
declare class Event {
  constructor(type: string, init?: { bubbles?: boolean });
}
