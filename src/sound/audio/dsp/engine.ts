import { buildChain, chainAsleep, runGated, type Stage } from './devices.js';
import { BLOCK } from './math.js';
import { atRate } from './resample.js';
import { SmoothedGain } from './smoothed-gain.js';
import type { PlanAudioClip, PlanDevice, PlanSkip, PlanTrack, RenderPlan } from './plan.js';
import type { NoteEvent } from './voices.js';

/** Peak and RMS of one track (or the master) since the last `takeMeters()`, post-fader. */
export interface Meter {
  readonly peak: number;
  readonly rms: number;
}

interface Meters {
  /** Transport position (beats) at the end of the last rendered block. */
  readonly beat: number;
  /** Samples rendered since the engine started: the observation time. */
  readonly sample: number;
  /** By flat track index (the plan's order; the master is last). */
  readonly tracks: readonly Meter[];
  readonly master: Meter;
}

const NO_EVENTS: readonly NoteEvent[] = [];

/** Events in block order; at one offset note-offs come first. */
const byOffset = (a: NoteEvent, b: NoteEvent): number => a.offset - b.offset || Number(a.on) - Number(b.on);

function isSilent(l: Float32Array, r: Float32Array): boolean {
  for (let i = 0; i < l.length; i++) if (l[i] !== 0 || r[i] !== 0) return false;
  return true;
}

/** A block of one value, for a side whose gain is steady while the other's moves. */
const steady = new Float32Array(BLOCK);
function constant(g: number): Float32Array {
  steady.fill(g);
  return steady;
}

/** l and r times per-sample gains. */
function multiply(l: Float32Array, r: Float32Array, gl: Float32Array, gr: Float32Array): void {
  for (let i = 0; i < BLOCK; i++) {
    l[i] *= gl[i];
    r[i] *= gr[i];
  }
}

/**
 * The fader's steady gains on l and r (none at unity: the same samples) and the sum into `out`'s
 * input (null: the master). The sum adds each product as computed, before it is stored as 32 bits.
 */
function fader(l: Float32Array, r: Float32Array, gl: number, gr: number, out: TrackState | null): void {
  const unity = gl === 1 && gr === 1;
  if (out === null) {
    if (!unity)
      for (let i = 0; i < BLOCK; i++) {
        l[i] *= gl;
        r[i] *= gr;
      }
    return;
  }
  const oL = out.inL;
  const oR = out.inR;
  if (unity)
    for (let i = 0; i < BLOCK; i++) {
      oL[i] += l[i];
      oR[i] += r[i];
    }
  else
    for (let i = 0; i < BLOCK; i++) {
      oL[i] += l[i] *= gl;
      oR[i] += r[i] *= gr;
    }
}

/** An audio clip fades in and out over this long at its edges, and where its sample ends or loops (raised cosine): no clicks. */
const CLIP_FADE_SECONDS = 0.005;
/** A stop fades sounding audio clips out over this long (nothing waits on it, so it may be smoother than the edges). */
const CLIP_STOP_SECONDS = 0.01;

/**
 * Where the transport left the audio clips (a stop, a seek or a loop wrap while playing): they go
 * on from `from` for `length` samples, fading to 0 (raised cosine), beside whatever plays now.
 */
interface ClipTail {
  readonly from: number;
  readonly length: number;
  /** The landing in effect before the jump (the old position may itself still be fading in). */
  readonly landing: number;
  /** Samples of the tail done; the block offset its next sample lands on (0 after its first block). */
  done: number;
  at: number;
}

/** An audio clip in song samples, its sample at the engine rate. */
interface ClipState {
  readonly start: number;
  readonly end: number;
  /** The first frame it plays (the offset), and how many it plays before it ends or loops. */
  readonly first: number;
  readonly region: number;
  readonly loop: boolean;
  readonly gain: number;
  readonly data: Float32Array;
  /** A stereo sample's right (`data` its left); null: mono, both sides alike. */
  readonly right: Float32Array | null;
}

function clipState(c: PlanAudioClip, spb: number, sampleRate: number): ClipState {
  const data = atRate(c.data, c.sampleRate, sampleRate);
  const right = c.right === null ? null : atRate(c.right, c.sampleRate, sampleRate);
  const start = Math.round(c.start * spb);
  const first = Math.min(data.length, Math.round(c.offset * sampleRate));
  return { start, end: Math.round((c.start + c.length) * spb), first, region: data.length - first, loop: c.loop, gain: c.gain, data, right };
}

/** The clip's fade gain from its nearest edge `d` samples away (1 from `fade` on). */
const fadeGain = (d: number, fade: number): number => (d >= fade ? 1 : 0.5 - 0.5 * Math.cos((Math.PI * d) / fade));

class TrackState {
  readonly l = new Float32Array(BLOCK);
  readonly r = new Float32Array(BLOCK);
  /** Sum of what flows in (children, sends) for this block. */
  readonly inL = new Float32Array(BLOCK);
  readonly inR = new Float32Array(BLOCK);
  /** Something flowed in this block; false: inL and inR hold silence (most tracks have no input: they are not cleared or read). */
  fed = false;
  readonly chain: Stage[];
  /** Note on/off song samples, sorted by on. */
  readonly onAt: Float64Array;
  readonly offAt: Float64Array;
  cursor = 0;
  /** Sounding notes: [offSample, pitch] pairs. */
  pending: { off: number; pitch: number }[] = [];
  audible = true;
  /** l and r hold silence (the track slept). */
  zero = true;
  peak = 0;
  sumSq = 0;
  count = 0;
  readonly events: NoteEvent[] = [];
  /** Notes played live (a MIDI keyboard), for the next block's start: not song notes, the transport does not touch them. */
  readonly live: NoteEvent[] = [];
  /** Audio clips, by start; what they play this block (left, right), and whether they play at all. */
  readonly clips: readonly ClipState[];
  readonly clipBlock = new Float32Array(BLOCK);
  readonly clipBlockR = new Float32Array(BLOCK);
  clipActive = false;
  /** Mute and solo (1 heard, 0 not), the fader and pan per side, and each send: all smoothed. */
  readonly audibility: SmoothedGain;
  readonly gainL: SmoothedGain;
  readonly gainR: SmoothedGain;
  readonly sendGains: SmoothedGain[];

  constructor(
    readonly plan: PlanTrack,
    chain: Stage[],
    spb: number,
    sampleRate: number,
  ) {
    this.chain = chain;
    this.audibility = new SmoothedGain(sampleRate);
    this.gainL = new SmoothedGain(sampleRate);
    this.gainR = new SmoothedGain(sampleRate);
    this.sendGains = plan.sends.map(() => new SmoothedGain(sampleRate));
    this.onAt = Float64Array.from(plan.notes, (n) => Math.round(n.on * spb));
    this.offAt = Float64Array.from(plan.notes, (n) => Math.max(Math.round(n.on * spb) + 1, Math.round(n.off * spb)));
    this.clips = plan.audioClips.map((c) => clipState(c, spb, sampleRate)).filter((c) => c.end > c.start && c.region > 0);
  }

  /**
   * Adds the audio clips' song samples [s0, s1) at block offsets from `at`. A clip's sound at a
   * song sample depends on that sample alone (no state). `landing` is the song sample the
   * transport last jumped to (play, seek, loop wrap): a clip sounding there fades in from it as
   * from its own start. A tail of a jump passes `until`: it fades out to there over `untilFade`.
   */
  playClips(s0: number, s1: number, at: number, fade: number, landing: number, until = Number.POSITIVE_INFINITY, untilFade = fade): void {
    for (const c of this.clips) {
      if (c.start >= s1) break;
      const lo = Math.max(s0, c.start);
      const hi = Math.min(s1, c.end);
      if (lo >= hi) continue;
      const { data, right, first, region, loop, gain } = c;
      const out = this.clipBlock;
      const outR = this.clipBlockR;
      for (let s = lo; s < hi; s++) {
        const rel = s - c.start;
        const p = loop ? rel % region : rel;
        if (p >= region) break;
        // Samples to the nearest edge, counting the edge sample as 1 (the clip's first sample sounds): its start or end, the sample's end, a loop's seam.
        const d = Math.min(rel + 1, c.end - s, region - p, loop ? p + 1 : region, s - landing + 1);
        const f = until === Number.POSITIVE_INFINITY ? fadeGain(d, fade) : fadeGain(d, fade) * fadeGain(until - s, untilFade);
        const x = data[first + p] * gain * f;
        out[at + (s - s0)] += x;
        outR[at + (s - s0)] += right === null ? x : right[first + p] * gain * f;
      }
      this.clipActive = true;
    }
  }

  /** First note starting at or after song sample s. */
  seek(s: number): void {
    let lo = 0;
    let hi = this.onAt.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.onAt[mid] < s) lo = mid + 1;
      else hi = mid;
    }
    this.cursor = lo;
  }
}

/**
 * The audio engine: renders a RenderPlan block by block (128 samples, stereo float). It holds no
 * clock of its own: the transport position is the count of samples it has rendered while
 * playing, so whatever paces it (an offline loop, a worker, an AudioWorklet's process()) is the
 * clock, and light, sound and the playhead read one position.
 *
 * Plain TypeScript over typed arrays, no Node APIs: the same module runs in Node, a worker
 * thread or an AudioWorkletGlobalScope. See docs/architecture.md (The audio engine).
 */
export class AudioEngine {
  readonly sampleRate: number;
  private plan!: RenderPlan;
  private tracks: TrackState[] = [];
  private master!: TrackState;
  private order: number[] = [];
  private spb = 1;
  private songSample = 0;
  private rendered = 0;
  private playing = false;
  private skipped: PlanSkip[] = [];
  /** The arranger loop's start and end samples, or null when it is off. */
  private loop: readonly [number, number] | null = null;
  /** Any track has audio clips. */
  private hasClips = false;
  /** The song sample the transport last jumped to (play, seek, loop wrap): audio clips fade in from it. */
  private landing = 0;
  /** Audio clips fading out where a stop, seek or loop wrap left them. */
  private clipTails: ClipTail[] = [];

  /** Whether the tracks' peak and RMS are kept (takeMeters); false: a render that measures its own output skips them. */
  private readonly metered: boolean;

  constructor(plan: RenderPlan, sampleRate = 48000, options: { readonly meters?: boolean } = {}) {
    this.sampleRate = sampleRate;
    this.metered = options.meters ?? true;
    this.load(plan);
  }

  /** Replaces the project (structure or tempo changed): voices restart, the position is kept. */
  load(plan: RenderPlan): void {
    const beat = this.tracks.length > 0 ? this.position : 0;
    this.plan = plan;
    this.spb = (this.sampleRate * 60) / plan.tempo;
    const loop = plan.loop;
    const ls = Math.round(loop.start * this.spb);
    const le = Math.round((loop.start + loop.duration) * this.spb);
    // A loop shorter than one sample is off (it could never advance).
    this.loop = loop.enabled && le > ls ? [ls, le] : null;
    this.skipped = [...plan.notRendered];
    this.tracks = plan.tracks.map((t) => {
      const ctx = {
        sampleRate: this.sampleRate,
        secondsPerBeat: 60 / plan.tempo,
        skip: (d: PlanDevice, reason: string): void => {
          this.skipped.push({ track: t.name, device: d.path, reason });
        },
      };
      return new TrackState(t, buildChain(t.devices, ctx), this.spb, this.sampleRate);
    });
    this.master = this.tracks[this.tracks.length - 1];
    this.hasClips = this.tracks.some((t) => t.clips.length > 0);
    this.order = this.processingOrder();
    this.updateAudibility();
    this.seek(beat);
  }

  /** Devices and features not rendered, with reasons (from the plan and from the engine). */
  get notRendered(): readonly PlanSkip[] {
    return this.skipped;
  }

  /** Children before their group, groups and main tracks before effect tracks, the master last. */
  private processingOrder(): number[] {
    const out: number[] = [];
    const children = new Map<number, number[]>();
    this.plan.tracks.forEach((t, i) => {
      if (t.output >= 0) children.set(t.output, [...(children.get(t.output) ?? []), i]);
    });
    const effects: number[] = [];
    const visit = (i: number): void => {
      for (const c of children.get(i) ?? []) if (this.plan.tracks[c].type !== 'effect') visit(c);
      if (this.plan.tracks[i].type === 'effect') return;
      out.push(i);
    };
    const masterIndex = this.plan.tracks.length - 1;
    for (const c of children.get(masterIndex) ?? []) {
      if (this.plan.tracks[c].type === 'effect') effects.push(c);
      else visit(c);
    }
    return [...out, ...effects, masterIndex];
  }

  /** Mute and solo: with any track soloed, a main track sounds only if it, a group above it or a track below it is soloed. */
  updateAudibility(): void {
    const plan = this.plan.tracks;
    const soloed = plan.map((t) => t.solo && t.type !== 'master' && t.type !== 'effect');
    const anySolo = soloed.some(Boolean);
    const related = plan.map(() => false);
    plan.forEach((_, i) => {
      if (!soloed[i]) return;
      related[i] = true;
      for (let p = plan[i].output; p >= 0; p = plan[p].output) related[p] = true;
    });
    plan.forEach((t, i) => {
      let up = false;
      for (let p = t.output; p >= 0; p = plan[p].output) if (soloed[p]) up = true;
      const main = t.type !== 'effect' && t.type !== 'master';
      this.tracks[i].audible = !t.mute && (!anySolo || !main || related[i] || up);
    });
  }

  get position(): number {
    return this.songSample / this.spb;
  }

  /** Samples rendered since construction (playing or not). */
  get renderedSamples(): number {
    return this.rendered;
  }

  get isPlaying(): boolean {
    return this.playing;
  }

  play(): void {
    // Starting is a jump from silence: a clip sounding here fades in (a stop's tail fades out beside it).
    if (!this.playing) this.landing = this.songSample;
    this.playing = true;
  }

  /** Audio clips go on from song sample `from`, fading out over `length` samples (from block offset `at`). */
  private leaveClips(from: number, length: number, at: number): void {
    if (this.hasClips) this.clipTails.push({ from, length, landing: this.landing, done: 0, at });
  }

  /** Stops the transport: sounding notes get their note-off at the next block. */
  stop(): void {
    // Audio clips have no release: they fade out over CLIP_STOP_SECONDS from where the transport stopped.
    if (this.playing) this.leaveClips(this.songSample, Math.round(CLIP_STOP_SECONDS * this.sampleRate), 0);
    this.playing = false;
    for (const t of this.tracks) for (const p of t.pending) p.off = -Infinity;
  }

  /** Moves the playhead to a beat; notes sounding are cut, the next block starts exactly there. */
  seek(beat: number): void {
    const to = Math.round(Math.max(0, beat) * this.spb);
    // Playing, a jump crossfades the audio clips over their edge fade: the old position fades out, the new one in.
    if (this.playing && to !== this.songSample) {
      this.leaveClips(this.songSample, Math.round(CLIP_FADE_SECONDS * this.sampleRate), 0);
      this.landing = to;
    }
    this.songSample = to;
    for (const t of this.tracks) {
      t.pending = [];
      t.seek(this.songSample);
      for (const s of t.chain) {
        if (s.kind === 'instrument') {
          s.inst.reset();
          for (const fx of s.noteFx) fx.reset();
        } else if (s.kind === 'notes') s.fx.reset();
      }
    }
  }

  /**
   * A note played live on the track at flat index `track` (a MIDI keyboard): it starts (or ends)
   * at the next block's first sample, playing or stopped, beside the song's notes. A stop does
   * not end it; a seek or a new plan cuts it, as they cut the song's notes. False: no such track.
   */
  liveNote(track: number, on: boolean, pitch: number, velocity: number): boolean {
    const t = this.tracks[track];
    if (t === undefined) return false;
    t.live.push({ offset: 0, on, pitch, velocity: on ? velocity : 0 });
    return true;
  }

  /**
   * Moves the track's live notes into this block, in arrival order, up to a note-off of a pitch
   * that a note-on of this block started: the block sorts offs first, so that off waits for the
   * next block (a tap shorter than a block still sounds for one).
   */
  private takeLive(t: TrackState): void {
    const started: number[] = [];
    let k = 0;
    for (; k < t.live.length; k++) {
      const e = t.live[k];
      if (!e.on && started.includes(e.pitch)) break;
      if (e.on) started.push(e.pitch);
      t.events.push(e);
    }
    t.live.splice(0, k);
  }

  /** Fills each track's event list for song samples [s0, s1) landing at block offsets from `at`. */
  private schedule(s0: number, s1: number, at: number): void {
    for (const t of this.tracks) {
      const ev = t.events;
      // Note-offs first, so a note repeated on the same sample restarts cleanly.
      const pending = t.pending;
      let kept = 0;
      for (let k = 0; k < pending.length; k++) {
        const p = pending[k];
        if (p.off < s1) ev.push({ offset: at + Math.max(0, p.off - s0), on: false, pitch: p.pitch, velocity: 0 });
        else pending[kept++] = p;
      }
      // Setting an array's length is a call into the runtime: only when it changes.
      if (kept !== pending.length) pending.length = kept;
      const notes = t.plan.notes;
      while (t.cursor < notes.length && t.onAt[t.cursor] < s1) {
        const k = t.cursor++;
        if (t.onAt[k] < s0) continue;
        const n = notes[k];
        ev.push({ offset: at + (t.onAt[k] - s0), on: true, pitch: n.pitch, velocity: n.velocity / 127 });
        if (t.offAt[k] < s1) ev.push({ offset: at + (t.offAt[k] - s0), on: false, pitch: n.pitch, velocity: 0 });
        else t.pending.push({ off: t.offAt[k], pitch: n.pitch });
      }
    }
  }

  /** Renders one block into outL/outR (length ≥ 128); returns the master's block. */
  render(outL: Float32Array, outR: Float32Array): void {
    for (const t of this.tracks) {
      if (t.events.length > 0) t.events.length = 0;
      if (t.clipActive) {
        t.clipBlock.fill(0);
        t.clipBlockR.fill(0);
        t.clipActive = false;
      }
    }
    if (this.playing) {
      const fade = CLIP_FADE_SECONDS * this.sampleRate;
      let at = 0;
      while (at < BLOCK) {
        const loop = this.loop;
        let end = this.songSample + (BLOCK - at);
        if (loop !== null && this.songSample < loop[1] && end > loop[1]) end = loop[1];
        this.schedule(this.songSample, end, at);
        for (const t of this.tracks) if (t.clips.length > 0) t.playClips(this.songSample, end, at, fade, this.landing);
        at += end - this.songSample;
        this.songSample = end;
        if (loop !== null && this.songSample === loop[1]) {
          // The loop wraps here: sounding notes end on the wrap sample.
          for (const t of this.tracks) {
            for (const p of t.pending) t.events.push({ offset: at, on: false, pitch: p.pitch, velocity: 0 });
            t.pending = [];
          }
          // The audio clips crossfade: the loop end's fades out over the edge fade while the loop start's fades in.
          this.leaveClips(loop[1], Math.round(fade), at);
          this.songSample = loop[0];
          this.landing = loop[0];
          for (const t of this.tracks) t.seek(loop[0]);
        }
      }
    } else {
      // Stopped: release whatever still sounds.
      for (const t of this.tracks) {
        for (const p of t.pending) t.events.push({ offset: 0, on: false, pitch: p.pitch, velocity: 0 });
        t.pending = [];
      }
    }
    if (this.clipTails.length > 0) this.playTails();
    for (const t of this.tracks) {
      if (t.live.length > 0) this.takeLive(t);
      if (t.events.length > 1) t.events.sort(byOffset);
      if (t.fed) {
        t.inL.fill(0);
        t.inR.fill(0);
        t.fed = false;
      }
    }
    for (const i of this.order) this.processTrack(i);
    outL.set(this.master.l);
    outR.set(this.master.r);
    this.rendered += BLOCK;
  }

  /** One block of each audio clip tail (raised cosine to 0 at its end); finished tails are dropped. */
  private playTails(): void {
    const fade = CLIP_FADE_SECONDS * this.sampleRate;
    let kept = 0;
    for (const tail of this.clipTails) {
      const n = Math.min(BLOCK - tail.at, tail.length - tail.done);
      const s0 = tail.from + tail.done;
      for (const t of this.tracks) if (t.clips.length > 0) t.playClips(s0, s0 + n, tail.at, fade, tail.landing, tail.from + tail.length, tail.length);
      tail.done += n;
      tail.at = 0;
      if (tail.done < tail.length) this.clipTails[kept++] = tail;
    }
    this.clipTails.length = kept;
  }

  private processTrack(index: number): void {
    const t = this.tracks[index];
    const plan = t.plan;
    const { l, r } = t;
    // The chain first: a sounding instrument answers at once, where its silent input would be read through.
    if (t.events.length === 0 && !t.clipActive && chainAsleep(t.chain, this.sampleRate) && (!t.fed || isSilent(t.inL, t.inR))) {
      // Asleep: the output is silence and nothing downstream needs adding.
      if (!t.zero) {
        l.fill(0);
        r.fill(0);
        t.zero = true;
      }
      t.count += 2 * BLOCK;
      return;
    }
    if (t.fed) {
      l.set(t.inL);
      r.set(t.inR);
    } else if (!t.zero) {
      l.fill(0);
      r.fill(0);
    }
    t.zero = false;
    // Nothing flowed in and nothing played yet: the first instrument renders straight into l and r
    // (adding its block to silence is its block, bit for bit), not into its own buffers and a sum.
    let clean = !t.fed && !t.clipActive;
    if (t.clipActive)
      for (let i = 0; i < BLOCK; i++) {
        l[i] += t.clipBlock[i];
        r[i] += t.clipBlockR[i];
      }
    let events: readonly NoteEvent[] = t.events;
    for (const s of t.chain) {
      if (s.kind === 'notes') events = s.fx.process(events, BLOCK);
      else if (s.kind === 'audio') {
        runGated(s, l, r, BLOCK, this.sampleRate);
        clean = false;
      } else {
        let ev = events;
        for (const fx of s.noteFx) ev = fx.process(ev, BLOCK);
        const direct = clean;
        clean = false;
        const bl = direct ? l : s.l;
        // A centred instrument rendering into silence renders the left side alone, copied to the right after.
        const mono = direct && s.inst.centred === true;
        const br = mono ? l : direct ? r : s.r;
        if (!direct) {
          bl.fill(0);
          br.fill(0);
        }
        s.inst.update();
        let from = 0;
        for (const e of ev) {
          if (e.offset > from) {
            s.inst.render(bl, br, from, e.offset);
            from = e.offset;
          }
          if (e.on) s.inst.noteOn(e.pitch, e.velocity);
          else s.inst.noteOff(e.pitch);
        }
        s.inst.render(bl, br, from, BLOCK);
        if (mono) r.set(l);
        for (const g of s.post) runGated(g, bl, br, BLOCK, this.sampleRate);
        if (!direct)
          for (let i = 0; i < BLOCK; i++) {
            l[i] += bl[i];
            r[i] += br[i];
          }
        // An instrument plays the notes; only with Note Thru on do later devices get them too.
        if (!s.noteThru) events = NO_EVENTS;
      }
    }
    // Mute and solo, then the fader and balance pan (gain law from the plan), each moving over
    // 10 ms when it changes (SmoothedGain); pre-fader sends tap between the two.
    if (t.audibility.block(t.audible ? 1 : 0)) multiply(l, r, t.audibility.ramp, t.audibility.ramp);
    else if (t.audibility.current === 0) {
      l.fill(0);
      r.fill(0);
    }
    // Plain loops, not forEach: a closure a track a block was garbage for the collector.
    const sends = plan.sends;
    for (let k = 0; k < sends.length; k++) if (sends[k].preFader) this.send(t, k, l, r);
    let gl = plan.gain * (plan.pan > 0 ? 1 - plan.pan : 1);
    let gr = plan.gain * (plan.pan < 0 ? 1 + plan.pan : 1);
    const movingL = t.gainL.block(gl);
    const movingR = t.gainR.block(gr);
    if (movingL || movingR) {
      multiply(l, r, movingL ? t.gainL.ramp : constant(gl), movingR ? t.gainR.ramp : constant(gr));
      gl = 1;
      gr = 1;
    }
    const out = plan.output >= 0 ? this.tracks[plan.output] : null;
    if (out !== null) out.fed = true;
    // The usual track: one post-fader send, added in the fader's pass instead of a pass of its own.
    if (!this.metered && out !== null && sends.length === 1 && !sends[0].preFader) {
      this.faderAndSend(t, gl, gr, out);
      return;
    }
    if (this.metered) this.faderAndMeter(t, gl, gr, out);
    else fader(l, r, gl, gr, out);
    for (let k = 0; k < sends.length; k++) if (!sends[k].preFader) this.send(t, k, l, r);
  }

  /** `fader` with the track's meter read in the same pass. */
  private faderAndMeter(t: TrackState, gl: number, gr: number, out: TrackState | null): void {
    const { l, r } = t;
    let peak = t.peak;
    let sq = 0;
    if (out !== null) {
      const oL = out.inL;
      const oR = out.inR;
      for (let i = 0; i < BLOCK; i++) {
        const a = (l[i] *= gl);
        const b = (r[i] *= gr);
        const m = Math.max(Math.abs(a), Math.abs(b));
        if (m > peak) peak = m;
        sq += a * a + b * b;
        oL[i] += a;
        oR[i] += b;
      }
    } else {
      for (let i = 0; i < BLOCK; i++) {
        const a = (l[i] *= gl);
        const b = (r[i] *= gr);
        const m = Math.max(Math.abs(a), Math.abs(b));
        if (m > peak) peak = m;
        sq += a * a + b * b;
      }
    }
    t.peak = peak;
    t.sumSq += sq;
    t.count += 2 * BLOCK;
  }

  /**
   * `fader` into `out`, then track `t`'s one post-fader send, as `send` adds it: at a steady level
   * in the fader's loop (the send reads the sample the fader stored), moving in a pass of its own.
   */
  private faderAndSend(t: TrackState, gl: number, gr: number, out: TrackState): void {
    const { l, r } = t;
    const send = t.plan.sends[0];
    const d = this.tracks[send.target];
    if (d === undefined || t.sendGains[0].block(send.gain)) {
      fader(l, r, gl, gr, out);
      if (d !== undefined) this.addSend(d, l, r, t.sendGains[0].ramp);
      return;
    }
    d.fed = true;
    const g = send.gain;
    const oL = out.inL;
    const oR = out.inR;
    const dl = d.inL;
    const dr = d.inR;
    if (gl === 1 && gr === 1)
      for (let i = 0; i < BLOCK; i++) {
        oL[i] += l[i];
        oR[i] += r[i];
        dl[i] += l[i] * g;
        dr[i] += r[i] * g;
      }
    else
      for (let i = 0; i < BLOCK; i++) {
        oL[i] += l[i] *= gl;
        oR[i] += r[i] *= gr;
        dl[i] += l[i] * g;
        dr[i] += r[i] * g;
      }
  }

  /** Adds l and r into track d's input times a send's moving level. */
  private addSend(d: TrackState, l: Float32Array, r: Float32Array, ramp: Float32Array): void {
    d.fed = true;
    const dl = d.inL;
    const dr = d.inR;
    for (let i = 0; i < BLOCK; i++) {
      dl[i] += l[i] * ramp[i];
      dr[i] += r[i] * ramp[i];
    }
  }

  /** Adds send `k` of track `t` into its target at the send's (smoothed) level. */
  private send(t: TrackState, k: number, l: Float32Array, r: Float32Array): void {
    const send = t.plan.sends[k];
    const d = this.tracks[send.target];
    if (d === undefined) return;
    const level = t.sendGains[k];
    if (level.block(send.gain)) {
      this.addSend(d, l, r, level.ramp);
      return;
    }
    d.fed = true;
    const dl = d.inL;
    const dr = d.inR;
    const g = send.gain;
    for (let i = 0; i < BLOCK; i++) {
      dl[i] += l[i] * g;
      dr[i] += r[i] * g;
    }
  }

  /**
   * The last rendered block of the track at flat index `index` (the plan's order; the master last),
   * post-fader and after mute and solo, as its meter reads it: what the light hears of one track.
   * The arrays are the engine's own, overwritten by the next `render`.
   */
  trackOutput(index: number): { readonly l: Float32Array; readonly r: Float32Array } {
    return this.tracks[index] ?? this.master;
  }

  /** Writes the mono mix `(l + r) / 2` of `trackOutput(index)`'s last block into `out` at `offset` (the light hears mono). */
  tapMono(index: number, out: Float32Array, offset: number): void {
    const { l, r } = this.trackOutput(index);
    for (let i = 0; i < BLOCK; i++) out[offset + i] = (l[i] + r[i]) / 2;
  }

  /** Peak and RMS per track and of the master since the last call, then starts a new window. */
  takeMeters(): Meters {
    if (!this.metered) throw new Error('this engine keeps no meters (made with meters: false)');
    const tracks = this.tracks.map((t) => {
      const m = { peak: t.peak, rms: t.count > 0 ? Math.sqrt(t.sumSq / t.count) : 0 };
      t.peak = 0;
      t.sumSq = 0;
      t.count = 0;
      return m;
    });
    return { beat: this.position, sample: this.rendered, tracks, master: tracks[tracks.length - 1] };
  }
}
