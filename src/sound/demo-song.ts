import type { ClipJson, CueMarker } from './model/components.js';
import { parseDisplay } from './model/units.js';

/**
 * The demo song's arrangement: 65 bars of A minor at 120 BPM (2 min 10 s) — intro, verse,
 * build, drop, breakdown, outro and a last hit — written part by part: a four-chord
 * progression, a bass line, drum programming with fills, a lead hook, a sung-style topline and
 * a texture layer, each section adding or taking away energy. `demo.ts` puts the parts on its
 * tracks, with their instruments and mix.
 *
 * Notes are written in the host's names (C3 is key 60, A3 is 440 Hz) and beats are
 * quarter-note beats from the song's start.
 */

const BAR = 4;

/** The song's sections in order: name and first bar (0-based); each runs to the next one's start. */
const SECTIONS = [
  { name: 'Intro', bar: 0 },
  { name: 'Verse', bar: 8 },
  { name: 'Build', bar: 24 },
  { name: 'Drop', bar: 32 },
  { name: 'Breakdown', bar: 48 },
  { name: 'Outro', bar: 56 },
  { name: 'End', bar: 64 },
] as const;
type SectionName = (typeof SECTIONS)[number]['name'];

/** The song's last beat: the End hit rings on one bar. */
const SONG_END = 65 * BAR;

/** Each section's first beat and its length in beats. */
function section(name: SectionName): { start: number; beats: number } {
  const i = SECTIONS.findIndex((s) => s.name === name);
  const start = SECTIONS[i].bar * BAR;
  const end = i + 1 < SECTIONS.length ? SECTIONS[i + 1].bar * BAR : SONG_END;
  return { start, beats: end - start };
}

/** The song's cue markers: one per section, at its first beat. */
export function demoCueMarkers(): CueMarker[] {
  return SECTIONS.map((s) => ({ name: s.name, beat: s.bar * BAR }));
}

/** Key of a note name in the host's convention ("A1" is key 45). */
function key(name: string): number {
  const p = parseDisplay(name);
  if (p.unit !== 'note') throw new Error(`demo: ${name} is not a note name`);
  return p.value;
}
const keys = (names: string): number[] => names.split(' ').map(key);

// ---------------------------------------------------------------------------------------------
// Harmony: i – VI – III – VII in A minor (Am F C G), with a turn to Em in the breakdown.

type Chord = 'Am' | 'F' | 'C' | 'G' | 'Em';
/** Pad voicings, voice-led around C3 so no voice jumps more than a third. */
const VOICING: Record<Chord, number[]> = {
  Am: keys('A2 C3 E3 A3'),
  F: keys('A2 C3 F3 A3'),
  C: keys('G2 C3 E3 G3'),
  G: keys('G2 B2 D3 G3'),
  Em: keys('G2 B2 E3 G3'),
};
/** Bass roots, low in the first octave (55 Hz for A). */
const ROOT: Record<Chord, number> = { Am: key('A0'), F: key('F0'), C: key('C1'), G: key('G0'), Em: key('E0') };
const LOOP: Chord[] = ['Am', 'F', 'C', 'G'];
const TURN: Chord[] = ['F', 'G', 'Em', 'Am'];

/** The chord of each bar of the song. */
function chordAt(bar: number): Chord {
  const b = section('Breakdown');
  const inBreakdown = bar * BAR >= b.start && bar * BAR < b.start + b.beats;
  return (inBreakdown ? TURN : LOOP)[bar % 4];
}

// ---------------------------------------------------------------------------------------------
// Parts: notes at absolute beats, cut into one arranger clip per section.

type Note = readonly [key: number, beat: number, length: number, velocity: number];

class Part {
  readonly notes: Note[] = [];
  add(k: number, beat: number, length: number, velocity: number): void {
    this.notes.push([k, beat, length, Math.max(1, Math.min(127, Math.round(velocity)))]);
  }
  /** The same notes at several beats (a phrase played again). */
  addAll(notes: readonly Note[], at: number): void {
    for (const [k, b, l, v] of notes) this.add(k, at + b, l, v);
  }
}

/**
 * The shortest loop (a whole number of bars dividing the section) that plays `notes` (relative
 * to the clip start) over `beats`: the section's notes are that loop's notes repeated, and none
 * crosses the loop's end. The whole section when nothing repeats.
 */
function loopOf(notes: readonly Note[], beats: number): number {
  const key = ([k, b, l, v]: Note): string => `${k}:${b}:${l}:${v}`;
  const all = new Set(notes.map(key));
  for (let loop = BAR; loop < beats; loop += BAR) {
    if (beats % loop !== 0) continue;
    const first = notes.filter(([, b]) => b < loop);
    if (first.length * (beats / loop) !== notes.length || first.some(([, b, l]) => b + l > loop)) continue;
    if (notes.every(([k, b, l, v]) => all.has(key([k, b % loop, l, v])))) return loop;
  }
  return beats;
}

/**
 * One clip per section the part plays in, named after it, with the notes relative to its start;
 * a part that repeats within the section is a looped clip holding one pass of the loop.
 */
function clipsOf(part: Part): ClipJson[] {
  const clips: ClipJson[] = [];
  for (const s of SECTIONS) {
    const { start, beats } = section(s.name);
    const notes: Note[] = part.notes
      .filter(([, b]) => b >= start && b < start + beats)
      .map(([k, b, l, v]) => [k, b - start, Math.min(l, start + beats - b), v] as const);
    if (notes.length === 0) continue;
    const loop = loopOf(notes, beats);
    clips.push({
      name: s.name,
      start,
      length: beats,
      loop_enabled: loop < beats,
      loop_start: 0,
      loop_length: loop,
      notes: notes
        .filter(([, b]) => b < loop)
        .sort((x, y) => x[1] - y[1] || x[0] - y[0])
        .map(([k, b, l, v]) => [k, b, l, v, 0] as const),
    });
  }
  return clips;
}

/** A linear ramp from `a` at t = 0 to `b` at t = 1. */
const ramp = (a: number, b: number, t: number): number => a + (b - a) * t;

// General MIDI drum keys the kit plays (the Sampler's whole-kit mode).
const KICK = 36;
const RIM = 37;
const SNARE = 38;
const CLAP = 39;
const CLOSED_HAT = 42;
const LOW_TOM = 45;
const OPEN_HAT = 46;
const CRASH = 49;

function kick(): Part {
  const p = new Part();
  /** Four on the floor; `lift` softens the offbeat kicks a little (none in the drop: every kick at full). */
  const four = (bar: number, v: number, lift = 6): void => {
    for (let b = 0; b < 4; b++) p.add(KICK, bar * BAR + b, 0.25, v - (b % 2) * lift);
  };
  const verse = section('Verse');
  for (let bar = verse.start / BAR; bar < (verse.start + verse.beats) / BAR; bar++) {
    four(bar, 100);
    // The eighth bar of each phrase skips the last kick for the fill, with a pickup on the "and".
    if (bar % 8 === 7) {
      p.notes.pop();
      p.add(KICK, bar * BAR + 3.5, 0.25, 96);
    }
  }
  const build = section('Build');
  for (let bar = build.start / BAR; bar < (build.start + build.beats) / BAR - 1; bar++) four(bar, ramp(96, 118, (bar * BAR - build.start) / build.beats));
  // The build's last bar: the kick drops out; only the snare roll is left before the drop.
  const drop = section('Drop');
  for (let bar = drop.start / BAR; bar < (drop.start + drop.beats) / BAR; bar++) {
    four(bar, 127, 0);
    if (bar % 4 === 3) p.add(KICK, bar * BAR + 3.75, 0.2, 60); // a ghosted sixteenth pickup into every phrase
  }
  const outro = section('Outro');
  for (let bar = outro.start / BAR; bar < outro.start / BAR + 6; bar++) four(bar, ramp(100, 80, (bar * BAR - outro.start) / 24));
  p.add(KICK, section('End').start, 0.5, 124);
  return p;
}

function snare(): Part {
  const p = new Part();
  const verse = section('Verse');
  for (let beat = verse.start; beat < verse.start + verse.beats; beat += BAR) {
    const second = beat >= verse.start + 32;
    p.add(RIM, beat + 1, 0.25, 70);
    p.add(second ? CLAP : RIM, beat + 3, 0.25, second ? 80 : 72);
    if (second) p.add(RIM, beat + 2.75, 0.25, 44); // a ghost note before the backbeat
    const bar = beat / BAR;
    if (bar % 8 === 7) for (let s = 0; s < 4; s++) p.add(SNARE, beat + 3 + s * 0.25, 0.25, 70 + s * 12); // the fill
  }
  // The build: a snare roll that doubles every two bars (quarters, eighths, sixteenths, thirty-seconds), rising.
  const build = section('Build');
  const steps = [1, 0.5, 0.25, 0.125];
  for (let half = 0; half < 4; half++) {
    const from = build.start + half * 8;
    const to = half === 3 ? from + 7 : from + 8; // beat 4 of the last bar is silence before the drop
    for (let b = from; b < to; b += steps[half]) p.add(SNARE, b, Math.min(0.25, steps[half]), ramp(30, 92, (b - build.start) / build.beats));
  }
  const drop = section('Drop');
  for (let beat = drop.start; beat < drop.start + drop.beats; beat += BAR) {
    p.add(SNARE, beat + 1, 0.25, 120);
    p.add(CLAP, beat + 1, 0.25, 116);
    p.add(SNARE, beat + 3, 0.25, 124);
    p.add(CLAP, beat + 3, 0.25, 120);
    const bar = beat / BAR;
    if (bar % 8 === 7) {
      // A tom-and-snare fill into the next phrase.
      p.add(LOW_TOM, beat + 3.5, 0.25, 100);
      p.add(SNARE, beat + 3.75, 0.25, 116);
    } else if (bar % 2 === 1) p.add(RIM, beat + 3.75, 0.25, 60);
  }
  const outro = section('Outro');
  for (let beat = outro.start; beat < outro.start + 16; beat += BAR) {
    p.add(CLAP, beat + 1, 0.25, 84);
    p.add(CLAP, beat + 3, 0.25, 88);
  }
  return p;
}

function hats(): Part {
  const p = new Part();
  // The intro's second half: a closed hat on the offbeat, far back.
  const intro = section('Intro');
  for (let beat = intro.start + 16; beat < intro.start + intro.beats; beat++)
    p.add(CLOSED_HAT, beat + 0.5, 0.125, ramp(34, 56, (beat - intro.start - 16) / 16));
  const verse = section('Verse');
  for (let beat = verse.start; beat < verse.start + verse.beats; beat++) {
    p.add(CLOSED_HAT, beat + 0.5, 0.125, 80);
    // The verse's second half adds the sixteenths around the offbeat.
    if (beat >= verse.start + 32) {
      p.add(CLOSED_HAT, beat + 0.25, 0.125, 42);
      p.add(CLOSED_HAT, beat + 0.75, 0.125, 50);
    }
  }
  const build = section('Build');
  for (let b = build.start; b < build.start + build.beats - 1; b += 0.25)
    p.add(CLOSED_HAT, b, 0.125, ramp(30, 80, (b - build.start) / build.beats) + ((b * 4) % 2) * -12);
  const drop = section('Drop');
  p.add(CRASH, drop.start, 1, 120);
  p.add(CRASH, drop.start + 32, 1, 108);
  for (let beat = drop.start; beat < drop.start + drop.beats; beat++) {
    p.add(OPEN_HAT, beat + 0.5, 0.25, 88);
    p.add(CLOSED_HAT, beat + 0.25, 0.125, 52);
    p.add(CLOSED_HAT, beat + 0.75, 0.125, 64);
  }
  const breakdown = section('Breakdown');
  p.add(CRASH, breakdown.start, 1, 96);
  const outro = section('Outro');
  p.add(CRASH, outro.start, 1, 100);
  for (let beat = outro.start; beat < outro.start + 24; beat++) p.add(CLOSED_HAT, beat + 0.5, 0.125, ramp(76, 40, (beat - outro.start) / 24));
  p.add(CRASH, section('End').start, 1, 112);
  return p;
}

/**
 * The bass: held sub notes where the kick rests (intro, breakdown, the outro's tail), and an
 * octave up wherever the kick plays, so the kick owns the band below 70 Hz (the light's kick
 * pulse listens there, in the master mix).
 */
function bass(): Part {
  const p = new Part();
  const eachBar = (name: SectionName, play: (root: number, beat: number, bar: number) => void): void => {
    const s = section(name);
    for (let beat = s.start; beat < s.start + s.beats; beat += BAR) play(ROOT[chordAt(beat / BAR)], beat, beat / BAR);
  };
  // The intro's second half: a held sub, the floor coming in.
  const intro = section('Intro');
  for (let beat = intro.start + 16; beat < intro.start + intro.beats; beat += BAR) p.add(ROOT[chordAt(beat / BAR)], beat, 3.8, 70);
  // Verse: offbeat eighths, the octave on the last one every other bar.
  eachBar('Verse', (root, beat, bar) => {
    for (let e = 0; e < 4; e++) p.add(root + (e === 3 && bar % 2 === 1 ? 24 : 12), beat + e + 0.5, 0.4, e === 0 ? 84 : 76);
  });
  // Build: a pedal on A in eighths, then sixteenths, rising; silent on the last beat.
  const build = section('Build');
  for (let b = build.start; b < build.start + build.beats - 1; b += b < build.start + 16 ? 0.5 : 0.25)
    p.add(ROOT.Am + 12, b, 0.2, ramp(64, 100, (b - build.start) / build.beats));
  // Drop: rolling sixteenths off the kick, the octave on the third; the bar's last sixteenth rests
  // so the next downbeat's kick lands alone.
  eachBar('Drop', (root, beat) => {
    for (let q = 0; q < 4; q++)
      for (const s of q === 3 ? [0.25, 0.5] : [0.25, 0.5, 0.75])
        p.add(root + (s === 0.5 ? 24 : 12), beat + q + s, 0.2, s === 0.5 ? 120 : s === 0.25 ? 110 : 96);
  });
  // Breakdown: whole sub notes, soft.
  eachBar('Breakdown', (root, beat) => p.add(root, beat, 3.8, 64));
  // Outro: the verse line for four bars, then held subs thinning out.
  eachBar('Outro', (root, beat, bar) => {
    if (beat < section('Outro').start + 16) for (let e = 0; e < 4; e++) p.add(root + 12, beat + e + 0.5, 0.4, 64);
    else p.add(root, beat, 3.8, ramp(76, 56, (bar % 4) / 3));
  });
  p.add(ROOT.Am, section('End').start, 3.5, 110);
  return p;
}

function chords(): Part {
  const p = new Part();
  const chord = (c: Chord, beat: number, length: number, velocity: number): void => {
    for (const k of VOICING[c]) p.add(k, beat, length, velocity);
  };
  const held = (name: SectionName, velocity: (t: number) => number): void => {
    const s = section(name);
    for (let beat = s.start; beat < s.start + s.beats; beat += BAR) chord(chordAt(beat / BAR), beat, 3.9, velocity((beat - s.start) / s.beats));
  };
  held('Intro', (t) => ramp(48, 70, t));
  held('Verse', () => 64);
  // Build: eighth stabs, louder every bar.
  const build = section('Build');
  for (let b = build.start; b < build.start + build.beats - 1; b += 0.5)
    chord(chordAt(Math.floor(b / BAR)), b, 0.3, ramp(44, 92, (b - build.start) / build.beats));
  // Drop: the pad pumps on every offbeat (the kick owns the downbeat).
  const drop = section('Drop');
  for (let beat = drop.start; beat < drop.start + drop.beats; beat++) chord(chordAt(Math.floor(beat / BAR)), beat + 0.5, 0.42, 127);
  held('Breakdown', () => 64);
  held('Outro', (t) => ramp(80, 52, t));
  chord('Am', section('End').start, 3.5, 96);
  return p;
}

/** The hook: four bars over Am F C G, played through the Lead's sixteenth arpeggiator. */
const HOOK: readonly Note[] = [
  [key('A3'), 0, 0.75, 100],
  [key('C4'), 0.75, 0.75, 96],
  [key('E4'), 1.5, 1, 108],
  [key('D4'), 2.5, 0.5, 96],
  [key('C4'), 3, 1, 100],
  [key('A3'), 4, 0.75, 100],
  [key('C4'), 4.75, 0.75, 96],
  [key('F4'), 5.5, 1.5, 110],
  [key('E4'), 7, 1, 100],
  [key('G3'), 8, 0.75, 100],
  [key('C4'), 8.75, 0.75, 96],
  [key('E4'), 9.5, 1, 108],
  [key('G4'), 10.5, 0.5, 112],
  [key('E4'), 11, 1, 100],
  [key('D4'), 12, 1.5, 104],
  [key('B3'), 13.5, 0.5, 96],
  [key('D4'), 14, 1, 100],
  [key('G3'), 15, 1, 92],
];

/** The hook's answer: the last bar climbs to the octave instead of falling back. */
const HOOK_ANSWER: readonly Note[] = [...HOOK.filter(([, b]) => b < 12), [key('E4'), 12, 1.5, 108], [key('G4'), 13.5, 0.5, 112], [key('A4'), 14, 2, 118]];

function lead(): Part {
  const p = new Part();
  // Build: held chords an octave up through the arpeggiator, opening with the velocity.
  const build = section('Build');
  for (let beat = build.start; beat < build.start + build.beats; beat += BAR) {
    const t = (beat - build.start) / build.beats;
    const length = beat + BAR >= build.start + build.beats ? 3 : 4;
    for (const k of VOICING[chordAt(beat / BAR)].slice(1)) p.add(k + 12, beat, length, ramp(40, 104, t));
  }
  const drop = section('Drop');
  p.addAll(HOOK, drop.start);
  p.addAll(HOOK_ANSWER, drop.start + 16);
  p.addAll(HOOK, drop.start + 32);
  p.addAll(HOOK_ANSWER, drop.start + 48);
  // Breakdown: the hook once more, quiet and dark, as a memory.
  const breakdown = section('Breakdown');
  p.addAll(
    HOOK_ANSWER.map(([k, b, l, v]) => [k, b, l, v * 0.55] as const),
    breakdown.start + 16,
  );
  // Outro: the build's arpeggio, fading.
  const outro = section('Outro');
  for (let beat = outro.start; beat < outro.start + 16; beat += BAR)
    for (const k of VOICING[chordAt(beat / BAR)].slice(1)) p.add(k + 12, beat, 4, ramp(84, 48, (beat - outro.start) / 16));
  return p;
}

/** The topline: two four-bar phrases, a question and its answer (written for an "ah" vowel). */
const TOPLINE: readonly Note[] = [
  [key('A2'), 0, 1, 96],
  [key('C3'), 1, 1, 100],
  [key('E3'), 2, 2, 108],
  [key('F3'), 4, 1.5, 104],
  [key('E3'), 5.5, 0.5, 96],
  [key('C3'), 6, 2, 100],
  [key('E3'), 8, 1, 100],
  [key('G3'), 9, 1, 108],
  [key('E3'), 10, 1, 100],
  [key('D3'), 11, 1, 96],
  [key('D3'), 12, 3.5, 100],
  [key('E3'), 16, 1.5, 104],
  [key('D3'), 17.5, 0.5, 96],
  [key('C3'), 18, 2, 100],
  [key('A2'), 20, 1, 96],
  [key('C3'), 21, 1, 100],
  [key('F3'), 22, 2, 108],
  [key('E3'), 24, 2, 104],
  [key('D3'), 26, 1, 96],
  [key('C3'), 27, 1, 96],
  [key('B2'), 28, 2, 100],
  [key('D3'), 30, 1.75, 104],
];

function vocal(): Part {
  const p = new Part();
  p.addAll(
    TOPLINE.map(([k, b, l, v]) => [k, b, l, v * 0.8] as const),
    section('Verse').start + 32,
  );
  // In the drop the voice answers the hook, an octave up, in its second half.
  p.addAll(
    TOPLINE.map(([k, b, l, v]) => [k + 12, b, l, v * 0.9] as const),
    section('Drop').start + 32,
  );
  p.addAll(
    TOPLINE.map(([k, b, l, v]) => [k, b, l, v * 0.85] as const),
    section('Breakdown').start,
  );
  return p;
}

function texture(): Part {
  const p = new Part();
  // Pings on a pentatonic pattern, smeared by the texture's long delay.
  const pings = keys('E4 A4 C5 B4 E4 G4 A4 D5');
  const ping = (name: SectionName, every: number, velocity: (t: number) => number): void => {
    const s = section(name);
    for (let b = s.start, i = 0; b < s.start + s.beats; b += every, i++) p.add(pings[i % pings.length], b, 0.25, velocity((b - s.start) / s.beats));
  };
  ping('Intro', 2, (t) => ramp(70, 96, t));
  // The build's riser: eighths climbing the A minor scale a step every two beats (two octaves), louder as it climbs.
  const scale = keys('A2 B2 C3 D3 E3 F3 G3');
  const build = section('Build');
  for (let i = 0, b = build.start; b < build.start + build.beats - 1; i++, b += 0.5) {
    const step = Math.floor(i / 4);
    p.add(scale[step % 7] + 12 * Math.floor(step / 7), b, 0.3, ramp(40, 96, (b - build.start) / build.beats));
  }
  ping('Breakdown', 2, () => 90);
  ping('Outro', 2, (t) => ramp(90, 60, t));
  return p;
}

/** Every part as arranger clips, by the demo's track names. */
export function demoClips(): Record<'Kick' | 'Snare' | 'Hats' | 'Bass' | 'Chords' | 'Lead' | 'Texture' | 'Vocal', ClipJson[]> {
  return {
    Kick: clipsOf(kick()),
    Snare: clipsOf(snare()),
    Hats: clipsOf(hats()),
    Bass: clipsOf(bass()),
    Chords: clipsOf(chords()),
    Lead: clipsOf(lead()),
    Texture: clipsOf(texture()),
    Vocal: clipsOf(vocal()),
  };
}
