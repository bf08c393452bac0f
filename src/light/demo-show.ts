import type { Origin } from '../engine/commands/history.js';
import type { LightShow } from './show/light-show.js';
import { Channel } from './mixer/channel.js';
import { addModulator, wireModulation } from './operations/modulation.js';
import { addClip, editLane } from './operations/clips.js';
import { addSnapshot } from './operations/snapshots.js';
import type { Pattern } from './devices/patterns/pattern.js';
import { Fixture } from './structure/fixture.js';
import { DynamicColor } from './palette/dynamic-color.js';

const ORIGIN: Origin = { kind: 'system', name: 'demo' } as unknown as Origin;

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

function pattern(show: LightShow, simple: string): Pattern {
  const e = show.registry.list('pattern').find((x) => x.className.endsWith(`.${simple}`));
  if (e?.create === undefined) throw new Error(`demo: no pattern ${simple}`);
  return e.create() as Pattern;
}

function channel(show: LightShow, label: string, p: Pattern, values: Record<string, number | boolean>, fader: number): Channel {
  const ch = new Channel(label);
  show.mixer.insertChannel(ch);
  ch.addPattern(p);
  set(p as unknown as { parameters: Map<string, unknown> }, values);
  ch.fader.setValue(fader);
  return ch;
}

/** The light cues the demo plays on the demo song's cue markers (src/show/light-cues.ts reads them). */
const DEMO_CUES = [
  { beat: 0, scene: 0, marker: 'Intro' },
  { beat: 16, scene: 1, marker: 'Drop' },
];

/**
 * The show `footlight serve` opens when no project is given, made for the demo song: a small
 * stage — a 48×32 pixel wall, ten vertical strips in front of it and an arch over them
 * (2 636 points) — with five channels (noise, a palette gradient, a tempo-synced chase, planes
 * and a white pulse on the kick), LFO modulation, two snapshots, a light clip per song section
 * (scene 0 "Intro", scene 1 "Drop") and light cues on the song's Intro and Drop markers.
 * Press play on the song and the lights follow it.
 */
export function buildDemoShow(show: LightShow): void {
  fixture(show, 'GridFixture', 'Wall', { numRows: 32, numColumns: 48, rowSpacing: 10, columnSpacing: 10, x: -235, y: 0, z: 0 });
  for (let i = 0; i < 10; i++) fixture(show, 'StripFixture', `Strip ${i + 1}`, { numPoints: 80, spacing: 5, x: -360 + i * 80, y: 0, z: -150, roll: 90 });
  fixture(show, 'ArcFixture', 'Arch', { numPoints: 300, radius: 420, degrees: 180, positionMode: 1, x: 0, y: 160, z: -250, roll: 90 });

  const tempo = show.lx.tempo;
  tempo.launchQuantization.setValue(0);
  const noise = channel(show, 'Noise', pattern(show, 'NoisePattern'), { scale: 0.35, motionSpeed: 0.3, contrast: 140 }, 0.8);
  const gradient = channel(show, 'Gradient', pattern(show, 'GradientPattern'), { xAmount: 1, yAmount: 0.4, colorMode: 2, gradientRange: 240 }, 0.6);
  gradient.blendMode.setValue(1); // Multiply: the gradient colors the noise
  const chase = channel(show, 'Chase', pattern(show, 'ChasePattern'), { tempoSync: true, tempoDivision: 8, size: 30, fade: 60 }, 0);
  const planes = channel(show, 'Planes', pattern(show, 'PlanesPattern'), {}, 0);
  const pulse = channel(show, 'Kick Pulse', pattern(show, 'SolidPattern'), {}, 0);
  void noise;

  // Palette: warm to cold swatch colors for the gradient.
  const swatch = show.lx.palette.swatch;
  const colors = [
    [20, 90],
    [330, 80],
    [200, 90],
  ];
  colors.forEach(([h, s], i) => {
    if (swatch.colors.at(i) === undefined) swatch.colors.insert(new DynamicColor());
    const c = swatch.colors.at(i)!;
    c.primary.hue.setValue(h);
    c.primary.saturation.setValue(s);
  });

  const lfo = addModulator(show, 'VariableLFO', { label: 'Sway' }, ORIGIN);
  set(lfo as unknown as { parameters: Map<string, unknown> }, { tempoSync: true, tempoMultiplier: 13, running: true });
  const phase = gradient.patterns.at(0) as Pattern;
  wireModulation(show, { id: lfo.id }, { id: phase.id, key: 'gradientPhase' }, { range: 0.5 }, ORIGIN);
  // Beat Detect on the kick's band (60–120 Hz). It hears the master: there the demo's bass masks the
  // kicks it plays over (every other one); with `serve --audio-track Kick` it fires on every kick.
  const beat = addModulator(show, 'BandGate', { label: 'Kick' }, ORIGIN);
  set(beat as unknown as { parameters: Map<string, unknown> }, { gain: 18, decay: 220, running: true });
  wireModulation(show, { id: beat.id }, { id: pulse.id, key: 'fader' }, { range: 0.9 }, ORIGIN);

  // Light clips per section: scene 0 (Intro) noise and gradient, scene 1 (Drop) chase and planes.
  const fade = (ch: Channel, slot: number, label: string, value: number): void => {
    addClip(show, { bus: { path: ch.path }, slot }, { label, length: { beats: 4 }, loop: false }, ORIGIN);
    editLane(
      show,
      { bus: { path: ch.path }, slot },
      {
        lane: 'fader',
        events: [
          { ms: 0, value },
          { beats: 2, value },
        ],
      },
      ORIGIN,
    );
  };
  fade(noise, 0, 'Intro', 0.8);
  fade(gradient, 0, 'Intro', 0.6);
  fade(chase, 0, 'Intro', 0);
  fade(planes, 0, 'Intro', 0);
  fade(noise, 1, 'Drop', 0.3);
  fade(gradient, 1, 'Drop', 0.8);
  fade(chase, 1, 'Drop', 1);
  fade(planes, 1, 'Drop', 0.7);

  addSnapshot(show, { label: 'Intro look' }, ORIGIN);
  chase.fader.setValue(1);
  planes.fader.setValue(0.7);
  noise.fader.setValue(0.3);
  addSnapshot(show, { label: 'Drop look' }, ORIGIN);
  chase.fader.setValue(0);
  planes.fader.setValue(0);
  noise.fader.setValue(0.8);

  show.externals['footlight.lightCues'] = DEMO_CUES.map((c) => ({ ...c }));
}
