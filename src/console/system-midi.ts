// System MIDI ports (`serve --midi-ports`, opened by src/midi/system-ports.ts) on the console's MIDI
// path: a port's messages go where a page's Web MIDI input's go (src/console/midi-intake.ts: MTC
// in, learn, mappings and takeover, surfaces, keys to the sound host, cue triggers), and the port's
// output of the same name gets what a page sends its controllers: mapping feedback and surface LEDs.
// The outputs `--midi-sync-out` names get the song's MTC or clock, as a page's MIDI out would, each
// message sent at its moment plus the same latency (a timer here, where a page has Web MIDI's timestamps).
// A device is a device: the show cannot tell a port's messages from a page's.
import type { Logger } from '../engine/log.js';
import type { ConsoleContext } from './context.js';
import type { MidiFeedback } from './midi-feedback.js';
import { countDropped, type MidiSender, midiShapeError, newSender, takeMidi } from './midi-intake.js';
import type { MidiPortsState } from '../tools/context.js';

/** A system input as @julusian/midi's Input is: an event emitter of ('message', deltaTime, bytes). */
interface MidiPortInput {
  on(event: 'message', listener: (deltaTime: number, message: number[]) => void): unknown;
  off(event: 'message', listener: (deltaTime: number, message: number[]) => void): unknown;
}

/** A system output as @julusian/midi's Output is. */
interface MidiPortOutput {
  sendMessage(message: number[]): void;
}

/** One device's ports, by the name mappings and surfaces know it by. */
export interface MidiPort {
  readonly name: string;
  readonly input?: MidiPortInput;
  readonly output?: MidiPortOutput;
}

/** What `--midi-sync-out` sends to a port's output: MTC (at the show's timecode rate), MIDI clock. */
export interface MidiSync {
  readonly name: string;
  readonly mtc: boolean;
  readonly clock: boolean;
}

/** A port's counters, for list_midi_inputs (the tools' shape: tools/context.ts). */
export type MidiPortStatus = MidiPortsState['ports'][number];

interface Attached {
  readonly port: MidiPort;
  readonly sender: MidiSender;
  readonly listener: (deltaTime: number, message: number[]) => void;
  refused: string | undefined;
  received: number;
  dropped: number;
  sent: number;
  sendErrors: number;
  sync: ('mtc' | 'clock')[];
}

/** The system ports, attached to the console's MIDI path until `stop`. */
export class SystemMidi {
  private readonly attached: Attached[] = [];
  private readonly leds: MidiSender['surfaceLeds'];
  private readonly stopFeedback: (() => void) | undefined;
  private readonly stopSync: (() => void)[] = [];
  /** Sync messages waiting for their moment (performance.now() ms), in the order they go out. */
  private readonly syncQueue: { readonly a: Attached; readonly due: number; readonly data: readonly number[] }[] = [];
  private syncTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: ConsoleContext,
    private readonly feedback: MidiFeedback,
    ports: readonly MidiPort[],
    private readonly log: Logger,
    sync: readonly MidiSync[] = [],
  ) {
    const byName = (device: string): Attached | undefined => this.attached.find((a) => a.port.name === device && a.port.output !== undefined);
    this.leds = ports.some((p) => p.output !== undefined) ? ctx.surfaceLeds?.((device, messages) => this.send(byName(device), messages)) : undefined;
    for (const port of ports) {
      const a: Attached = {
        port,
        sender: { ...newSender(), surfaceLeds: this.leds },
        listener: (_deltaTime, message) => this.receive(a, message),
        refused: undefined,
        received: 0,
        dropped: 0,
        sent: 0,
        sendErrors: 0,
        sync: [],
      };
      this.attached.push(a);
      port.input?.on('message', a.listener);
    }
    // Feedback goes to every output whose input is open, except those saved with Control off (as a page does).
    const controllers = this.attached.filter((a) => a.port.input !== undefined && a.port.output !== undefined);
    this.stopFeedback =
      controllers.length === 0
        ? undefined
        : feedback.subscribe((messages, controlOff) => {
            for (const a of controllers) if (!controlOff.includes(a.port.name)) this.send(a, messages);
          });
    const midiOut = ctx.midiOut;
    for (const s of sync) {
      const a = byName(s.name);
      if (a === undefined || midiOut === undefined || !(s.mtc || s.clock)) continue;
      a.sync = [...(s.mtc ? (['mtc'] as const) : []), ...(s.clock ? (['clock'] as const) : [])];
      let last = Number.NEGATIVE_INFINITY;
      this.stopSync.push(
        midiOut.subscribe({ mtc: s.mtc ? midiOut.timecode.rate : null, clock: s.clock }, (messages, frameAt) => {
          const latency = midiOut.latencyMs;
          for (const m of messages) {
            // Never before the message sent last: quarter frames keep their order.
            last = Math.max(last, frameAt + m.at + latency);
            this.syncQueue.push({ a, due: last, data: m.data });
          }
          this.scheduleSync();
        }),
      );
    }
  }

  private scheduleSync(): void {
    if (this.syncTimer !== undefined || this.syncQueue.length === 0) return;
    const wait = Math.max(0, this.syncQueue[0].due - performance.now());
    this.syncTimer = setTimeout(() => {
      this.syncTimer = undefined;
      const now = performance.now();
      // Within half a millisecond is now: a timer fires on the millisecond.
      while (this.syncQueue.length > 0 && this.syncQueue[0].due <= now + 0.5) {
        const m = this.syncQueue.shift();
        if (m !== undefined) this.send(m.a, [m.data]);
      }
      this.scheduleSync();
    }, wait);
  }

  private receive(a: Attached, message: number[]): void {
    a.received++;
    // The package gives whole messages, but a device may send any SysEx: only MTC's full frame goes on.
    if (midiShapeError(message) !== undefined) {
      a.dropped++;
      countDropped(this.ctx);
      return;
    }
    const { dropped, reply } = takeMidi(this.ctx, this.feedback, a.sender, message, a.port.name);
    if (dropped) a.dropped++;
    reply
      ?.then((r) => {
        if (r.played !== undefined) a.refused = undefined;
        if (r.refused === undefined || r.refused.message === a.refused) return;
        // Said once, not for every key: the operator plays until the track is armed.
        a.refused = r.refused.message;
        this.log.warn({ port: a.port.name }, `a note from ${a.port.name} did not play: ${r.refused.message}`);
      })
      .catch((err: unknown) => this.log.warn({ err, port: a.port.name }, 'MIDI from a system port failed'));
  }

  private send(a: Attached | undefined, messages: readonly (readonly number[])[]): void {
    const out = a?.port.output;
    if (a === undefined || out === undefined) return;
    for (const m of messages) {
      try {
        out.sendMessage([...m]);
        a.sent++;
      } catch (err) {
        if (a.sendErrors++ === 0) this.log.warn({ err, port: a.port.name }, `the MIDI output ${a.port.name} refused a message`);
      }
    }
  }

  status(): MidiPortStatus[] {
    return this.attached.map((a) => ({
      name: a.port.name,
      input: a.port.input !== undefined,
      output: a.port.output !== undefined,
      received: a.received,
      dropped: a.dropped,
      sent: a.sent,
      sendErrors: a.sendErrors,
      sync: [...a.sync],
    }));
  }

  /** Detaches from the ports (closing them is their opener's) and stops the feedback. */
  stop(): void {
    for (const a of this.attached) a.port.input?.off('message', a.listener);
    this.stopFeedback?.();
    this.leds?.stop();
    for (const s of this.stopSync) s();
    clearTimeout(this.syncTimer);
    this.syncTimer = undefined;
    this.syncQueue.length = 0;
  }
}
