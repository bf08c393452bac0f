// MIDI into the light show: a message's bytes are checked (bad ones dropped and counted), applied
// to the show's MIDI mappings (LX's rules plus soft takeover, src/light/midi/midi-apply.ts), and
// every resulting write runs as a tool call (ToolRegistry.invoke: the same checks and history
// steps as MCP, the console and OSC); a note or CC a cue list listens to (its MIDI triggers) runs
// run_cue_list as the OSC cue addresses do. No device I/O here: whatever delivers MIDI (the console's
// Web MIDI, a native port) hands the bytes to `receive`. The last note or CC is kept, with what it
// maps and did, for agents (`get_last_midi_control`).

import type { Origin } from '../engine/commands/history.js';
import { BooleanParameter } from '../engine/parameters/boolean.js';
import { TriggerParameter } from '../engine/parameters/trigger.js';
import { applyMidi, mapsControl } from '../light/midi/midi-apply.js';
import { type MidiMessage, parseMidi } from '../light/midi/midi-message.js';
import { sameControl } from '../light/show/cues/cue-data.js';
import { mappedParameter } from '../light/operations/midi.js';
import { lightParameter } from '../light/show/paths.js';
import type { Services } from '../tools/context.js';
import { TOOLS } from '../tools/index.js';
import { ToolRegistry } from '../tools/invoke.js';
import { templateMappings } from '../light/midi/midi-templates.js';

/** What one message did. */
interface MidiReceipt {
  /** Why the message was dropped (malformed), or undefined. */
  readonly dropped?: string;
  /** The input it came from has Control off: mappings did not see it. */
  readonly ignored?: true;
  /** Parameters written, with the values set. */
  readonly writes: readonly { readonly path: string; readonly value: number | boolean }[];
  /** Parameters a CC did not move yet: soft takeover waits for the control to reach their value. */
  readonly waiting: readonly string[];
  /** Writes the tool path refused (the value did not fit, the parameter went away), and cue list actions refused. */
  readonly rejected: number;
  /** Cue list actions run by the lists' MIDI triggers. */
  readonly cues?: readonly { readonly list: string; readonly action: string }[];
}

/** A CC at or above this is a button pressed: a trigger fires when the CC rises to it. */
const CC_PRESSED = 64;

export class MidiSurface {
  private readonly tools: ToolRegistry;
  /** CCs (by input, channel and number) last seen pressed, so a trigger fires once per press. */
  private readonly pressed = new Set<string>();

  constructor(private readonly services: Services) {
    // Every tool, not only the served ones: mappings drive the show whatever agents are offered.
    this.tools = new ToolRegistry(services, TOOLS);
  }

  /**
   * Queues one MIDI message (its bytes, status first) from `input` (a device name; its saved
   * Control flag decides whether mappings see it, as in LX; an input never saved is let through).
   */
  receive(bytes: readonly number[], input?: string): Promise<MidiReceipt> {
    const origin: Origin = { surface: 'midi', session: input ?? 'midi', client: input ?? 'MIDI' };
    return this.services.engine.queue.submit(() => this.apply(bytes, input, origin), { label: 'midi' });
  }

  private apply(bytes: readonly number[], input: string | undefined, origin: Origin): MidiReceipt {
    const show = this.services.light;
    const midi = show.lx.midi;
    midi.stats.received++;
    if (input !== undefined) midi.hear(input);
    const msg = parseMidi(bytes);
    if (typeof msg === 'string') {
      midi.stats.dropped++;
      return { dropped: msg, writes: [], waiting: [], rejected: 0 };
    }
    const saved = input === undefined ? undefined : midi.inputs.find((i) => i.name === input);
    const ignored = saved !== undefined && !saved.control;
    // Saved mappings first, then the controls of the show's templates that have a target.
    const mappings = [...midi.usableMappings(), ...(msg.kind === 'other' ? [] : templateMappings(midi.templates, input, msg.channel))];
    const control =
      msg.kind === 'other'
        ? undefined
        : {
            input,
            at: new Date().toISOString(),
            kind: msg.kind,
            channel: msg.channel,
            number: msg.number,
            value: msg.kind === 'note' ? (msg.on ? msg.velocity : 0) : msg.value,
            ignored,
            mapped: mappings.filter((m) => mapsControl(m, msg)).map((m) => m.path),
          };
    if (ignored) {
      if (control !== undefined) midi.lastControl = { ...control, writes: [], waiting: [] };
      return { ignored: true, writes: [], waiting: [], rejected: 0 };
    }
    const cues = msg.kind === 'other' ? { ran: [], rejected: 0 } : this.runCues(msg, input, origin);
    const r = applyMidi(mappings, msg, midi.mappingState, (path) => mappedParameter(show, path));
    midi.stats.waiting += r.waiting.length;
    let rejected = cues.rejected;
    midi.stats.applied += cues.ran.length;
    const writes: { path: string; value: number | boolean }[] = [];
    for (const w of r.writes) {
      try {
        const p = lightParameter(show.lx, w.path);
        if (p instanceof TriggerParameter || (p instanceof BooleanParameter && p.isPulse)) {
          // A trigger fires on press; its release writes nothing.
          if (w.value !== true) continue;
          this.tools.invokeInTask('fire_trigger', { path: w.path }, origin);
        } else {
          // A CC stream to one parameter is one undo step, as an OSC knob or a console fader drag.
          const merge = msg.kind === 'cc' ? { merge: { mergeKey: `midi:${w.path}` } } : {};
          this.tools.invokeInTask('set_parameter', { path: w.path, value: w.value }, origin, merge);
        }
        midi.stats.applied++;
        writes.push(w);
      } catch {
        rejected++;
      }
    }
    if (control !== undefined) midi.lastControl = { ...control, writes, waiting: r.waiting };
    return { writes, waiting: r.waiting, rejected, ...(cues.ran.length === 0 ? {} : { cues: cues.ran }) };
  }

  /** The cue lists' triggers on this control: a note on, or a CC rising to CC_PRESSED, runs each one's action. */
  private runCues(
    msg: Exclude<MidiMessage, { kind: 'other' }>,
    input: string | undefined,
    origin: Origin,
  ): { ran: { list: string; action: string }[]; rejected: number } {
    let fires: boolean;
    if (msg.kind === 'note') fires = msg.on;
    else {
      const key = `${input ?? ''}\u0000${msg.channel}\u0000${msg.number}`;
      const was = this.pressed.has(key);
      const is = msg.value >= CC_PRESSED;
      if (is) this.pressed.add(key);
      else this.pressed.delete(key);
      fires = is && !was;
    }
    const ran: { list: string; action: string }[] = [];
    let rejected = 0;
    if (!fires) return { ran, rejected };
    const control = { type: msg.kind, channel: msg.channel + 1, number: msg.number };
    for (const list of this.services.light.cues.lists()) {
      const t = list.midiTriggers?.find((x) => sameControl(x, control));
      if (t === undefined) continue;
      try {
        this.tools.invokeInTask('run_cue_list', { list: list.name, action: t.action, ...(t.cue === undefined ? {} : { cue: t.cue }) }, origin);
        ran.push({ list: list.name, action: t.action });
      } catch {
        // run_cue_list's own refusal (a goto cue since removed): counted, as a mapping's refused write.
        rejected++;
      }
    }
    return { ran, rejected };
  }
}
