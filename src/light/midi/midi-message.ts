// One MIDI short message from its bytes, checked. A message must start with its status byte:
// running status (data bytes that rely on an earlier status) is not accepted, since messages reach
// Footlight one by one from surfaces that may interleave devices.

/** A MIDI message a mapping can act on, or one Footlight reads but does not map. */
export type MidiMessage =
  | { readonly kind: 'note'; readonly channel: number; readonly number: number; readonly velocity: number; readonly on: boolean }
  | { readonly kind: 'cc'; readonly channel: number; readonly number: number; readonly value: number }
  | { readonly kind: 'other'; readonly status: number };

/** Data bytes after each channel-message status nibble (0x8 note off … 0xE pitch bend). */
const DATA_LENGTH: Record<number, number> = { 8: 2, 9: 2, 10: 2, 11: 2, 12: 1, 13: 1, 14: 2 };

/**
 * Parses one message, or says why it is dropped: a first byte under 0x80 (running status or no
 * status), a data byte outside 0–127, or the wrong number of data bytes. System messages (0xF0
 * and up: SysEx, clock, ...) parse as `other` when their bytes are in range.
 */
export function parseMidi(bytes: readonly number[]): MidiMessage | string {
  if (bytes.length === 0) return 'empty message';
  const status = bytes[0];
  if (!Number.isInteger(status) || status < 0 || status > 0xff) return `status byte ${status} is not 0–255`;
  if (status < 0x80) return `first byte 0x${status.toString(16)} is a data byte: running status is not accepted, send the status byte`;
  const data = bytes.slice(1);
  const high = status >> 4;
  const sysex = status === 0xf0;
  if (sysex && data.at(-1) !== 0xf7) return 'SysEx does not end with 0xF7';
  for (const b of sysex ? data.slice(0, -1) : data) {
    if (!Number.isInteger(b) || b < 0 || b > 127) return `data byte ${b} is not 0–127`;
  }
  if (high === 0xf) return { kind: 'other', status };
  const want = DATA_LENGTH[high];
  if (data.length !== want) return `status 0x${status.toString(16)} takes ${want} data bytes, got ${data.length}`;
  const channel = status & 0x0f;
  if (high === 0x9 || high === 0x8) {
    const velocity = data[1];
    return { kind: 'note', channel, number: data[0], velocity, on: high === 0x9 && velocity > 0 };
  }
  if (high === 0xb) return { kind: 'cc', channel, number: data[0], value: data[1] };
  return { kind: 'other', status };
}
