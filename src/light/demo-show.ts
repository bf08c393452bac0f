import type { Origin } from '../engine/commands/history.js';
import type { Parameter } from '../engine/parameters/parameter.js';
import type { Bus } from './mixer/bus.js';
import type { LightShow } from './show/light-show.js';
import { Channel } from './mixer/channel.js';
import { addEffect } from './operations/effects.js';
import { addModulator, wireModulation } from './operations/modulation.js';
import { addClip, editLane } from './operations/clips.js';
import { addSnapshot } from './operations/snapshots.js';
import type { Pattern } from './devices/patterns/pattern.js';
import { Fixture } from './structure/fixture.js';
import { ViewDefinition } from './structure/view-definition.js';
import { DynamicColor } from './palette/dynamic-color.js';
import { aimStageFixtures } from './operations/stage-aim.js';
import { patchStageFixture } from './operations/stage-fixtures.js';
import { BUILT_IN_PROFILES } from './stage/profiles/built-in.js';
import { Div } from './tempo/divisions.js';

const ORIGIN: Origin = { kind: 'system', name: 'demo' } as unknown as Origin;

/**
 * The demo song's sections (the song's cue markers, src/sound/demo-song.ts): a light cue on each
 * launches the section's look, a clip scene with one clip per bus.
 */
// `fade`: the cue's fade in beats (docs/clips.md): the verse, build, breakdown and outro ease in
// from the look before; the intro rises from black on its own lanes, the drop and the end hit.
const SECTIONS = [
  { marker: 'Intro', beat: 0, beats: 32, fade: 0 },
  { marker: 'Verse', beat: 32, beats: 64, fade: 2 },
  { marker: 'Build', beat: 96, beats: 32, fade: 1 },
  { marker: 'Drop', beat: 128, beats: 64, fade: 0 },
  { marker: 'Breakdown', beat: 192, beats: 32, fade: 4 },
  { marker: 'Outro', beat: 224, beats: 32, fade: 4 },
  { marker: 'End', beat: 256, beats: 8, fade: 0 },
] as const;
type Section = (typeof SECTIONS)[number]['marker'];

/** The demo's cue list: the master sparkle's density, one cue per section that Goes it (docs/demo.md). */
const SPARKLE_LIST = 'Sparkle';
const SPARKLE_CUES = [
  { label: 'Glints', density: 0.15, fadeMs: 0 },
  { label: 'Drop sparkle', density: 0.4, fadeMs: 0 },
  { label: 'Breakdown calm', density: 0.15, fadeMs: 4000 },
] as const;
/** The sections whose light cue also Goes the sparkle list (in order: cue 1, 2, 3). */
const SPARKLE_STEPS: readonly Section[] = ['Intro', 'Drop', 'Breakdown'];

/**
 * A lane in a section's clip: a value held from the section's start, or points [beat, value]
 * joined by straight lines (a fade, a ramp), the last value held to the clip's end.
 */
type Lane = number | readonly (readonly [beat: number, value: number])[];

/** The buses the design moves, by name. */
type BusName = 'wall' | 'spectrum' | 'strips' | 'planes' | 'color' | 'pulse' | 'master';

/**
 * The lighting design, section by section: each bus's lanes (bus-relative parameter paths).
 * Every section's clip writes every lane of its bus, so a section looks the same however it is
 * reached. Palette slots: 1 deep blue, 2 teal, 3 violet, 4 magenta, 5 amber.
 *
 * - Intro: dark and slow — a blue-teal noise fades up on the wall; a slow chase creeps in with the hats.
 * - Verse: teal to violet; the strips chase on the half bar, then the quarter; the kick pulses the strips and arch.
 * - Build: violet to magenta, everything climbing — the chase doubles its rate, planes sweep in, the
 *   spectrum bars wake; a strobe on the last bar, then black for the silent beat.
 * - Drop: magenta to amber at full; planes sweep, the chase runs eighths, white kick pulses, sparkle on the hats.
 * - Breakdown: back to blue, low and slow; the spectrum bars breathe with the voice.
 * - Outro: amber, fading with the song.
 * - End: a white flash on the last hit, then the master fades to black and stays there.
 */
const DESIGN: Record<Section, Partial<Record<BusName, Record<string, Lane>>>> = {
  Intro: {
    wall: {
      '/fader': [
        [0, 0],
        [4, 0.35],
        [16, 0.55],
        [32, 0.7],
      ],
      '/pattern/1/motionSpeed': 0.25,
      '/pattern/1/midpoint': 45,
    },
    spectrum: { '/fader': 0 },
    strips: {
      '/fader': [
        [0, 0],
        [16, 0],
        [32, 0.3],
      ],
      '/pattern/1/tempoDivision': Div.WHOLE.ordinal,
    },
    planes: { '/fader': 0 },
    color: { '/pattern/1/paletteIndex': 1 },
    pulse: { '/pattern/1/color/hue': 228, '/pattern/1/color/saturation': 60, '/pattern/1/color/brightness': 0 },
    master: {
      '/fader': [
        [0, 0],
        [4, 1],
      ],
      '/effect/1/enabled': 0,
      '/effect/2/enabled': 0,
    },
  },
  Verse: {
    wall: {
      '/fader': [
        [0, 0.7],
        [4, 0.8],
      ],
      '/pattern/1/motionSpeed': 0.35,
      '/pattern/1/midpoint': 50,
    },
    spectrum: { '/fader': 0 },
    strips: {
      '/fader': [
        [0, 0.3],
        [4, 0.6],
        [32, 0.6],
        [36, 0.8],
      ],
      '/pattern/1/tempoDivision': [
        [0, Div.HALF.ordinal],
        [32, Div.QUARTER.ordinal],
      ],
    },
    planes: { '/fader': 0 },
    color: { '/pattern/1/paletteIndex': 2 },
    pulse: { '/pattern/1/color/hue': 272, '/pattern/1/color/saturation': 55, '/pattern/1/color/brightness': 60 },
    master: { '/fader': 1, '/effect/1/enabled': 0, '/effect/2/enabled': 0 },
  },
  Build: {
    wall: {
      '/fader': [
        [0, 0.8],
        [31, 1],
      ],
      '/pattern/1/motionSpeed': [
        [0, 0.35],
        [31, 0.75],
      ],
      '/pattern/1/midpoint': [
        [0, 50],
        [31, 60],
      ],
    },
    spectrum: {
      '/fader': [
        [0, 0],
        [31, 0.5],
      ],
    },
    strips: {
      '/fader': [
        [0, 0.8],
        [16, 1],
      ],
      '/pattern/1/tempoDivision': [
        [0, Div.QUARTER.ordinal],
        [16, Div.EIGHTH.ordinal],
        [24, Div.SIXTEENTH.ordinal],
      ],
    },
    planes: {
      '/fader': [
        [0, 0],
        [31, 0.7],
      ],
    },
    color: {
      '/pattern/1/paletteIndex': [
        [0, 3],
        [24, 4],
      ],
    },
    pulse: {
      '/pattern/1/color/hue': 322,
      '/pattern/1/color/saturation': [
        [0, 55],
        [28, 0],
      ],
      '/pattern/1/color/brightness': [
        [0, 60],
        [28, 100],
      ],
    },
    master: {
      // The silent last beat before the drop is black.
      '/fader': [
        [0, 1],
        [30.99, 1],
        [31, 0],
      ],
      '/effect/1/enabled': 0,
      '/effect/2/enabled': [
        [0, 0],
        [28, 1],
        [31, 0],
      ],
    },
  },
  Drop: {
    wall: { '/fader': 1, '/pattern/1/motionSpeed': 0.6, '/pattern/1/midpoint': 65 },
    spectrum: { '/fader': 0.6 },
    strips: { '/fader': 1, '/pattern/1/tempoDivision': Div.EIGHTH.ordinal },
    planes: { '/fader': 0.8 },
    color: { '/pattern/1/paletteIndex': 4 },
    pulse: { '/pattern/1/color/hue': 322, '/pattern/1/color/saturation': 0, '/pattern/1/color/brightness': 100 },
    master: { '/fader': 1, '/effect/1/enabled': 1, '/effect/2/enabled': 0 },
  },
  Breakdown: {
    wall: {
      '/fader': [
        [0, 1],
        [4, 0.55],
      ],
      '/pattern/1/motionSpeed': 0.15,
      '/pattern/1/midpoint': 45,
    },
    spectrum: {
      '/fader': [
        [0, 0.6],
        [4, 0.35],
      ],
    },
    strips: {
      '/fader': [
        [0, 1],
        [4, 0.25],
      ],
      '/pattern/1/tempoDivision': Div.WHOLE.ordinal,
    },
    planes: {
      '/fader': [
        [0, 0.8],
        [4, 0],
      ],
    },
    color: { '/pattern/1/paletteIndex': 1 },
    pulse: { '/pattern/1/color/hue': 186, '/pattern/1/color/saturation': 60, '/pattern/1/color/brightness': 0 },
    master: { '/fader': 1, '/effect/1/enabled': 0, '/effect/2/enabled': 0 },
  },
  Outro: {
    wall: {
      '/fader': [
        [0, 0.55],
        [4, 0.7],
        [32, 0.3],
      ],
      '/pattern/1/motionSpeed': 0.25,
      '/pattern/1/midpoint': 50,
    },
    spectrum: {
      '/fader': [
        [0, 0.35],
        [16, 0],
      ],
    },
    strips: {
      '/fader': [
        [0, 0.25],
        [4, 0.5],
        [32, 0],
      ],
      '/pattern/1/tempoDivision': Div.QUARTER.ordinal,
    },
    planes: { '/fader': 0 },
    color: { '/pattern/1/paletteIndex': 5 },
    pulse: {
      '/pattern/1/color/hue': 28,
      '/pattern/1/color/saturation': 70,
      '/pattern/1/color/brightness': [
        [0, 60],
        [24, 0],
      ],
    },
    master: { '/fader': 1, '/effect/1/enabled': 0, '/effect/2/enabled': 0 },
  },
  End: {
    wall: { '/fader': 0.6, '/pattern/1/motionSpeed': 0.15, '/pattern/1/midpoint': 50 },
    spectrum: { '/fader': 0 },
    strips: { '/fader': 0, '/pattern/1/tempoDivision': Div.QUARTER.ordinal },
    planes: { '/fader': 0 },
    color: { '/pattern/1/paletteIndex': 5 },
    pulse: { '/pattern/1/color/hue': 28, '/pattern/1/color/saturation': 0, '/pattern/1/color/brightness': 100 },
    // The last hit flashes, then the rig fades to black with the ringing chord and stays dark.
    master: {
      '/fader': [
        [0, 1],
        [0.5, 1],
        [3, 0],
      ],
      '/effect/1/enabled': 0,
      '/effect/2/enabled': 0,
    },
  },
};

/** The swatch the Color channel reads, slots 1–5. */
const PALETTE: readonly (readonly [hue: number, saturation: number])[] = [
  [228, 95],
  [186, 85],
  [272, 85],
  [322, 90],
  [28, 95],
];

/** Sets a component's parameters by key (values as LX stores them). */
function set(c: { parameters: Map<string, unknown> }, values: Record<string, number | boolean>): void {
  for (const [k, v] of Object.entries(values)) {
    const p = c.parameters.get(k) as { setValue(v: number): void } | undefined;
    if (p === undefined) throw new Error(`demo: no parameter ${k}`);
    p.setValue(typeof v === 'boolean' ? (v ? 1 : 0) : v);
  }
}

function fixture(show: LightShow, cls: string, label: string, values: Record<string, number>): void {
  const f = new Fixture(cls, label);
  for (const [k, v] of Object.entries(values)) f.parameters.get(k)?.setBase(v);
  show.structure.addFixture(f);
}

function view(show: LightShow, label: string, selector: string): ViewDefinition {
  const v = new ViewDefinition(label);
  v.selector.setString(selector);
  show.structure.views.addView(v);
  return v;
}

function pattern(show: LightShow, simple: string): Pattern {
  const e = show.registry.list('pattern').find((x) => x.className.endsWith(`.${simple}`));
  if (e?.create === undefined) throw new Error(`demo: no pattern ${simple}`);
  return e.create() as Pattern;
}

function channel(show: LightShow, label: string, p: Pattern, values: Record<string, number | boolean>, on: ViewDefinition | null = null): Channel {
  const ch = new Channel(label);
  show.mixer.insertChannel(ch);
  ch.addPattern(p);
  set(p as unknown as { parameters: Map<string, unknown> }, values);
  if (on !== null) ch.view.select(on);
  return ch;
}

/** The demo's stage (DMX) fixtures, on Art-Net universe 1 to this machine (docs/demo.md). */
const WASH = 'footlight/generic-wash-head';
const PAR = 'footlight/generic-rgbw-par';
/** The truss the heads hang from: above the strips, in front of the wall. */
const TRUSS = { y: 520, z: 150 };
/** The strips the floor pars stand at the foot of (1-based), lit from below in the strips' own colours. */
const PAR_STRIPS = [1, 3, 5, 6, 8, 10];

/**
 * Four wash heads on a truss and six RGBW pars on the floor (Footlight's built-in profiles, so the
 * demo needs no fixture library). Each takes its colour and dimmer from the pixels nearest it: the
 * pars the foot of their strip (the chase, the kick pulse), the heads the wall's top row. The heads
 * aim at the wall in a 60° fan that the Sway LFO swings across it, four bars a swing.
 */
function stageRig(show: LightShow, swayId: number): void {
  const heads = [-300, -100, 100, 300].map((x, i) => {
    const placement = { position: { x, y: TRUSS.y, z: TRUSS.z }, home: { x: 0, y: -1, z: 0 } };
    const profile = BUILT_IN_PROFILES.get(WASH)!;
    return patchStageFixture(show, { profileId: WASH, profile, mode: '16-bit', label: `Wash ${i + 1}`, placement, protocol: 'artnet' }, [], ORIGIN);
  });
  for (const [i, strip] of PAR_STRIPS.entries()) {
    const placement = { position: { x: -360 + (strip - 1) * 80, y: -20, z: -150 } };
    const profile = BUILT_IN_PROFILES.get(PAR)!;
    patchStageFixture(show, { profileId: PAR, profile, mode: 'Dimmer RGBW Shutter', label: `Floor par ${i + 1}`, placement, protocol: 'artnet' }, [], ORIGIN);
  }
  aimStageFixtures(show, { fixtures: heads.map((h) => ({ id: h.id })), aim: 'point', point: { x: 0, y: 155, z: 0 }, fan: 60 }, ORIGIN);
  for (const h of heads) wireModulation(show, { id: swayId }, { id: h.id, key: 'aimX' }, { range: 0.15, polarity: 'bipolar' }, ORIGIN);
}

/** A parameter of a bus by its bus-relative path (as lanes name it). */
const param = (show: LightShow, bus: Bus, rel: string): Parameter => show.parameter({ path: `${bus.path}${rel}` });

/**
 * The show `footlight serve` opens when no project is given, made for the demo song: a small
 * stage — a 48×32 pixel wall, ten vertical strips in front of it and an arch over them
 * (2 636 points) — with six channels (a noise texture and a spectrum on the wall, a tempo-synced
 * chase on the strips and arch, sweeping planes, a palette gradient that colors them all, and a
 * kick pulse), a sparkle on the master that follows the hats and a strobe for the build, one
 * clip scene per song section (DESIGN) cued on the song's markers, and a snapshot of each
 * section's look. Press play on the song and the lights follow it, to a blackout at the end.
 */
export function buildDemoShow(show: LightShow): void {
  fixture(show, 'GridFixture', 'Wall', { numRows: 32, numColumns: 48, rowSpacing: 10, columnSpacing: 10, x: -235, y: 0, z: 0 });
  for (let i = 0; i < 10; i++) fixture(show, 'StripFixture', `Strip ${i + 1}`, { numPoints: 80, spacing: 5, x: -360 + i * 80, y: 0, z: -150, roll: 90 });
  fixture(show, 'ArcFixture', 'Arch', { numPoints: 300, radius: 420, degrees: 180, positionMode: 1, x: 0, y: 160, z: -250, roll: 90 });
  const wallView = view(show, 'Wall', 'grid');
  const lines = view(show, 'Strips and arch', 'strip');

  const lx = show.lx;
  lx.tempo.launchQuantization.setValue(0);
  lx.audio.enabled.setValue(1); // the global meter, for the spectrum

  // The palette: one swatch of five colors, cool to hot.
  const swatch = lx.palette.swatch;
  PALETTE.forEach(([h, s], i) => {
    if (swatch.colors.at(i) === undefined) swatch.colors.insert(new DynamicColor());
    const c = swatch.colors.at(i)!;
    c.primary.hue.setValue(h);
    c.primary.saturation.setValue(s);
  });

  const wall = channel(show, 'Wall', pattern(show, 'NoisePattern'), { scale: 0.35, motionSpeed: 0.25, contrast: 140 }, wallView);
  const spectrum = channel(show, 'Spectrum', pattern(show, 'GraphicEqualizerPattern'), { gain: 1.2, center: 0.5, fade: 0.3 }, wallView);
  const strips = channel(
    show,
    'Strips',
    pattern(show, 'ChasePattern'),
    { tempoSync: true, tempoDivision: Div.HALF.ordinal, maxChunk: 80, chunkSize: 100, shift: 25, size: 15, fade: 35 },
    lines,
  );
  const planes = channel(show, 'Planes', pattern(show, 'PlanesPattern'), {});
  const color = channel(show, 'Color', pattern(show, 'GradientPattern'), {
    colorMode: 2,
    blendMode: 2,
    paletteIndex: 1,
    paletteStops: 2,
    xAmount: 1,
    yAmount: 0.4,
  });
  color.blendMode.setValue(1); // Multiply: the gradient colors everything under it
  const pulse = channel(show, 'Kick Pulse', pattern(show, 'SolidPattern'), {}, lines);
  pulse.fader.setValue(0);

  // Master: a sparkle that glints on the hats, and a strobe for the end of the build.
  const master = lx.mixer.master;
  master.previewMode.setValue(1); // POST: the master fader dims the frame itself, so the preview and render-show see the blackout
  const sparkle = addEffect(show, { path: master.path }, 'heronarts.lx.effect.SparkleEffect', undefined, ORIGIN).effect;
  set(sparkle as unknown as { parameters: Map<string, unknown> }, { maskMode: 1, density: 0.15, amount: 0 });
  const strobe = addEffect(show, { path: master.path }, 'heronarts.lx.effect.StrobeEffect', undefined, ORIGIN).effect;
  set(strobe as unknown as { parameters: Map<string, unknown> }, { tempoSync: true, tempoDivision: Div.EIGHTH.ordinal, depth: 0.8 });

  // Modulation: an LFO sways the gradient and sweeps the planes over four bars; Beat Detect on
  // the master's lowest band (the kick: the demo's bass plays above it) pulses the strips and
  // arch; a Band Filter on the master's hats band raises the sparkle.
  const sway = addModulator(show, 'VariableLFO', { label: 'Sway' }, ORIGIN);
  set(sway as unknown as { parameters: Map<string, unknown> }, { tempoSync: true, tempoMultiplier: Div.FOUR.ordinal, running: true });
  wireModulation(show, { id: sway.id }, { id: color.patterns.at(0)!.id, key: 'gradientPhase' }, { range: 0.5 }, ORIGIN);
  wireModulation(show, { id: sway.id }, { path: `${planes.path}/pattern/1/layer/1/position` }, { range: 0.9, polarity: 'bipolar' }, ORIGIN);
  const kick = addModulator(show, 'BandGate', { label: 'Kick' }, ORIGIN);
  set(kick as unknown as { parameters: Map<string, unknown> }, { minFreq: 35, maxFreq: 60, gain: 24, threshold: 0.9, floor: 0.93, decay: 220, running: true });
  wireModulation(show, { id: kick.id }, { id: pulse.id, key: 'fader' }, { range: 0.9 }, ORIGIN);
  const hats = addModulator(show, 'BandFilter', { label: 'Hats' }, ORIGIN);
  set(hats as unknown as { parameters: Map<string, unknown> }, { minFreq: 6000, maxFreq: 12000, gain: 12, attack: 5, release: 120, running: true });
  wireModulation(show, { id: hats.id }, { id: sparkle.id, key: 'amount' }, { range: 0.8 }, ORIGIN);

  // One clip per bus per section (scene = section index), and a light cue on each section's marker.
  const buses: Record<BusName, Bus> = { wall, spectrum, strips, planes, color, pulse, master };
  SECTIONS.forEach((s, scene) => {
    for (const [name, lanes] of Object.entries(DESIGN[s.marker]) as [BusName, Record<string, Lane>][]) {
      const bus = buses[name];
      addClip(show, { bus: { path: bus.path }, slot: scene }, { label: s.marker, length: { beats: s.beats }, loop: false }, ORIGIN);
      for (const [rel, lane] of Object.entries(lanes)) {
        const points = typeof lane === 'number' ? [[0, lane] as const] : lane;
        editLane(show, { bus: { path: bus.path }, slot: scene }, { lane: rel, events: points.map(([beats, value]) => ({ beats, value })) }, ORIGIN);
      }
    }
  });

  // A snapshot of each steady look (its lanes' last values), for the operator; the rig then waits on the intro's.
  const look = (section: Section): void => {
    for (const [name, lanes] of Object.entries(DESIGN[section]) as [BusName, Record<string, Lane>][])
      for (const [rel, lane] of Object.entries(lanes)) {
        const p = param(show, buses[name], rel);
        p.setBase(p.accept(typeof lane === 'number' ? lane : lane[lane.length - 1][1]));
      }
  };
  for (const s of ['Intro', 'Verse', 'Drop', 'Breakdown', 'Outro'] as const) {
    look(s);
    addSnapshot(show, { label: `${s} look` }, ORIGIN);
  }
  look('Intro');

  // A cue list for the sparkle on the master, stepped by the section cues (SPARKLE_STEPS): sparse
  // glints from the intro, dense on the drop, easing back for the breakdown.
  show.cues.createList(ORIGIN, SPARKLE_LIST);
  const density = `${sparkle.path}/density`;
  for (const c of SPARKLE_CUES)
    show.cues.recordCue(ORIGIN, SPARKLE_LIST, { label: c.label, blind: true, values: [{ path: density, value: c.density }], fadeMs: c.fadeMs });

  stageRig(show, sway.id);

  show.externals['footlight.lightCues'] = SECTIONS.map((s, scene) => ({
    beat: s.beat,
    scene,
    ...(SPARKLE_STEPS.includes(s.marker) ? { cueList: { list: SPARKLE_LIST } } : {}),
    marker: s.marker,
    ...(s.fade > 0 ? { fade: { beats: s.fade } } : {}),
  }));
}
