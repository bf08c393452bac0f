// Devices of the selected track: navigate, toggle the editor window, search the catalog, list
// the sibling window, insert and remove (guarded by the selection token).

import { CompoundCommand, type Command } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import { invalidArgument, notFound } from '../../engine/errors.js';
import { DEVICES, deviceSpec, matchesQuery, UUID_PATTERN, uuidKind, type DeviceSpec } from '../model/catalog.js';
import { deviceCodec, InsertNode, RemoveNode } from '../model/commands.js';
import { refuse } from '../model/errors.js';
import type { SoundHost } from '../host/host.js';
import { chainName, chainOf, Device, trackChain, type DeviceJson } from '../model/components.js';
import { catalogDevicePayload, chainPayload, deviceSummary, type Payload } from '../model/payloads.js';
import { DEVICE_WINDOW, devicePayloadOf, MAX_CHAIN_DEVICES, selectionPayload, trackPayloadOf } from './common.js';

export function navigateDevice(host: SoundHost, how: 'next' | 'previous' | 'parent' | 'first' | 'primary'): Payload {
  const selection = host.selection;
  let target: Device | null = null;
  const current = selection.device();
  if (how === 'first' || how === 'primary') {
    const track = selection.requireTrack();
    target = how === 'first' ? (track.devices.at(0) ?? null) : (track.devices.items.find((d) => d.spec.kind === 'instrument') ?? track.devices.at(0) ?? null);
  } else {
    const d = selection.requireDevice();
    if (how === 'parent') target = d.parent instanceof Device ? d.parent : null;
    else {
      const chain = chainOf(d);
      target = chain.devices.at(chain.devices.indexOf(d) + (how === 'next' ? 1 : -1)) ?? null;
    }
  }
  const moved = target !== null && target !== current;
  if (moved) selection.selectDevice(target);
  return { moved, ...selectionPayload(host) };
}

/** Opens or closes the selected device's editor window (runtime state, not undoable). */
export function toggleDeviceEditor(host: SoundHost): Payload {
  const d = host.selection.requireDevice();
  d.windowOpen = !d.windowOpen;
  return { instance_id: d.id, name: d.label.getString(), window_open: d.windowOpen };
}

export function deviceCatalog(query: string): Payload {
  const found = DEVICES.filter((d) => matchesQuery(query, d.name, d.category, d.kind.replace('_', ' ')));
  return { query, count: found.length, total: DEVICES.length, devices: found.map(catalogDevicePayload) };
}

/** The window of DEVICE_WINDOW siblings around the selected device, in its chain. */
export function deviceWindow(host: SoundHost): Payload {
  const track = host.selection.requireTrack();
  const d = host.selection.device();
  const chain = d === null ? trackChain(track) : chainOf(d);
  const pos = d === null ? 0 : chain.devices.indexOf(d);
  const start = Math.floor(pos / DEVICE_WINDOW) * DEVICE_WINDOW;
  const window = chain.devices.items.slice(start, start + DEVICE_WINDOW);
  return {
    track: trackPayloadOf(host, track),
    chain: chainPayload(chain),
    window_start: start,
    window_size: DEVICE_WINDOW,
    sibling_count: chain.devices.length,
    window_complete: start === 0 && chain.devices.length <= DEVICE_WINDOW,
    selected_position: d === null ? null : pos,
    devices: window.map((x, i) => deviceSummary(x, start + i, d?.id ?? null)),
    ...host.selection.guard(),
  };
}

/** Resolves a device UUID, refusing module/modulator UUIDs by name. */
function deviceSpecFor(uuid: string, command: string): DeviceSpec {
  if (!UUID_PATTERN.test(uuid))
    throw invalidArgument(`UUID must be a lowercase 8-4-4-4-12 hex UUID from device-catalog; got ${JSON.stringify(uuid.slice(0, 60))}`);
  const kind = uuidKind(uuid);
  if (kind === 'module')
    throw refuse(
      'invalid_argument',
      'wrong_uuid_kind',
      `${uuid} is a Grid module UUID, not a device UUID; ${command} takes a device UUID from device-catalog (modules go in with graph-insert)`,
    );
  if (kind === 'modulator')
    throw refuse(
      'invalid_argument',
      'wrong_uuid_kind',
      `${uuid} is a Grid modulator UUID, not a device UUID; ${command} takes a device UUID from device-catalog (modulators go in with graph-insert-modulator)`,
    );
  const spec = deviceSpec(uuid);
  if (spec === undefined) throw notFound(`no installed device has UUID ${uuid}; see device-catalog`);
  return spec;
}

const KIND_WORDS: Record<DeviceSpec['kind'], string> = { instrument: 'an instrument', audio_effect: 'an audio effect', note_effect: 'a note effect' };

/** Inserts a device relative to the selection (or replaces the selected one), as one step; selects it. */
export function insertDevice(
  host: SoundHost,
  origin: Origin,
  position: 'before' | 'after' | 'start' | 'end' | 'replace',
  uuid: string,
  token: string,
): Payload {
  host.selection.checkToken(token);
  const spec = deviceSpecFor(uuid, 'insert');
  const track = host.selection.requireTrack();
  const selected = host.selection.device();
  if ((position === 'before' || position === 'after' || position === 'replace') && selected === null)
    throw refuse(
      'invalid_argument',
      'no_selection',
      `insert ${position} needs a selected device; the selected track has none selected (use start or end, or device-first)`,
    );
  const chain = position === 'start' || position === 'end' ? trackChain(track) : chainOf(selected!);
  if (!chain.accepts.includes(spec.kind))
    throw refuse(
      'invalid_argument',
      'wrong_uuid_kind',
      `${spec.name} is ${KIND_WORDS[spec.kind]}; ${chainName(chain)} holds ${chain.accepts.join(', ').replace(/_/g, ' ')} devices only`,
    );
  const at = selected === null ? -1 : chain.devices.indexOf(selected);
  const index = position === 'start' ? 0 : position === 'end' ? chain.devices.length : position === 'after' ? at + 1 : at;
  if (position !== 'replace' && chain.devices.length >= MAX_CHAIN_DEVICES)
    throw refuse('invalid_argument', 'out_of_range', `${chainName(chain)} already holds ${MAX_CHAIN_DEVICES} devices`);
  const json: DeviceJson = { uuid: spec.uuid, name: spec.name, enabled: true, params: {}, slots: {} };
  const ins = new InsertNode(`Insert ${spec.name}`, chain.devices.owner.id, chain.devices.name, json, index, deviceCodec);
  const command: Command =
    position === 'replace'
      ? new CompoundCommand(`Replace ${selected!.label.getString()} with ${spec.name}`, [
          new RemoveNode(`Remove ${selected!.label.getString()}`, chain.devices.owner.id, chain.devices.name, selected!.id, deviceCodec),
          ins,
        ])
      : ins;
  host.perform(origin, command, () => chain.devices.at(index)?.spec.uuid === spec.uuid);
  const inserted = chain.devices.at(index)!;
  host.selection.selectDevice(inserted);
  return {
    position,
    inserted: devicePayloadOf(host, inserted),
    ...(position === 'replace' ? { replaced_instance_id: selected!.id } : {}),
    ...selectionPayload(host),
  };
}

/** Removes the selected device as one step; selects its neighbour, else the device whose slot held it. */
export function removeDevice(host: SoundHost, origin: Origin, token: string): Payload {
  host.selection.checkToken(token);
  const d = host.selection.requireDevice();
  const chain = chainOf(d);
  const index = chain.devices.indexOf(d);
  const removed = deviceSummary(d, index, d.id);
  host.perform(origin, new RemoveNode(`Remove ${d.label.getString()}`, chain.devices.owner.id, chain.devices.name, d.id, deviceCodec), () => d.parent === null);
  const next = chain.devices.at(index) ?? chain.devices.at(index - 1) ?? null;
  if (next !== null) host.selection.selectDevice(next);
  else if (chain.owner instanceof Device) host.selection.selectDevice(chain.owner);
  else host.selection.selectDevice(null);
  return { removed, ...selectionPayload(host) };
}
