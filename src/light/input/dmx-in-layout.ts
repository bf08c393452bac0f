// The memory the DMX receiver thread (dmx-in-thread.ts) and the engine thread (dmx-input.ts)
// share, and the words both use. The thread writes; the engine thread only reads.
//
//   levels    Uint8Array  512 × 512: the last levels received per universe (universe u at u·512)
//   seq       Int32Array  512: per universe a sequence lock, odd while the thread writes its levels
//   universes Float64Array 512 × U_STRIDE: per universe the U_* counters below
//   receivers Float64Array MAX_RECEIVERS × R_STRIDE: per receiver the R_* counters, then one per reason

/** Why a packet was not applied. `dropped` reasons are bad input; `ignored` ones are valid packets that carry no levels for us. */
export const DMX_IN_REASONS = [
  { name: 'short', kind: 'dropped', description: "shorter than its protocol's header" },
  { name: 'id', kind: 'dropped', description: 'not Art-Net or E1.31 (wrong packet identifier)' },
  { name: 'version', kind: 'dropped', description: 'Art-Net protocol version below 14' },
  { name: 'header', kind: 'dropped', description: 'an E1.31 field the standard fixes is wrong (preamble, vector, address type, priority over 200)' },
  { name: 'length', kind: 'dropped', description: 'the data length disagrees with the packet (0, over 512, past the bytes received, or PDU lengths)' },
  { name: 'universe', kind: 'dropped', description: "outside LX's universes 0–511 (sACN 1–511)" },
  { name: 'sequence', kind: 'dropped', description: 'sACN: older than the last packet from its source (out of order, by the E1.31 sequence rule)' },
  { name: 'filtered', kind: 'ignored', description: "a universe this receiver's list does not take" },
  { name: 'notData', kind: 'ignored', description: 'a packet without levels (ArtPoll, ArtSync, other Art-Net operations, E1.31 sync or discovery)' },
  { name: 'startCode', kind: 'ignored', description: 'sACN data with a non-zero start code (per-channel priorities, text)' },
  { name: 'preview', kind: 'ignored', description: 'sACN preview data (meant for visualisers, not the stage)' },
  { name: 'terminated', kind: 'ignored', description: 'sACN stream terminated: the source stopped sending this universe' },
  { name: 'priority', kind: 'ignored', description: 'sACN from a lower priority than a source still live on the universe' },
] as const;
export type DmxInReason = (typeof DMX_IN_REASONS)[number]['name'];
/** A reason's index in DMX_IN_REASONS (and its counter after the R_REASONS offset). */
export const REASON: Readonly<Record<DmxInReason, number>> = Object.fromEntries(DMX_IN_REASONS.map((r, i) => [r.name, i])) as Record<DmxInReason, number>;

export const MAX_RECEIVERS = 8;

/** Per universe (Float64Array). */
export const U_STRIDE = 8;
/** Packets applied. */
export const U_PACKETS = 0;
/** Wall-clock ms (Date.now) of the last packet applied. */
export const U_LAST_AT = 1;
/** Channels in the last packet. */
export const U_CHANNELS = 2;
/** Source slot of the last packet (sources arrive as messages), −1 none. */
export const U_SOURCE = 3;
/** Receiver index of the last packet. */
export const U_RECEIVER = 4;
/** Packets per second applied over the last whole second. */
export const U_RATE = 5;
/** sACN priority of the last packet (−1 for Art-Net). */
export const U_PRIORITY = 6;

/** Per receiver (Float64Array): datagrams, bytes, packets applied, then one counter per reason. */
export const R_STRIDE = 3 + DMX_IN_REASONS.length;
export const R_PACKETS = 0;
export const R_BYTES = 1;
export const R_APPLIED = 2;
export const R_REASONS = 3;

/** A source seen for the first time: its slot in U_SOURCE, where it sends from and, for sACN, its name and CID. */
interface SourceMessage {
  readonly type: 'source';
  readonly slot: number;
  readonly address: string;
  readonly name?: string;
  readonly cid?: string;
}

/** A receiver is listening (the port it bound), or could not start (why). */
interface ReceiverMessage {
  readonly type: 'listening' | 'failed';
  readonly receiver: number;
  readonly port?: number;
  readonly error?: string;
}

/** An Art-Net datagram that is not ArtDmx but ArtTimeCode (OpCode 0x9700): handed on whole for timecode in. */
interface TimecodeMessage {
  readonly type: 'timecode';
  readonly receiver: number;
  readonly bytes: Uint8Array;
}

export type DmxInThreadMessage = SourceMessage | ReceiverMessage | TimecodeMessage;

/** Sources remembered by slot; past this the slot is −1 ("more sources than tracked"). */
export const MAX_SOURCES = 256;

/**
 * E1.31's network data loss timeout: a source not heard for this long no longer holds
 * its universe against lower priorities, and a universe not updated for this long is not
 * "receiving".
 */
export const DMX_IN_LOSS_MS = 2500;
