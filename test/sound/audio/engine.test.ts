import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AudioEngine } from '../../../src/sound/audio/dsp/engine.js';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { SYNC_NOTE_VALUES } from '../../../src/sound/audio/dsp/params.js';
import { deviceByName } from '../../../src/sound/model/catalog.js';
import { fromDisplayNumber } from '../../../src/sound/model/units.js';
import { centroid, clip, dev, onsets, peakFrequency, project, render, rms, sine, soxFrequency, soxStat, track } from './helpers.js';

const SR = 48000;

test('a Polysynth sine on A (key 69) sounds at 440 Hz ± 0.5 Hz: fft.js and sox stat agree', () => {
  const r = render(project([track('Sine', [sine()], [clip(0, 4, [[69, 0, 4]])])]), { seconds: 2 });
  const f = peakFrequency(r.left, SR / 2, 65536, SR);
  assert.ok(Math.abs(f - 440) <= 0.5, `FFT peak at ${f} Hz`);
  const sox = soxFrequency(render(project([track('Sine', [sine()], [clip(0, 8, [[69, 0, 8]])])]), { seconds: 3 }));
  assert.ok(Math.abs(sox - 440) <= 0.5, `sox rough frequency ${sox}`);
  const s = soxStat(r);
  assert.ok(s['Maximum amplitude'] > 0.1 && s['Maximum amplitude'] < 1);
});

test('a muted track renders silence; the same track unmuted does not', () => {
  const p = (muted: boolean) => project([track('Sine', [sine()], [clip(0, 4, [[69, 0, 2]])], { muted })]);
  const loud = render(p(false), { seconds: 1 });
  assert.ok(rms(loud.left) > 0.05);
  const quiet = render(p(true), { seconds: 1 });
  assert.ok(quiet.left.every((x) => x === 0) && quiet.right.every((x) => x === 0));
});

test('solo: only the soloed track (and the master) sounds', () => {
  const two = (solo: boolean) => project([track('A', [sine()], [clip(0, 4, [[69, 0, 4]])], { solo }), track('B', [sine()], [clip(0, 4, [[76, 0, 4]])])]);
  const both = render(two(false), { seconds: 1.5 });
  const soloed = render(two(true), { seconds: 1.5 });
  const f = peakFrequency(soloed.left, SR / 2, 32768, SR);
  assert.ok(Math.abs(f - 440) < 1, `soloed peak ${f}`);
  // Without solo, B's 659 Hz is there too: the mix is louder than A alone.
  assert.ok(rms(both.left, SR / 2) > rms(soloed.left, SR / 2) * 1.3);
});

test('a Reverb adds a tail after the note that decays', () => {
  const p = project([track('Verb', [sine({ RELEASE: 0 }), dev('Reverb', { MIX: 0.5, SIZE: 0.5 })], [clip(0, 1, [[69, 0, 0.5]])])]);
  const r = render(p, { seconds: 3 });
  const end = SR / 4 + 0.01 * SR; // the note ends at 0.25 s (beat 0.5 at 120 BPM), plus its release
  const windows = [0, 1, 2, 3].map((k) => rms(r.left, end + k * 0.25 * SR, end + (k + 1) * 0.25 * SR));
  assert.ok(windows[0] > 1e-3, `tail right after the note: ${windows[0]}`);
  for (let k = 1; k < windows.length; k++) assert.ok(windows[k] < windows[k - 1], `tail decays: ${windows.join(', ')}`);
  // Dry, the same note stops.
  const dry = render(project([track('Dry', [sine({ RELEASE: 0 })], [clip(0, 1, [[69, 0, 0.5]])])]), { seconds: 1 });
  assert.ok(rms(dry.left, end, end + 0.25 * SR) < 1e-4);
});

test('raising a filter cutoff raises the spectral centroid, step by step', () => {
  const cents = [0.3, 0.45, 0.6, 0.75].map((cutoff) => {
    const p = project([track('Saw', [sine({ WAVE: 0 }), dev('Filter+', { CUTOFF: cutoff, RESONANCE: 0 })], [clip(0, 4, [[45, 0, 4]])])]);
    return centroid(render(p, { seconds: 1 }).left, SR / 4, 16384, SR);
  });
  for (let i = 1; i < cents.length; i++) assert.ok(cents[i] > cents[i - 1] * 1.1, `centroids ${cents.map((c) => c.toFixed(0)).join(' < ')}`);
});

test('the arranger loop repeats: a note at the loop start sounds once per pass', () => {
  const p = project(
    [
      track(
        'Click',
        [sine({ RELEASE: 0 })],
        [
          clip(0, 8, [
            [69, 0, 0.25],
            [72, 3, 0.25],
          ]),
        ],
      ),
    ],
    { arranger_loop: { enabled: true, start: 0, duration: 2 } },
  );
  const r = render(p, { seconds: 4.2 });
  const found = onsets(r.left, 1e-3, SR / 10);
  // Two beats at 120 BPM is one second; the note at beat 3 lies outside the loop and never sounds.
  assert.deepEqual(
    found.map((s) => Math.round(s / SR)),
    [0, 1, 2, 3, 4],
  );
  for (const s of found) assert.ok(s % SR <= 2, `onset at sample ${s}`);
});

test('seek starts at the sought beat: earlier notes are not played, the next lands on its beat', () => {
  const p = project([
    track(
      'Click',
      [sine({ RELEASE: 0 })],
      [
        clip(0, 16, [
          [69, 2, 0.25],
          [69, 4, 0.25],
          [69, 6.5, 0.25],
        ]),
      ],
    ),
  ]);
  const r = render(p, { fromBeat: 4, seconds: 2 });
  const found = onsets(r.left, 1e-3, SR / 20);
  assert.equal(found.length, 2);
  assert.ok(found[0] <= 2, `first onset at sample ${found[0]}`);
  assert.ok(Math.abs(found[1] - 2.5 * 0.5 * SR) <= 2, `second onset at ${found[1]}`);
});

test('the transport position is the count of rendered samples', () => {
  const plan = buildPlan(project([], { tempo: 97 }));
  const e = new AudioEngine(plan, SR);
  e.seek(3);
  e.play();
  const l = new Float32Array(128);
  const r = new Float32Array(128);
  for (let i = 0; i < 1000; i++) e.render(l, r);
  assert.ok(Math.abs(e.position - (Math.round((3 * SR * 60) / 97) + 128000) / ((SR * 60) / 97)) < 1e-9);
  assert.equal(e.renderedSamples, 128000);
  const m = e.takeMeters();
  assert.equal(m.sample, 128000);
  assert.equal(m.master.peak, 0);
});

test('meters: per-track and master peak and RMS, reset on each read', () => {
  const plan = buildPlan(project([track('A', [sine()], [clip(0, 4, [[69, 0, 4]])], { pan: -1 }), track('B', [sine()], [], { muted: true })]));
  const e = new AudioEngine(plan, SR);
  e.play();
  const l = new Float32Array(128);
  const r = new Float32Array(128);
  for (let i = 0; i < 100; i++) e.render(l, r);
  const m = e.takeMeters();
  assert.ok(m.tracks[0].peak > 0.2 && m.tracks[0].rms > 0.05);
  assert.equal(m.tracks[1].peak, 0);
  assert.ok(Math.abs(m.master.peak - m.tracks[0].peak) < 1e-6);
  // Hard left: the right channel is silent.
  assert.ok(r.every((x) => x === 0) && l.some((x) => x !== 0));
  e.stop();
  for (let i = 0; i < 200; i++) e.render(l, r);
  e.takeMeters();
  for (let i = 0; i < 10; i++) e.render(l, r);
  assert.equal(e.takeMeters().master.peak, 0);
});

test('sends feed effect tracks: no send, no reverb; a send and the effect track sounds', () => {
  const bus = { ...track('Bus', [dev('Reverb', { MIX: 1 })]), type: 'effect' as const };
  const p = (sends: boolean) =>
    project([track('Dry', [sine({ RELEASE: 0 })], [clip(0, 1, [[69, 0, 0.5]])], sends ? { sends: [{ fx_index: 0, level_db: 0, pre_fader: false }] } : {})], {
      fx: [bus],
    });
  const tail = (r: ReturnType<typeof render>): number => rms(r.left, 0.5 * SR, 1 * SR);
  assert.ok(tail(render(p(false), { seconds: 1 })) < 1e-5);
  assert.ok(tail(render(p(true), { seconds: 1 })) > 1e-3);
});

test('group tracks sum their children and apply their own fader', () => {
  const child = track('Child', [sine()], [clip(0, 4, [[69, 0, 4]])]);
  const group = (volume: number) => project([{ ...track('Group', []), type: 'group', volume, children: [child] }]);
  const unity = rms(render(group(0.7937005259840998), { seconds: 0.5 }).left);
  const half = rms(render(group(Math.cbrt(0.25)), { seconds: 0.5 }).left);
  assert.ok(unity > 0.05);
  assert.ok(Math.abs(half / unity - 0.5) < 1e-3, `fader law: ${half / unity}`);
});

test('an arranger loop shorter than a sample plays straight on instead of hanging', () => {
  const p = project([track('Sine', [sine()], [clip(0, 4, [[69, 0, 4]])])], { arranger_loop: { enabled: true, start: 1, duration: 1e-6 } });
  const r = render(p, { seconds: 1 });
  assert.ok(rms(r.left) > 0.05);
});

test('Delay+ with Tempo Sync echoes on its note value at the project tempo, without it at its time in ms', () => {
  const echoAt = (params: Record<string, number | boolean>, tempo: number): number => {
    const p = project(
      [track('Echo', [sine({ RELEASE: 0 }), dev('Delay+', { MIX: 0.5, FEEDBACK: 0, LOW_CUT: 0, HIGH_CUT: 1, ...params })], [clip(0, 1, [[69, 0, 0.05]])])],
      { tempo },
    );
    const r = render(p, { seconds: 1.5 });
    // The first onset after the dry note is the echo.
    return onsets(r.left, 1e-3, SR / 20).filter((s) => s > SR / 20)[0] / SR;
  };
  const eighth = SYNC_NOTE_VALUES.findIndex((v) => v.label === '1/8');
  assert.ok(Math.abs(echoAt({ SYNC: true, TIME_SYNC: eighth }, 120) - 0.25) < 0.002, 'an eighth at 120 BPM is 250 ms');
  assert.ok(Math.abs(echoAt({ SYNC: true, TIME_SYNC: eighth }, 60) - 0.5) < 0.002, 'and 500 ms at 60 BPM');
  const ms250 = fromDisplayNumber(deviceByName('Delay+').params.find((x) => x.id === 'TIME')!.scale!, 250);
  for (const tempo of [60, 120]) assert.ok(Math.abs(echoAt({ SYNC: false, TIME: ms250 }, tempo) - 0.25) < 0.002, `with sync off, 250 ms at ${tempo} BPM`);
});

test('a Polysynth rendering into a silent track (one side, copied) gives the bits of its render beside an effect before it', () => {
  // Alone on its track the Polysynth renders straight into the track's silent buffers, its left
  // side only (it is centred), copied to the right; after an effect (asleep, its input silent) it
  // renders both sides into its own buffers, summed in. Held chord pairs, an attack and release,
  // and two steals (two voices, four overlapping notes) each take their own voice path.
  const synth = dev('Polysynth', { WAVE: 0, CUTOFF: 0.5, RESONANCE: 0.4, ATTACK: 0.4, DECAY: 0.45, SUSTAIN: 0.6, RELEASE: 0.4, VOICES: 2 });
  const notes: [number, number, number][] = [
    [48, 0, 2],
    [55, 0.25, 1.5],
    [60, 0.5, 1],
    [64, 1.1, 0.5],
  ];
  const p = (before: ReturnType<typeof dev>[]) => project([track('Chord', [...before, synth], [clip(0, 4, notes)])]);
  const alone = render(p([]), { seconds: 2.5 });
  const after = render(p([dev('Delay+')]), { seconds: 2.5 });
  assert.ok(rms(alone.left) > 0.01);
  assert.deepEqual(alone.left, after.left);
  assert.deepEqual(alone.right, after.right);
  assert.deepEqual(alone.left, alone.right);
});

test('an engine without meters renders the same bits as one with them, and says it keeps none', () => {
  const bus = { ...track('Bus', [dev('Reverb', { MIX: 1 })]), type: 'effect' as const };
  const children = [
    track('Unity', [sine()], [clip(0, 4, [[69, 0, 4]])]),
    track('Panned', [sine()], [clip(0, 4, [[64, 0, 3]])], { volume: 0.6, pan: 0.3, sends: [{ fx_index: 0, level_db: -3, pre_fader: false }] }),
  ];
  const plan = buildPlan(
    project([{ ...track('Group', []), type: 'group', volume: 0.75, children }, track('Left', [sine()], [clip(0, 4, [[57, 0, 4]])], { pan: -0.4 })], {
      fx: [bus],
    }),
  );
  const metered = new AudioEngine(plan, SR);
  const bare = new AudioEngine(plan, SR, { meters: false });
  for (const e of [metered, bare]) e.play();
  const l = [new Float32Array(128), new Float32Array(128)];
  const r = [new Float32Array(128), new Float32Array(128)];
  let sounded = false;
  for (let i = 0; i < 400; i++) {
    metered.render(l[0], r[0]);
    bare.render(l[1], r[1]);
    assert.deepEqual(Buffer.from(l[1].buffer), Buffer.from(l[0].buffer), `left, block ${i}`);
    assert.deepEqual(Buffer.from(r[1].buffer), Buffer.from(r[0].buffer), `right, block ${i}`);
    if (l[0].some((x) => x !== 0)) sounded = true;
  }
  assert.ok(sounded);
  assert.ok(metered.takeMeters().master.peak > 0);
  assert.throws(() => bare.takeMeters(), /keeps no meters/);
});
