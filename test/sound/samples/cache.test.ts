// The sample cache is bounded by bytes (issue #28): decoded samples beyond its budget are dropped,
// least recently used first, but never one the song uses, nor one a change just loaded. Samples are
// WAV files of known lengths made by sox; a decoded mono second at 48 kHz is 192 000 bytes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { Engine } from '../../../src/engine/engine.js';
import { queuedRequest } from '../../../src/engine/request.js';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { renderOffline } from '../../../src/sound/audio/offline.js';
import { createSoundHost } from '../../../src/sound/index.js';
import { saveProject } from '../../../src/sound/model/components.js';
import { openProject } from '../../../src/sound/operations/project.js';
import { listSamples, samplerZones } from '../../../src/sound/operations/samples.js';
import { SampleFolder } from '../../../src/sound/samples/folder.js';
import { SampleStore } from '../../../src/sound/samples/store.js';
import { clip, dev, peakFrequency, project, track } from '../audio/helpers.js';
import { tempHome } from '../../helpers/show.js';
import { startSound } from '../../tools/sound/helpers.js';

const RATE = 48_000;
/** One decoded mono second. */
const SECOND = RATE * 4;
const NAMES = ['a.wav', 'b.wav', 'c.wav', 'd.wav', 'e.wav'];
const ORIGIN = { surface: 'cli' } as const;
let root: string;
let folder: string;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'footlight-sample-cache-'));
  folder = join(root, 'samples');
  mkdirSync(folder);
  // One second each, at 220, 330, 440, 550 and 660 Hz.
  NAMES.forEach((name, i) =>
    execFileSync('sox', ['-n', '-r', String(RATE), '-c', '1', '-b', '16', join(folder, name), 'synth', '1', 'sine', String(220 + 110 * i), 'gain', '-6']),
  );
});

after(() => rmSync(root, { recursive: true, force: true }));

const cached = (s: SampleStore) => NAMES.filter((n) => s.sample(n) !== undefined);

test('sample cache: past its budget it drops the least recently used samples; one dropped decodes again alike', async () => {
  // Room for two and a half samples.
  const s = new SampleStore(await SampleFolder.open(folder), 2.5 * SECOND);
  const a = await s.load('a.wav');
  await s.load('b.wav');
  assert.equal(s.cachedBytes, 2 * SECOND);
  await s.load('c.wav');
  // a was the least recently used: dropped. (cached() reads b and c, which makes them the most recent, in that order.)
  assert.deepEqual(cached(s), ['b.wav', 'c.wav']);
  assert.equal(s.cachedBytes, 2 * SECOND);
  // b was read before c, so b goes when d comes.
  await s.load('d.wav');
  assert.deepEqual(cached(s), ['c.wav', 'd.wav']);
  // Read c again: d is now the older, and a reloaded pushes it out.
  s.sample('c.wav');
  const again = await s.load('a.wav');
  assert.notEqual(again, a, 'decoded afresh');
  assert.deepEqual(again.data, a.data);
  assert.deepEqual(cached(s), ['a.wav', 'c.wav']);
  assert.ok(s.cachedBytes <= 2.5 * SECOND);
  // A budget smaller than one sample keeps the one just loaded.
  const tiny = new SampleStore(await SampleFolder.open(folder), 1000);
  for (const n of NAMES) await tiny.load(n);
  assert.deepEqual(cached(tiny), ['e.wav']);
  // Listing the folder a page at a time decodes every file; the cache stays within its budget.
  const host = createSoundHost(new Engine(), { project: 'empty', samples: new SampleStore(await SampleFolder.open(folder), 1.5 * SECOND) });
  const page = await listSamples(host, 0, 50);
  assert.equal(page.samples.length, 5);
  assert.equal(host.samples.cachedBytes, SECOND);
});

test('sample cache: the song’s samples are never dropped, even past the budget; zones set with a tiny budget keep every sample they loaded', async () => {
  const engine = new Engine();
  // Room for less than one sample: only what the song uses (and what was just loaded) stays.
  const host = createSoundHost(engine, { project: 'empty', samples: new SampleStore(await SampleFolder.open(folder), 1000) });
  openProject(host, ORIGIN, project([track('Keys', [dev('Sampler', { ATTACK: 0, RELEASE: 0 })], [clip(0, 4, [[57, 0, 1]])])]));
  const sampler = host.project.flatTracks()[0].track.devices.at(0)!;
  host.selection.selectDevice(sampler);
  const zone = (sample: string, low: number, high: number, rootKey: number) => ({
    sample,
    key_low: low,
    key_high: high,
    velocity_low: 1,
    velocity_high: 127,
    root_key: rootKey,
  });
  // Three zones: loading the second and third drops the first from the cache; the change puts back what it loaded.
  const zones = [zone('a.wav', 0, 59, 57), zone('b.wav', 60, 69, 64), zone('c.wav', 70, 127, 69)];
  const request = queuedRequest(engine.queue, ORIGIN, Date.now() + 60_000, 'test');
  const token = host.selection.guard().selection_token!;
  const reply = await samplerZones(host, request, JSON.stringify(zones), token);
  assert.equal(reply.changed, true);
  assert.deepEqual(cached(host.samples), ['a.wav', 'b.wav', 'c.wav']);
  // Loading others (a listing decodes every file) drops none of the song's three; the last one read stays until the next load.
  await listSamples(host, 0, 50);
  assert.deepEqual(cached(host.samples), ['a.wav', 'b.wav', 'c.wav', 'e.wav']);
  assert.equal(host.samples.cachedBytes, 4 * SECOND);
  // The song plays its zone (A3, a.wav at its root key 57: 220 Hz), nothing missing.
  const r = renderOffline(buildPlan(saveProject(host.project, { ids: false }), host.samples), { seconds: 0.5 });
  assert.deepEqual(r.notRendered, []);
  const hz = peakFrequency(r.left, 2400, 8192, RATE);
  assert.ok(Math.abs(hz - 220) < 1, `${hz.toFixed(2)} Hz`);
  // Undone, the zones are gone from the song: the next load may drop their samples.
  engine.history.undo();
  assert.equal(sampler.zones.length, 0);
  await host.samples.load('d.wav');
  assert.deepEqual(cached(host.samples), ['d.wav']);
  // A render's store keeps every sample its project names (preload) whatever the budget.
  const render = new SampleStore(await SampleFolder.open(folder), 1000);
  const doc = project([track('Keys', [{ ...dev('Sampler'), zones }], [])]);
  assert.deepEqual(await render.preload(doc), []);
  assert.deepEqual(cached(render), ['a.wav', 'b.wav', 'c.wav']);
});

test('sample cache: config.json sampleCacheMiB sets the budget a listing over MCP stays within; 512 MiB without it', async (t) => {
  // Two 4 s files (768 000 bytes decoded each) and a 1 MiB budget: the listing decodes both, the cache keeps one.
  const big = join(root, 'big');
  mkdirSync(big, { recursive: true });
  for (const [name, hz] of [
    ['x.wav', 220],
    ['y.wav', 330],
  ] as const)
    execFileSync('sox', ['-n', '-r', String(RATE), '-c', '1', '-b', '16', join(big, name), 'synth', '4', 'sine', String(hz), 'gain', '-6']);
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ sampleCacheMiB: 1 }));
  const show = await startSound(t, { home, samples: big });
  assert.equal(show.app.sound.samples.budget, 2 ** 20);
  const page = await show.call('sound_list_samples', {});
  assert.deepEqual(
    page.native.samples.map((x: { path: string }) => x.path),
    ['x.wav', 'y.wav'],
  );
  assert.equal(show.app.sound.samples.cachedBytes, 4 * SECOND);
  const plain = await startSound(t, { samples: big });
  assert.equal(plain.app.sound.samples.budget, 512 * 2 ** 20);
});
