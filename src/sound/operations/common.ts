// What the sound operations share: the host's bounds, bank lookups and the payloads that read
// the host (the selection and the bank position). Operations are plain synchronous functions
// over the host, run inside one engine-queue task by their caller (the protocol-3 dispatcher,
// the console), like light's src/light/operations.

import { internal, notFound } from '../../engine/errors.js';
import { refuse } from '../model/errors.js';
import type { SoundHost } from '../host/host.js';
import { BANK_SIZE, chainOf, type Device, type Track } from '../model/components.js';
import { chainPayload, deviceSummary, trackPayload, type Payload } from '../model/payloads.js';

/** Exposed controls per device page. */
export const CONTROL_COUNT = 8;
/** Devices per chain. */
export const MAX_CHAIN_DEVICES = 64;
/** The `devices` sibling window. */
export const DEVICE_WINDOW = 16;
/** Pairs in one `batch`. */
export const MAX_BATCH = 64;

/** A track's bank index, or -1. */
export function flatIndexOf(host: SoundHost, t: Track): number {
  return host.flat().findIndex((f) => f.track === t);
}

/** The track at a bank index, refusing an index outside the bank or past its end. */
export function trackAt(host: SoundHost, index: number): Track {
  if (!Number.isInteger(index) || index < 0 || index >= BANK_SIZE)
    throw refuse('invalid_argument', 'out_of_range', `INDEX takes a bank index 0–${BANK_SIZE - 1}; got ${index}`);
  const flat = host.flat();
  const f = flat[index];
  if (f === undefined) throw notFound(`track ${index} does not exist; the bank holds ${flat.length} tracks (0–${flat.length - 1}). See tracks.`);
  return f.track;
}

export function trackPayloadOf(host: SoundHost, t: Track): Payload {
  const f = host.flat().find((x) => x.track === t);
  if (f === undefined) throw internal(`track ${t.id} is not in the bank`);
  return trackPayload(f, host.selection.ids.trackId);
}

export function devicePayloadOf(host: SoundHost, d: Device): Payload {
  const chain = chainOf(d);
  return { ...deviceSummary(d, chain.devices.indexOf(d), host.selection.ids.deviceId), chain: chainPayload(chain) };
}

/** The selection as replies carry it: bank index, track, device and the selection guard. */
export function selectionPayload(host: SoundHost): Payload {
  const track = host.selection.track();
  const device = host.selection.device();
  return {
    selected_index: track === null ? null : flatIndexOf(host, track),
    track: track === null ? null : trackPayloadOf(host, track),
    device: device === null ? null : devicePayloadOf(host, device),
    ...host.selection.guard(),
  };
}
