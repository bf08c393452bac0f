// Feedback to the operator's controllers through the console's Web MIDI: whenever a mapped
// parameter's base value changes (from any surface: MCP, the console, OSC, MIDI, cues), the show
// sends the mapping's message back (src/light/midi/midi-feedback.ts) so the control's LED or ring
// shows the value. Only changes go out, at most one message per mapping per engine frame; a page
// that turns feedback on first gets every mapping's current message. Modulation is not shown: the
// base value is what a control sets and picks up (docs/midi.md, "Feedback").
import type { Engine } from '../engine/engine.js';
import { feedbackMessage } from '../light/midi/midi-feedback.js';
import { mappedParameter } from '../light/operations/midi.js';
import type { LightShow } from '../light/show/light-show.js';

type Send = (messages: number[][], controlOff: string[]) => void;

/** The feedback stream: follows the graph and the history on the engine's frames while any page listens. */
export class MidiFeedback {
  private readonly subscribers = new Set<Send>();
  /** Subscribers that still need every mapping's message (they just turned feedback on). */
  private readonly fresh = new Set<Send>();
  /** The message last sent for each mapping (by its control and path): what the devices show. */
  private shown = new Map<string, string>();
  private dirty = true;
  /**
   * By CC control (type, channel and number): the last message it sent (the device shows that) and
   * every one since the show's value last caught up with it. The writes of a fast sweep land a
   * frame or more after the messages arrive: the values they pass through are not echoed either.
   */
  private readonly heardCc = new Map<string, { last: string; since: Set<string> }>();
  private detach: (() => void)[] = [];

  constructor(
    private readonly engine: Engine,
    private readonly light: LightShow,
  ) {}

  /** Starts sending feedback batches to `send`; the returned function stops. */
  subscribe(send: Send): () => void {
    this.subscribers.add(send);
    this.fresh.add(send);
    if (this.detach.length === 0) {
      const touch = (): void => {
        this.dirty = true;
      };
      this.detach.push(
        this.engine.graph.listen({ parameterChanged: touch, structureChanged: touch }),
        this.engine.history.listen(touch),
        this.engine.clock.onFrame(() => this.tick()),
      );
    }
    return () => {
      this.subscribers.delete(send);
      this.fresh.delete(send);
      if (this.subscribers.size > 0) return;
      for (const d of this.detach) d();
      this.detach = [];
      this.shown.clear();
      this.heardCc.clear();
      this.dirty = true;
    };
  }

  /**
   * A message a controller sent: a CC it moved already shows its own value, so the write it makes
   * is not echoed back to it (a motor fader is not fought while the operator moves it).
   */
  heard(data: readonly number[]): void {
    if (this.subscribers.size === 0 || data.length !== 3 || (data[0] & 0xf0) !== 0xb0) return;
    const control = `CONTROL_CHANGE/${data[0] & 0x0f}/${data[1]}`;
    const text = String(data);
    const h = this.heardCc.get(control);
    if (h === undefined) this.heardCc.set(control, { last: text, since: new Set([text]) });
    else {
      h.last = text;
      h.since.add(text);
    }
  }

  private tick(): void {
    if (!this.dirty && this.fresh.size === 0) return;
    this.dirty = false;
    const changed: number[][] = [];
    const all: number[][] = [];
    const next = new Map<string, string>();
    const midi = this.light.lx.midi;
    for (const m of midi.usableMappings()) {
      const p = mappedParameter(this.light, m.path);
      const bytes = p === undefined ? undefined : feedbackMessage(m, p);
      if (bytes === undefined) continue;
      const control = `${m.type}/${m.channel}/${m.number}`;
      const key = `${control}/${m.path}`;
      const text = String(bytes);
      next.set(key, text);
      all.push(bytes);
      const heard = this.heardCc.get(control);
      // Caught up with the device: from now on only what it shows counts.
      if (heard !== undefined && heard.last === text) heard.since = new Set([text]);
      if (this.shown.get(key) === text || heard?.since.has(text) === true) continue;
      // Sent: the device now shows this, not what it last sent.
      this.heardCc.delete(control);
      changed.push(bytes);
    }
    this.shown = next;
    const controlOff = midi.inputs.filter((i) => !i.control).map((i) => i.name);
    for (const send of this.subscribers) {
      const batch = this.fresh.has(send) ? all : changed;
      if (batch.length > 0) send(dedupe(batch), controlOff);
    }
    this.fresh.clear();
  }
}

/** One message per control and value (two mappings on one control showing the same thing). */
function dedupe(batch: number[][]): number[][] {
  const seen = new Set<string>();
  return batch.filter((b) => {
    const k = String(b);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
