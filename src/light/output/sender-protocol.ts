// The contract between the engine thread and the network thread (sender-worker.mjs).
//
// engine → worker:
//   { type: 'plan', arena, bankSize, banks, control, stats, destinations, packetOffset, packetLength, packetDestination, skip, batching }
//       arena: SharedArrayBuffer of `banks` banks of `bankSize` bytes (two, more where frames wait
//       for their presentation time); control: SharedArrayBuffer Int32Array, one busy flag a bank;
//       the engine sets a flag before posting the bank, the worker clears it when every send of
//       that bank completed; a plan posted while banks wait applies after them;
//       packet arrays: ArrayBuffers of Int32 (offset within a bank, length, destination index);
//       skip: null, or a SharedArrayBuffer of one byte per bank and packet, 1 = not sent with
//       that bank (the packet's fps limit), written by the engine before it posts the bank;
//       batching: send runs of equal-size UDP packets as one segmented send where the OS can.
//   <number>  send that bank (after the banks still waiting, if any)
//   { type: 'frame', bank, at }  send that bank at `at` (epoch ms), after the banks before it
//   { type: 'cpu' }  asks for the thread's CPU time (benchmarks)
//   { type: 'close' }
// worker → engine:
//   { type: 'error', slot, key, message }  the latest error of a destination (rate-limited)
//   { type: 'cpu', ns }  the network thread's CPU time so far (-1 where the OS does not say)

/** Float64 fields per destination slot in the shared stats array. */
export const STATS_STRIDE = 9;
export const STAT_PACKETS = 0;
export const STAT_BYTES = 1;
export const STAT_ERRORS = 2;
/** Wall-clock ms until which the destination is skipped after repeated failures. */
export const STAT_BACKOFF_UNTIL = 4;
export const STAT_LAST_ERROR_AT = 5;
/** Packets not sent: destination backing off, not connected yet, or a TCP receiver still busy. */
export const STAT_SKIPPED = 6;
export const STAT_CONNECTED = 7;
/** Send calls: fewer than packets where runs of packets leave as one segmented send. */
export const STAT_SENDS = 8;

/** Destination slots available for the life of the process. */
export const MAX_DESTINATIONS = 4096;

export interface PlanMessage {
  readonly type: 'plan';
  readonly arena: SharedArrayBuffer;
  readonly bankSize: number;
  readonly banks: number;
  readonly control: SharedArrayBuffer;
  readonly stats: SharedArrayBuffer;
  readonly destinations: readonly { slot: number; key: string; transport: string; host: string; port: number }[];
  readonly packetOffset: ArrayBuffer;
  readonly packetLength: ArrayBuffer;
  readonly packetDestination: ArrayBuffer;
  readonly skip: SharedArrayBuffer | null;
  readonly batching: boolean;
}

export type WorkerMessage =
  | { readonly type: 'error'; readonly slot: number; readonly key: string; readonly message: string }
  | { readonly type: 'cpu'; readonly ns: number };
