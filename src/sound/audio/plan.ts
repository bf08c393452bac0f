import { deviceSpec, modulatorSpec, moduleSpec, type ModulatorSpec } from '../model/catalog.js';
import { dbGain, faderGain } from '../model/mix.js';
import type { ClipJson, DeviceJson, GraphJson, GridNodeJson, ProjectJson, TrackJson } from '../model/components.js';
import { toDisplayNumber } from '../model/units.js';
import { deviceDef } from './dsp/device-table.js';
import type { NativeParamSpec } from './dsp/params.js';
import type { ZoneJson } from '../model/sample-zones.js';
import type { SampleSource } from '../samples/store.js';
import type { PlanAudioClip, PlanDevice, PlanGrid, PlanNote, PlanParams, PlanSkip, PlanTrack, PlanZone, RenderPlan } from './dsp/plan.js';

/** Voices of an instrument whose document carries no VOICES parameter. */
const DEFAULT_POLYPHONY = 8;
/** A plan holds at most this many notes (loops unrolled), so a huge import cannot exhaust memory. */
const MAX_PLAN_NOTES = 2_000_000;

/**
 * Native value → the physical number the DSP uses: exponential scales give Hz or ms, every
 * other scale keeps the native number (linear gain for level scales, dB, semitones, 0–1 for %,
 * enum indices).
 */
function physical(spec: NativeParamSpec, native: number | boolean): number {
  const v = typeof native === 'boolean' ? (native ? 1 : 0) : native;
  return spec.scale?.kind === 'exp' ? toDisplayNumber(spec.scale, v) : v;
}

function params(specs: readonly NativeParamSpec[], values: Readonly<Record<string, number | boolean>>): PlanParams {
  const out: PlanParams = {};
  for (const s of specs) out[s.id] = physical(s, values[s.id] ?? s.default);
  return out;
}

class PlanBuilder {
  readonly skipped: PlanSkip[] = [];
  notes = 0;

  constructor(
    readonly json: ProjectJson,
    readonly samples: SampleSource | undefined,
  ) {}

  /** Why a sample is not in `samples`, for notRendered. */
  private missing(path: string): string {
    return this.samples === undefined ? 'no sample folder is granted' : (this.samples.problem(path) ?? 'it was not loaded from the sample folder');
  }

  /** An audio track's clips with their loaded samples; a missing one is reported, and its clip stays silent. */
  audioClips(t: TrackJson): PlanAudioClip[] {
    if (t.type !== 'audio') return [];
    return t.clips.flatMap((c) => {
      if (c.audio === undefined || c.length <= 0) return [];
      const s = this.samples?.sample(c.audio.sample);
      if (s === undefined) {
        const reason = `sample ${JSON.stringify(c.audio.sample)} is missing (${this.missing(c.audio.sample)}): audio clip "${c.name}" is silent`;
        this.skipped.push({ track: t.name, device: '(track)', reason });
        return [];
      }
      const gain = Math.pow(10, (c.audio.gain_db ?? 0) / 20);
      const offset = c.audio.offset_seconds ?? 0;
      return [{ sample: s.path, start: c.start, length: c.length, gain, offset, loop: c.loop_enabled, sampleRate: s.sampleRate, data: s.data, right: s.right }];
    });
  }

  /** A Sampler's zones with their loaded samples; a missing one is reported, and its zone stays silent. */
  zones(d: DeviceJson, path: string, track: string): PlanZone[] {
    return (d.zones ?? []).flatMap((z) => {
      const sf = z.bank === undefined ? undefined : this.samples?.soundFont(z.sample);
      if (sf !== undefined) {
        const soundFont = { file: sf.path, bytes: sf.bytes, bank: z.bank ?? 0, program: z.program ?? 0 };
        return [{ ...this.zoneRanges(z), loopStart: 0, loopEnd: 0, loopCrossfade: 0, sampleRate: 0, data: new Float32Array(0), right: null, soundFont }];
      }
      const s = z.bank === undefined ? this.samples?.sample(z.sample) : undefined;
      if (s === undefined) {
        const why = this.missing(z.sample);
        this.skipped.push({ track, device: path, reason: `sample ${JSON.stringify(z.sample)} is missing (${why}): its zone is silent` });
        return [];
      }
      return [
        {
          ...this.zoneRanges(z),
          loopStart: z.loop_start ?? 0,
          loopEnd: z.loop_end ?? 0,
          loopCrossfade: z.loop_crossfade ?? 0,
          sampleRate: s.sampleRate,
          data: s.data,
          right: s.right,
        },
      ];
    });
  }

  /** What every zone has: its sample path, ranges, root key, gain and tune. */
  private zoneRanges(z: ZoneJson) {
    return {
      sample: z.sample,
      keyLow: z.key_low,
      keyHigh: z.key_high,
      velocityLow: z.velocity_low,
      velocityHigh: z.velocity_high,
      rootKey: z.root_key,
      gain: Math.pow(10, (z.gain_db ?? 0) / 20),
      tune: (z.tune_semitones ?? 0) + (z.tune_cents ?? 0) / 100,
    };
  }

  device(d: DeviceJson, path: string, track: string): PlanDevice {
    const spec = deviceSpec(d.uuid);
    if (spec === undefined) {
      this.skipped.push({ track, device: path, reason: `unknown device UUID ${d.uuid}` });
      return { path, type: `unknown ${d.uuid}`, kind: 'audio_effect', enabled: false, p: {}, slots: {}, grid: null, polyphony: 1 };
    }
    const slots: Record<string, PlanDevice[]> = {};
    for (const s of spec.slots) slots[s.name] = (d.slots?.[s.name] ?? []).map((c, i) => this.device(c, `${path} › ${s.name} ${i}`, track));
    const def = deviceDef(spec.name);
    for (const [id, why] of Object.entries(def?.unrendered ?? {})) {
      const ps = spec.params.find((x) => x.id === id);
      const v = d.params[id];
      if (ps !== undefined && v !== undefined && Number(v) !== ps.default) this.skipped.push({ track, device: path, reason: why });
    }
    const p = params(spec.params, d.params);
    def?.derive?.(p);
    return {
      path,
      type: spec.name,
      kind: spec.kind,
      enabled: d.enabled,
      p,
      slots,
      grid: spec.grid !== null && d.grid !== undefined ? this.grid(d.grid, path, track) : null,
      polyphony: p.VOICES !== undefined && p.VOICES >= 1 ? Math.round(p.VOICES) : DEFAULT_POLYPHONY,
      ...(d.zones !== undefined && d.zones.length > 0 ? { zones: this.zones(d, path, track) } : {}),
    };
  }

  grid(g: GraphJson, path: string, track: string): PlanGrid {
    const nodes: PlanGrid['nodes'][number][] = [];
    const modules = g.modules.map((m) => moduleSpec(m.uuid));
    const modulators = g.modulators.map((m) => modulatorSpec(m.uuid));
    // Modules first, then modulators (a cord from a modulator counts past the modules); a modulator has no inputs.
    const add = (kind: 'module' | 'modulator', m: GridNodeJson, s: ModulatorSpec | undefined, inputs: number): void => {
      if (s === undefined) this.skipped.push({ track, device: path, reason: `unknown Grid ${kind} ${m.uuid}` });
      nodes.push({
        type: s?.name ?? 'unknown',
        modulator: kind === 'modulator',
        p: s === undefined ? {} : params(s.params, m.params),
        inputs,
        outputs: s?.outputs.length ?? 0,
      });
    };
    g.modules.forEach((m, i) => add('module', m, modules[i], modules[i]?.inputs.length ?? 0));
    g.modulators.forEach((m, i) => add('modulator', m, modulators[i], 0));
    const cords = g.connections.map((c) => {
      const fromModule = c.source_kind === 'module';
      const source = fromModule ? c.source : g.modules.length + c.source;
      const outPort = fromModule ? modules[c.source]?.outputs[c.source_port] : modulators[c.source]?.outputs[c.source_port];
      const inPort = modules[c.target]?.inputs[c.target_port];
      return {
        source,
        sourcePort: c.source_port,
        target: c.target,
        targetPort: c.target_port,
        amount: c.amount ?? 1,
        sourcePitch: outPort?.type === 'pitch',
        targetPitch: inPort?.type === 'pitch',
      };
    });
    return { nodes, cords };
  }

  /** A clip's notes in song beats: a looped clip plays to its loop end, then repeats the loop until the clip ends. */
  clipNotes(c: ClipJson, out: PlanNote[]): void {
    const end = c.start + c.length;
    const push = (offset: number, pitch: number, start: number, duration: number, velocity: number, cut: number): void => {
      const on = c.start + offset + start;
      if (on >= end || on >= cut || duration <= 0) return;
      if (++this.notes > MAX_PLAN_NOTES) throw new Error(`the arrangement unrolls to more than ${MAX_PLAN_NOTES} notes`);
      out.push({ on, off: Math.min(on + duration, end, cut), pitch, velocity });
    };
    const looped = c.loop_enabled && c.loop_length > 0;
    const loopEnd = c.loop_start + c.loop_length;
    for (const [pitch, start, duration, velocity] of c.notes) {
      if (!looped) push(0, pitch, start, duration, velocity, Infinity);
      else if (start < loopEnd) push(0, pitch, start, duration, velocity, c.start + loopEnd);
    }
    if (!looped) return;
    for (let k = 0; c.start + loopEnd + k * c.loop_length < end; k++) {
      const offset = loopEnd - c.loop_start + k * c.loop_length;
      const cut = c.start + loopEnd + (k + 1) * c.loop_length;
      for (const [pitch, start, duration, velocity] of c.notes)
        if (start >= c.loop_start && start < loopEnd) push(offset, pitch, start, duration, velocity, cut);
    }
  }
}

/**
 * Builds the render plan of a project document (a project file's `project`, or saveProject of the
 * live model). Sampler zones and audio clips take their samples from `samples` (loaded
 * beforehand); without it, or where one is missing, the zone or clip is silent and the plan says
 * so in notRendered.
 */
export function buildPlan(json: ProjectJson, samples?: SampleSource): RenderPlan {
  const b = new PlanBuilder(json, samples);
  const flat: { json: TrackJson; parent: number | null }[] = [];
  const walk = (list: readonly TrackJson[], parent: number | null): void => {
    for (const t of list) {
      const i = flat.length;
      flat.push({ json: t, parent });
      if (t.children !== undefined) walk(t.children, i);
    }
  };
  walk(json.tracks, null);
  const fxBase = flat.length;
  for (const t of json.fx) flat.push({ json: t, parent: null });
  flat.push({ json: json.master, parent: null });
  const masterIndex = flat.length - 1;
  let lengthBeats = 0;
  const tracks: PlanTrack[] = flat.map(({ json: t, parent }, index) => {
    const notes: PlanNote[] = [];
    for (const c of t.clips) b.clipNotes(c, notes);
    notes.sort((x, y) => x.on - y.on || x.pitch - y.pitch);
    for (const n of notes) lengthBeats = Math.max(lengthBeats, n.off);
    const audioClips = b.audioClips(t).sort((x, y) => x.start - y.start);
    for (const c of audioClips) lengthBeats = Math.max(lengthBeats, c.start + c.length);
    if (t.type === 'audio' && !t.clips.some((c) => c.audio !== undefined))
      b.skipped.push({
        track: t.name,
        device: '(track)',
        reason: 'this audio track has no audio clips (and Footlight records no live input), so it passes silence through its chain',
      });
    const sends = (t.sends ?? []).flatMap((s) =>
      s.fx_index !== undefined && s.fx_index >= 0 && s.fx_index < json.fx.length
        ? [{ target: fxBase + s.fx_index, gain: dbGain(s.level_db), preFader: s.pre_fader }]
        : [],
    );
    return {
      index,
      name: t.name,
      type: t.type,
      output: index === masterIndex ? -1 : (parent ?? masterIndex),
      mute: t.muted,
      solo: t.solo,
      gain: faderGain(t.volume),
      pan: t.pan,
      devices: t.devices.map((d, i) => b.device(d, `${t.name} › ${i} ${d.name}`, t.name)),
      notes,
      audioClips,
      sends,
    };
  });
  if (json.metronome) b.skipped.push({ track: 'Master', device: '(transport)', reason: 'the metronome is not rendered' });
  return {
    tempo: json.tempo,
    meter: { numerator: json.meter.numerator, denominator: json.meter.denominator },
    loop: { enabled: json.arranger_loop.enabled, start: json.arranger_loop.start, duration: json.arranger_loop.duration },
    tracks,
    lengthBeats,
    notRendered: b.skipped,
  };
}

/**
 * The flat index of the track the light hears (AudioEngine.trackOutput): the first track named
 * `track` in bank order, else (no name, or no track of that name) the master.
 */
export function lightTapIndex(plan: RenderPlan, track: string | undefined): number {
  const i = track === undefined ? -1 : plan.tracks.findIndex((t) => t.name === track);
  return i >= 0 ? i : plan.tracks.length - 1;
}
