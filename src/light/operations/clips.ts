// Clips: the light timeline. Add, remove and copy clips, change their length and loop, edit lane
// events, record takes and launch from a tool call: each one undo step. Stopping is a performance
// action (LX does not undo it either) and is not recorded in the history. Undoing what made a clip
// drive its parameters (its creation, its lanes, its launch) puts them back (docs/clips.md, "Undo").

import { isDeepStrictEqual } from 'node:util';
import { CompoundCommand, type Command } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import { SetParameter } from '../../engine/commands/set-parameter.js';
import { internal, invalidArgument, notFound } from '../../engine/errors.js';
import { NumericParameter } from '../../engine/parameters/numeric.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { type Clip, type Marker, MARKERS, TIME_BASES } from '../clips/clip.js';
import { AddClip, AddLane, LaunchClips, RemoveClip, RemoveLane, SetClipMarkers, SetLaneEvents } from '../mixer/clip-commands.js';
import { MAX_SCENES } from '../clips/clip-engine.js';
import { cursorAtMillis, MAX_CLIP_MS } from '../clips/cursor.js';
import {
  type AnyLane,
  interpolationFor,
  ParameterLane,
  type ParameterEvent,
  PatternLane,
  type PatternEvent,
  resolveLaneTarget,
  sortEvents,
} from '../clips/lanes.js';
import type { LightShow } from '../show/light-show.js';
import type { Bus } from '../mixer/bus.js';
import { Channel } from '../mixer/channel.js';
import type { LoadContext, LxObject } from '../component/lxp-types.js';
import * as targets from './targets.js';
import type { ComponentTarget } from './targets.js';

/** A clip slot: a bus and a 0-based slot (scene) index. */
interface SlotTarget {
  readonly bus: ComponentTarget;
  readonly slot: number;
}

/** A time position given by a surface: milliseconds or beats at the clip's reference tempo. */
interface TimeInput {
  readonly ms?: number;
  readonly beats?: number;
}

function checkSlot(slot: number): number {
  if (!Number.isInteger(slot) || slot < 0 || slot >= MAX_SCENES) throw invalidArgument(`slot takes an integer in 0–${MAX_SCENES - 1}; got ${slot}`);
  return slot;
}

function busOf(show: LightShow, target: ComponentTarget): Bus {
  return targets.bus(show.lx, target);
}

/** The clip in a slot, or not_found naming the occupied slots. */
export function clipAt(show: LightShow, t: SlotTarget): Clip {
  const bus = busOf(show, t.bus);
  checkSlot(t.slot);
  const clip = bus.clipAt(t.slot);
  if (clip === undefined) {
    const used = bus.clips.items.map((c) => c.slot);
    throw notFound(`${bus.path} has no clip in slot ${t.slot}; ${used.length === 0 ? 'it has no clips' : `occupied slots: ${used.join(', ')}`} (list_clips)`);
  }
  return clip;
}

/**
 * Launching, stopping and recording act on the running show at their own time (a launch may wait
 * for the next bar), so they are not part of a batch's all-or-nothing.
 */
function notInBatch(show: LightShow, what: string): void {
  if (show.engine.history.inTransaction)
    throw invalidArgument(`${what} cannot run in a batch: it acts on the running show at its own time. Call it on its own`);
}

/** Milliseconds from a time input at `bpm`; exactly one of ms and beats. */
function toMillis(t: TimeInput, bpm: number, what: string): number {
  if ((t.ms === undefined) === (t.beats === undefined)) throw invalidArgument(`${what}: give either ms or beats`);
  const ms = t.ms ?? ((t.beats as number) * 60000) / bpm;
  if (!(ms >= 0 && ms <= MAX_CLIP_MS))
    throw invalidArgument(`${what}: a time must lie in 0–${MAX_CLIP_MS} ms (24 hours); got ${t.ms === undefined ? `${t.beats} beats` : `${t.ms} ms`}`);
  return ms;
}

/** Every bus with clip slots, in mixer order (channels and groups, then the master). */
export function clipBuses(show: LightShow): Bus[] {
  return [...show.lx.mixer.channels.items, show.lx.mixer.master];
}

/**
 * The running clips whose parameter lanes drive `p`: while one runs, a value set by hand lasts
 * only until its next frame (a clip launched by a light cue is one of them).
 */
export function clipsDriving(show: LightShow, p: Parameter): Clip[] {
  const out: Clip[] = [];
  for (const bus of clipBuses(show))
    for (const clip of bus.clips.items)
      if (clip.running.isOn() && !clip.overridden.has(p) && clip.lanes.items.some((l) => l instanceof ParameterLane && l.target === p)) out.push(clip);
  return out;
}

interface AddClipOptions {
  readonly label?: string;
  readonly length?: TimeInput;
  readonly loop?: boolean;
  readonly timeBase?: 'ABSOLUTE' | 'TEMPO';
}

/**
 * Adds an empty clip in a free slot: reference BPM from the tempo now, the engine's default time
 * base unless given, length 4 beats unless given, loop as given (default on). Undoable.
 */
export function addClip(show: LightShow, t: SlotTarget, options: AddClipOptions, origin: Origin): Clip {
  const bus = busOf(show, t.bus);
  const slot = checkSlot(t.slot);
  const existing = bus.clipAt(slot);
  if (existing !== undefined)
    throw invalidArgument(`slot ${slot} of ${bus.path} already holds clip "${existing.label.getString()}"; remove it first or pick a free slot`);
  const bpm = show.lx.tempo.bpmValue();
  const length = options.length === undefined ? (4 * 60000) / bpm : toMillis(options.length, bpm, 'length');
  if (length <= 0) throw invalidArgument('length must be more than 0');
  const clip = bus.newClip(slot, options.label);
  clip.referenceBpm.setValue(bpm);
  const tb = options.timeBase === undefined ? show.lx.clips.timeBaseDefault.getValue() : TIME_BASES.findIndex((x) => x.name === options.timeBase);
  clip.timeBase.setValue(tb);
  clip.loop.setValue(options.loop === false ? 0 : 1);
  clip.setMarkers({ length, loopStart: 0, loopLength: length, playStart: 0, playEnd: length });
  clip.addDefaultLanes();
  return show.engine.history.performVerified(new AddClip(bus.id, clip), origin, () => {
    if (bus.clipAt(slot) !== clip) throw internal(`${bus.path}: the clip is not in slot ${slot}; the change was rolled back`);
    return clip;
  });
}

/** Removes a clip (stopping it). Undoable: undo puts it back, stopped. */
export function removeClip(show: LightShow, t: SlotTarget, origin: Origin): { bus: Bus; slot: number; label: string } {
  const clip = clipAt(show, t);
  const bus = clip.bus as unknown as Bus;
  const label = clip.label.getString();
  if (show.lx.clips.takeOf(clip) !== undefined) throw invalidArgument(`clip "${label}" is recording; stop the take (record_clip "stop") before removing it`);
  return show.engine.history.performVerified(new RemoveClip(bus.id, clip.id, label), origin, () => {
    if (bus.clipAt(t.slot) !== undefined) throw internal(`${bus.path}: slot ${t.slot} still holds a clip; the change was rolled back`);
    return { bus, slot: t.slot, label };
  });
}

function stripIds(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripIds);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (k !== 'id') out[k] = stripIds(x);
  return out;
}

/**
 * Copies a clip into a free slot, on the same bus or another bus of the same kind (channel to
 * channel, master to master). Lanes re-target the same relative paths on the destination; lanes
 * whose parameter does not exist there are kept and listed in `unresolved`. Stopped. Undoable.
 */
export function copyClip(show: LightShow, from: SlotTarget, to: SlotTarget, origin: Origin): { clip: Clip; unresolved: string[] } {
  const source = clipAt(show, from);
  const dest = busOf(show, to.bus);
  const slot = checkSlot(to.slot);
  if (dest.clipAt(slot) !== undefined) throw invalidArgument(`slot ${slot} of ${dest.path} already holds a clip; remove it first or pick a free slot`);
  const copy = dest.newClip(slot);
  if (copy.kind !== source.kind)
    throw invalidArgument(`a ${source.kind} clip cannot go on ${dest.path} (a ${copy.kind} bus); copy between buses of the same kind`);
  const json = stripIds(source.save()) as LxObject;
  (json.parameters as Record<string, unknown>).running = false;
  json.index = slot;
  const ctx: LoadContext = { ids: new Map(), registry: show.registry, defer: () => undefined, warn: () => undefined };
  copy.load(json, ctx);
  const unresolved: string[] = [];
  const sourceLanes = source.lanes.items;
  copy.lanes.items.forEach((lane, i) => {
    const orig = sourceLanes[i];
    if (!(lane instanceof ParameterLane) || !(orig instanceof ParameterLane)) return;
    const rel = orig.relativePath();
    lane.target = resolveLaneTarget(dest, rel);
    if (lane.target === null) unresolved.push(rel);
  });
  return show.engine.history.performVerified(new AddClip(dest.id, copy), origin, () => {
    if (dest.clipAt(slot) !== copy) throw internal(`${dest.path}: the copy is not in slot ${slot}; the change was rolled back`);
    return { clip: copy, unresolved };
  });
}

interface SetClipOptions {
  readonly label?: string;
  readonly loop?: boolean;
  readonly markers?: Partial<Record<Marker, TimeInput>>;
}

/**
 * Changes a clip's label, loop switch and markers (LX's constraints apply). One undo step; a
 * marker past the (new) length is refused, and a call that changes nothing records no step.
 */
export function setClip(show: LightShow, t: SlotTarget, options: SetClipOptions, origin: Origin): Clip {
  const clip = clipAt(show, t);
  const steps: Command[] = [];
  if (options.label !== undefined) {
    const label = clip.label.accept(options.label);
    if (label !== clip.label.getString()) steps.push(new SetParameter(clip.label, label));
  }
  if (options.loop !== undefined && options.loop !== clip.loop.isOn()) steps.push(new SetParameter(clip.loop, options.loop));
  if (options.markers !== undefined) {
    const bpm = clip.referenceBpmValue();
    const ms: Partial<Record<Marker, number>> = {};
    for (const m of MARKERS) {
      const v = options.markers[m];
      if (v !== undefined) ms[m] = toMillis(v, bpm, m);
    }
    if (ms.length !== undefined && ms.length <= 0) throw invalidArgument('length must be more than 0');
    const length = ms.length ?? clip.lengthMs;
    for (const m of ['loopStart', 'loopLength', 'playStart', 'playEnd'] as const) {
      const v = ms[m];
      if (v !== undefined && v > length) throw invalidArgument(`${m}: ${v} ms is past the clip's length (${length} ms); lengthen the clip in the same call`);
    }
    if (ms.loopStart !== undefined && ms.loopLength !== undefined && ms.loopStart + ms.loopLength > length)
      throw invalidArgument(`the loop (${ms.loopStart} + ${ms.loopLength} ms) ends past the clip's length (${length} ms)`);
    if (!isDeepStrictEqual(clip.markersAfter(ms), clip.markerState())) steps.push(new SetClipMarkers(clip.id, ms, clip.label.getString()));
  } else if (options.label === undefined && options.loop === undefined) throw invalidArgument('nothing to change: give label, loop or markers');
  if (steps.length === 0) return clip;
  return show.engine.history.performVerified(new CompoundCommand(`Change clip ${clip.label.getString()}`, steps), origin, () => clip);
}

/**
 * Launches one clip, or every clip of a scene (slot index across the buses). With the tempo's
 * launch quantization the launch waits for the next boundary (`pending`). One undo step: undo
 * stops what this launch started and puts back every parameter those clips drove.
 */
export function launchClip(show: LightShow, t: SlotTarget, origin: Origin): Clip {
  notInBatch(show, 'launch_clip');
  const clip = clipAt(show, t);
  return launch(show, [clip], `Launch clip ${clip.label.getString()}`, origin)[0] as Clip;
}

export function launchScene(show: LightShow, scene: number, origin: Origin): Clip[] {
  notInBatch(show, 'launch_clip');
  checkSlot(scene);
  const clips = show.lx.clips.sceneClips(scene);
  if (clips.length === 0) throw notFound(`scene ${scene} has no clips on any bus (list_clips)`);
  return launch(show, clips, `Launch scene ${scene}`, origin);
}

function launch(show: LightShow, clips: Clip[], label: string, origin: Origin): Clip[] {
  return show.engine.history.performVerified(
    new LaunchClips(
      label,
      clips.map((c) => c.id),
    ),
    origin,
    () => {
      const idle = clips.find((c) => !c.running.isOn() && !c.launch.pending);
      if (idle !== undefined) throw internal(`clip "${idle.label.getString()}" did not start; the launch was rolled back`);
      return clips;
    },
  );
}

/** Stops one clip, every clip on a bus, or (no target) every clip. Immediate. Not undoable. */
export function stopClips(show: LightShow, target: { bus?: ComponentTarget; slot?: number }): Clip[] {
  notInBatch(show, 'stop_clip');
  let clips: Clip[];
  if (target.bus === undefined) {
    if (target.slot !== undefined) throw invalidArgument('slot needs a bus');
    clips = clipBuses(show).flatMap((b) => b.clips.items);
  } else if (target.slot !== undefined) clips = [clipAt(show, { bus: target.bus, slot: target.slot })];
  else clips = [...busOf(show, target.bus).clips.items];
  const stopped = clips.filter((c) => c.running.isOn() || c.launch.pending);
  for (const c of stopped) c.stopNow();
  return stopped;
}

/** A lane by 0-based index in the clip's lane list. */
export function laneAt(clip: Clip, index: number): AnyLane {
  const lane = clip.lanes.at(index);
  if (!Number.isInteger(index) || lane === undefined)
    throw notFound(`clip "${clip.label.getString()}" has ${clip.lanes.length} lanes (0–${clip.lanes.length - 1}); no lane ${index}`);
  return lane;
}

/** A surface's event for a lane: a time and either a parameter value, a normalized value or a pattern. */
interface EventInput extends TimeInput {
  readonly value?: number | boolean | string;
  readonly normalized?: number;
  /** Pattern lanes: 0-based index in the channel's pattern list. */
  readonly pattern?: number;
}

interface LaneEdit {
  /** An existing lane (0-based), or a bus-relative or absolute parameter path (a new lane is made), or "pattern". */
  readonly lane: number | string;
  /** Replace only the events in [from, to] (default: every event). */
  readonly from?: TimeInput;
  readonly to?: TimeInput;
  readonly events?: readonly EventInput[];
  /** Remove the lane itself (parameter lanes only). */
  readonly remove?: boolean;
}

function parameterEvent(lane: ParameterLane, target: Parameter, e: EventInput, ms: number, bpm: number, i: number): ParameterEvent {
  if ((e.value === undefined) === (e.normalized === undefined)) throw invalidArgument(`events[${i}]: give either value or normalized`);
  if (e.pattern !== undefined) throw invalidArgument(`events[${i}]: pattern is for the pattern lane`);
  let n: number;
  if (e.normalized !== undefined) {
    if (!Number.isFinite(e.normalized) || e.normalized < 0 || e.normalized > 1)
      throw invalidArgument(`events[${i}]: normalized takes 0–1; got ${e.normalized}`);
    n = e.normalized;
  } else {
    const accepted = target.accept(e.value);
    const num = target as NumericParameter;
    n = num.normalize(typeof accepted === 'boolean' ? (accepted ? 1 : 0) : (accepted as number));
  }
  return lane.event(cursorAtMillis(ms, bpm), n);
}

function patternEvent(channel: Channel, e: EventInput, ms: number, bpm: number, i: number): PatternEvent {
  const n = channel.patterns.length;
  if (e.pattern === undefined || !Number.isInteger(e.pattern) || e.pattern < 0 || e.pattern >= n)
    throw invalidArgument(`events[${i}]: pattern takes a 0-based index in 0–${n - 1} (${channel.path} has ${n} patterns)`);
  return { cursor: cursorAtMillis(ms, bpm), patternIndex: e.pattern, patternId: channel.patterns.at(e.pattern)!.id };
}

function replaceWindow<E extends { readonly cursor: { readonly millis: number } }>(events: readonly E[], from: number, to: number, added: readonly E[]): E[] {
  return sortEvents([...events.filter((x) => x.cursor.millis < from || x.cursor.millis > to), ...added] as never[]) as E[];
}

/**
 * Edits one lane: replaces its events (all, or those in a window) with `events`, makes a new
 * parameter lane when `lane` names a parameter the clip has no lane for, or removes a lane.
 * Event times are within the clip's length. One undo step.
 */
export function editLane(show: LightShow, t: SlotTarget, edit: LaneEdit, origin: Origin): { clip: Clip; lane: AnyLane | null } {
  const clip = clipAt(show, t);
  const bus = clip.bus as unknown as Bus;
  const bpm = clip.referenceBpmValue();
  let lane: AnyLane | undefined;
  let target: Parameter | null = null;
  if (typeof edit.lane === 'number') lane = laneAt(clip, edit.lane);
  else if (edit.lane === 'pattern') {
    lane = clip.patternLane();
    if (lane === undefined) throw invalidArgument(`clip "${clip.label.getString()}" is on ${bus.path}, which has no patterns: it has no pattern lane`);
  } else {
    const rel = edit.lane.startsWith(`${bus.path}/`) ? edit.lane.slice(bus.path.length) : edit.lane;
    target = resolveLaneTarget(bus, rel.startsWith('/') ? rel : `/${rel}`);
    if (target === null)
      throw notFound(
        `${rel.startsWith('/lx/stage/') ? '' : bus.path}${rel.startsWith('/') ? '' : '/'}${rel} is not a parameter of ${bus.path}; ` +
          "lanes automate parameters on the clip's own bus, or a stage fixture's attribute (/lx/stage/fixture/N/<key>)",
      );
    lane = clip.parameterLanes().find((l) => l.target === target);
  }
  if (edit.remove === true) {
    if (lane === undefined) throw notFound(`clip "${clip.label.getString()}" has no lane for ${edit.lane}`);
    if (!(lane instanceof ParameterLane))
      throw invalidArgument('only parameter lanes can be removed; the MIDI note and pattern lanes belong to every channel clip (clear their events instead)');
    if (edit.events !== undefined) throw invalidArgument('remove takes no events');
    const removed = lane;
    return show.engine.history.performVerified(new RemoveLane(clip.id, removed.id), origin, () => ({ clip, lane: null }));
  }
  if (edit.events === undefined) throw invalidArgument('give events (an empty list clears them) or remove: true');
  const from = edit.from === undefined ? 0 : toMillis(edit.from, bpm, 'from');
  const to = edit.to === undefined ? Number.POSITIVE_INFINITY : toMillis(edit.to, bpm, 'to');
  if (to < from) throw invalidArgument('to must not be before from');
  const times = edit.events.map((e, i) => {
    const ms = toMillis(e, bpm, `events[${i}]`);
    if (ms > clip.lengthMs) throw invalidArgument(`events[${i}]: ${ms} ms is past the clip's length (${clip.lengthMs} ms); lengthen it with set_clip first`);
    if (ms < from || ms > to) throw invalidArgument(`events[${i}]: ${ms} ms is outside the window ${from}–${to} ms`);
    return ms;
  });
  if (lane instanceof PatternLane) {
    if (!(bus instanceof Channel)) throw internal('a pattern lane on a bus without patterns');
    const added = edit.events.map((e, i) => patternEvent(bus, e, times[i], bpm, i));
    const pl = lane;
    return show.engine.history.performVerified(new SetLaneEvents(pl.id, replaceWindow(pl.events, from, to, added)), origin, () => ({ clip, lane: pl }));
  }
  if (lane === undefined) {
    const p = target as Parameter;
    const kind = interpolationFor(p);
    if (kind === undefined || !(p instanceof NumericParameter) || !p.mappable)
      throw invalidArgument(`${p.path} cannot be automated by a clip (only numeric, boolean and trigger parameters that can be mapped)`);
    const fresh = new ParameterLane(kind, p);
    fresh.events = sortEvents(edit.events.map((e, i) => parameterEvent(fresh, p, e, times[i], bpm, i)));
    return show.engine.history.performVerified(new AddLane(clip.id, fresh, clip.lanes.length), origin, () => ({ clip, lane: fresh }));
  }
  if (!(lane instanceof ParameterLane)) throw invalidArgument('the MIDI note lane is kept as saved; Footlight does not edit MIDI notes');
  const pl = lane;
  if (pl.target === null)
    throw invalidArgument(`lane ${edit.lane} targets ${pl.relativePath()}, which does not exist on ${bus.path}; remove it or add the device back`);
  const added = edit.events.map((e, i) => parameterEvent(pl, pl.target as Parameter, e, times[i], bpm, i));
  return show.engine.history.performVerified(new SetLaneEvents(pl.id, replaceWindow(pl.events, from, to, added)), origin, () => ({ clip, lane: pl }));
}

/**
 * Starts a recording take: arms the bus and, if the clip is stopped, launches it (quantized).
 * From then on every move of a parameter on the bus, from any surface, is recorded at the clip's
 * cursor. Nothing is written to the lanes (or the history) until `stopRecording`.
 */
export function startRecording(show: LightShow, t: SlotTarget): Clip {
  notInBatch(show, 'record_clip');
  const clip = clipAt(show, t);
  if (show.lx.clips.takeOf(clip) !== undefined) throw invalidArgument(`clip "${clip.label.getString()}" is already recording; stop the take first`);
  (clip.bus as unknown as Bus).arm.setValue(1);
  show.lx.clips.startTake(clip);
  if (!clip.running.isOn() && !clip.launch.pending) clip.launch.fire();
  return clip;
}

/**
 * Ends the take and writes it into the clip's lanes as one undo step (new lanes for parameters
 * without one; recorded events replace those they span), turning automation on. Disarms the
 * bus. A take with no moves writes nothing and adds no step.
 */
export function stopRecording(show: LightShow, t: SlotTarget, origin: Origin): { clip: Clip; events: number; lanes: number } {
  notInBatch(show, 'record_clip');
  const clip = clipAt(show, t);
  const take = show.lx.clips.endTake(clip);
  if (take === undefined) throw invalidArgument(`clip "${clip.label.getString()}" is not recording; start a take with action "start"`);
  (clip.bus as unknown as Bus).arm.setValue(0);
  const steps: Command[] = [];
  let index = clip.lanes.length;
  for (const [p, moves] of take.moves) {
    const existing = clip.parameterLanes().find((l) => l.target === p);
    if (existing !== undefined) {
      const from = moves[0].cursor.millis;
      const to = moves[moves.length - 1].cursor.millis;
      steps.push(
        new SetLaneEvents(
          existing.id,
          replaceWindow(
            existing.events,
            from,
            to,
            moves.map((m) => existing.event(m.cursor, m.normalized)),
          ),
        ),
      );
    } else {
      const kind = interpolationFor(p);
      if (kind === undefined) continue;
      const lane = new ParameterLane(kind, p);
      lane.events = sortEvents(moves.map((m) => lane.event(m.cursor, m.normalized)));
      steps.push(new AddLane(clip.id, lane, index++));
    }
  }
  const patternLane = clip.patternLane();
  const patternMoves = take.patternMoves;
  if (patternLane !== undefined && patternMoves.length > 0) {
    const from = patternMoves[0].cursor.millis;
    const to = patternMoves[patternMoves.length - 1].cursor.millis;
    steps.push(new SetLaneEvents(patternLane.id, replaceWindow(patternLane.events, from, to, patternMoves)));
  }
  if (steps.length === 0) return { clip, events: 0, lanes: 0 };
  if (!clip.automationEnabled.isOn()) steps.push(new SetParameter(clip.automationEnabled, true));
  return show.engine.history.performVerified(new CompoundCommand(`Record into clip ${clip.label.getString()}`, steps), origin, () => ({
    clip,
    events: take.eventCount,
    lanes: take.moves.size + (patternMoves.length > 0 ? 1 : 0),
  }));
}
