// The core reads: ping, capabilities, the selected device's state and inspect.

import type { SoundHost } from '../host/host.js';
import { BANK_SIZE, chainOf, Device, nativeDisplay, nativeToNormalized, nativeValue } from '../model/components.js';
import { chainPayload, deviceSummary, paramPayload } from '../model/payloads.js';
import { HOST_NAME, HOST_VERSION, PROTOCOL_VERSION } from '../model/version.js';
import { CONTROL_COUNT, DEVICE_WINDOW, devicePayloadOf, trackPayloadOf } from './common.js';
import { graphCapabilityPayload } from './grid.js';
import { songCapabilityPayload } from './song.js';
import type { Reply } from '../../protocol3/replies/index.js';

export function ping(): Reply<'ping'> {
  return { pong: true, protocol: PROTOCOL_VERSION };
}

export function capabilities(host: SoundHost): Reply<'capabilities'> {
  return {
    protocol: PROTOCOL_VERSION,
    host: { name: HOST_NAME, version: HOST_VERSION },
    extension: { name: `${HOST_NAME} sound host`, version: HOST_VERSION, instance: host.nonce },
    api: { name: 'footlight-sound', version: PROTOCOL_VERSION },
    graph_available: true,
    grid_graph: graphCapabilityPayload(),
    song: songCapabilityPayload(host),
    limits: {
      command_bytes: 1024 * 1024,
      response_bytes: 8 * 1024 * 1024,
      deadline_ms: host.engine.deadlineMs,
      bank_size: BANK_SIZE,
      exposed_controls: CONTROL_COUNT,
      device_window: DEVICE_WINDOW,
    },
    undo: { scope: 'global', shared_with: ['light', 'console', 'mcp', 'osc'] },
  };
}

/** The exposed controls of a device's one page, 1-based, unmapped ones marked as absent. */
function controlsPayload(d: Device): Reply<'state'>['controls'] {
  const out: Reply<'state'>['controls'] = [];
  for (let i = 0; i < CONTROL_COUNT; i++) {
    const id = d.spec.controls[i];
    const spec = id === undefined ? undefined : d.spec.params.find((p) => p.id === id);
    if (spec === undefined) {
      out.push({ index: i + 1, exists: false });
      continue;
    }
    const v = nativeValue(spec, d.native.get(spec.id)!);
    out.push({
      index: i + 1,
      exists: true,
      id: spec.id,
      name: spec.name,
      value: nativeToNormalized(spec, v),
      display: nativeDisplay(spec, v),
      native_value: v,
    });
  }
  return out;
}

/** The selected device's exposed controls and every native parameter. */
export function state(host: SoundHost): Reply<'state'> {
  const d = host.selection.device();
  const guard = host.selection.guard();
  if (d === null)
    return { device: null, controls: [], scale: 'normalized 0-1', ...guard, ...(guard.reason === undefined ? { reason: 'no device is selected' } : {}) };
  return {
    device: devicePayloadOf(host, d),
    page: 'Main',
    controls: controlsPayload(d),
    scale: 'normalized 0-1',
    parameters: d.spec.params.map((s) => paramPayload(s, d)),
    // A Sampler's own samples (sampler-zones); none: it plays its built-in kit.
    ...(d.zones.length > 0 ? { zones: [...d.zones] } : {}),
    ...guard,
  };
}

/** The selected track and device, with the device's place in its chain and its structure. */
export function inspect(host: SoundHost): Reply<'inspect'> {
  const track = host.selection.track();
  const d = host.selection.device();
  let device: Reply<'inspect'>['device'] = null;
  if (d !== null) {
    const chain = chainOf(d);
    let depth = 0;
    for (let c = d.parent; c instanceof Device; c = c.parent) depth++;
    device = {
      ...deviceSummary(d, chain.devices.indexOf(d), d.id),
      chain: chainPayload(chain),
      is_nested: depth > 0,
      nesting_depth: depth,
      parent_instance_id: d.parent instanceof Device ? d.parent.id : null,
      has_slots: d.spec.slots.length > 0,
      slot_names: d.spec.slots.map((s) => s.name),
      slot_device_counts: Object.fromEntries(d.spec.slots.map((s) => [s.name, d.slots.get(s.name)!.length])),
      has_layers: false,
      has_drum_pads: false,
      graph_available: d.grid !== null,
      window_open: d.windowOpen,
      exposed_control_count: d.spec.controls.length,
      host_modulation_sources: d.spec.hostSources.length,
    };
  }
  return { track: track === null ? null : trackPayloadOf(host, track), device, ...host.selection.guard() };
}
