// DJ TechTools Midi Fighter Twister, as LX 1.2.1's MidiFighterTwister driver uses its first bank: 16
// encoders (CC 0–15 on MIDI channel 1, LX's 0), each with a push switch (the same CC on channel 2:
// 127 pressed, 0 released), a ring of LEDs showing a value (a CC on channel 1 sets the ring and the
// encoder's own position) and an indicator whose brightness is a CC on channel 3 (65 off … 95 full).
// The encoders are taken in the Twister's factory setting, absolute (0–127): the rings keep each
// encoder where its parameter is, so a knob never jumps. Pure: state in, bytes out; bytes in, action out.

import type { MidiMessage } from '../../light/midi/midi-message.js';

export const TWISTER_KNOBS = 16;
const CHANNEL_ENCODER = 0;
const CHANNEL_SWITCH = 1;
const CHANNEL_BRIGHTNESS = 2;
const INDICATOR_OFF = 65;
const INDICATOR_FULL = 95;

/** Each encoder's parameter as the ring shows it: its normalized value 0–1, or null when the encoder has none. */
type TwisterState = readonly (number | null)[];

/** Every LED's message, keyed by the LED: the ring's value (0–127) and the indicator lit for an encoder with a parameter. */
export function twisterLeds(state: TwisterState): Map<string, readonly number[]> {
  const out = new Map<string, readonly number[]>();
  for (let i = 0; i < TWISTER_KNOBS; i++) {
    const v = state[i] ?? null;
    out.set(`ring ${i}`, [0xb0 | CHANNEL_ENCODER, i, v === null ? 0 : Math.round(Math.min(1, Math.max(0, v)) * 127)]);
    out.set(`indicator ${i}`, [0xb0 | CHANNEL_BRIGHTNESS, i, v === null ? INDICATOR_OFF : INDICATOR_FULL]);
  }
  return out;
}

/** What a message from the Twister asks for: an encoder turned to 0–1, or pushed. */
type TwisterAction =
  | { readonly kind: 'turn'; readonly index: number; readonly value: number }
  | { readonly kind: 'push'; readonly index: number }
  | { readonly kind: 'none' };

export function twisterAction(msg: MidiMessage): TwisterAction {
  if (msg.kind !== 'cc' || msg.number >= TWISTER_KNOBS) return { kind: 'none' };
  if (msg.channel === CHANNEL_ENCODER) return { kind: 'turn', index: msg.number, value: msg.value / 127 };
  if (msg.channel === CHANNEL_SWITCH && msg.value > 0) return { kind: 'push', index: msg.number };
  return { kind: 'none' };
}
