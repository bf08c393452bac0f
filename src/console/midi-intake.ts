// The one path MIDI from a device takes into the show, whichever way it arrives: a console page's
// Web MIDI input (src/console/hub.ts) or a system port `serve --midi-ports` opened
// (src/console/system-midi.ts). The message's shape is checked here, a flood is dropped, then MTC
// in, the feedback's echo guard, and the process's MIDI surface (mappings, learn, cues, keys) get it.
import type { ConsoleContext, MidiReply } from './context.js';
import type { MidiFeedback } from './midi-feedback.js';

/** MIDI messages one sender (a page, a port) may send per second: a controller's busiest fader sweep is a few hundred (MTC is 120 at 30 fps). */
const MIDI_PER_SECOND = 1000;
/** Device names a sender remembers (each gets every surface LED when it first sends). */
const MAX_DEVICES = 64;

/** What a sender (a page, a system port) keeps between messages. */
export interface MidiSender {
  /** Messages it may still send in the current second (a flood is dropped, not queued). */
  midiBudget: number;
  midiSecond: number;
  /** Its control-surface LEDs, and the devices it has sent from (each gets every LED once it appears). */
  surfaceLeds: { readonly stop: () => void; readonly resend: (device: string) => void } | undefined;
  midiDevices: Set<string>;
}

export const newSender = (): Pick<MidiSender, 'midiBudget' | 'midiSecond' | 'midiDevices'> => ({
  midiBudget: MIDI_PER_SECOND,
  midiSecond: 0,
  midiDevices: new Set(),
});

const isShortMessage = (data: readonly number[]): boolean => data.length >= 1 && data.length <= 3;
/** MTC's full frame, F0 7F <device> 01 01 hh mm ss ff F7: the one SysEx taken (timecode in checks the rest). */
const isFullFrame = (data: readonly number[]): boolean => data.length === 10 && data[0] === 0xf0 && data[9] === 0xf7;

/** Why a message's bytes are refused before anything reads them, or undefined when their shape is right. */
export function midiShapeError(data: unknown): string | undefined {
  if (!Array.isArray(data) || !data.every((b) => Number.isInteger(b) && b >= 0 && b <= 255) || !(isShortMessage(data) || isFullFrame(data)))
    return 'data is one message of 1–3 bytes, each 0–255, or an MTC full frame (10 bytes, F0 7F … F7; no other SysEx)';
  return undefined;
}

/**
 * Hands one well-shaped message from `input` (a device name) on: counted and dropped past the
 * sender's budget (`dropped`); else to MTC in when it takes it, or to the MIDI surface, whose reply
 * (notes played or refused) resolves once the show has applied it.
 */
export function takeMidi(
  ctx: ConsoleContext,
  feedback: MidiFeedback,
  sender: MidiSender,
  data: readonly number[],
  input: string,
): { readonly dropped: boolean; readonly reply?: Promise<MidiReply> } {
  const midi = ctx.midi;
  if (midi === undefined) return { dropped: true };
  const second = Math.floor(Date.now() / 1000);
  if (second !== sender.midiSecond) {
    sender.midiSecond = second;
    sender.midiBudget = MIDI_PER_SECOND;
  }
  if (sender.midiBudget <= 0) {
    countDropped(ctx);
    return { dropped: true };
  }
  sender.midiBudget--;
  if (!sender.midiDevices.has(input) && sender.midiDevices.size < MAX_DEVICES) {
    // A controller that appears gets all its LEDs, not only the ones that change from now.
    sender.midiDevices.add(input);
    sender.surfaceLeds?.resend(input);
  }
  if (ctx.services.timecodeIn.takeMidi(data, input)) return { dropped: false };
  feedback.heard(data);
  return { dropped: false, reply: midi(data, input) };
}

/** Counted as the MIDI engine counts malformed messages: received and dropped. */
export function countDropped(ctx: ConsoleContext): void {
  const stats = ctx.light.lx.midi.stats;
  stats.received++;
  stats.dropped++;
}
