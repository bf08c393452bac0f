// GET /osc-params: the whole OSC address space as JSON, for setting up a controller (TouchOSC,
// a lighting desk, a show-control script). Read inside the engine queue, like every surface.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BoundedParameter } from '../engine/parameters/bounded.js';
import { DiscreteParameter } from '../engine/parameters/discrete.js';
import type { Component } from '../engine/component.js';
import type { Engine } from '../engine/engine.js';
import type { Parameter } from '../engine/parameters/parameter.js';
import { TriggerParameter } from '../engine/parameters/trigger.js';
import type { RouteHandler } from '../net/routes.js';
import { sendJson } from '../net/replies.js';
import type { LightShow } from '../light/show/light-show.js';
import { Channel } from '../light/mixer/channel.js';
import { oscAddressOf, oscComponentAddress } from '../light/modulation/osc-address.js';
import { Structure } from '../light/structure/structure.js';
import type { OscSurface } from './osc-surface.js';
import { isOscParameter } from './router.js';
import { oscMode, oscType, outgoing } from './values.js';

export interface OscAddressEntry {
  readonly address: string;
  /** The canonical path (MCP tools use it); differs from the address for modulators. */
  readonly path: string;
  readonly label: string;
  readonly kind: string;
  /** OSC type tag to send: f (float), i (int; booleans 0/1), s (string), r (RGBA color). */
  readonly type: 'f' | 'i' | 's' | 'r';
  /** For numbers: normalized values are 0–1 along the knob's curve; absolute are in range units. */
  readonly mode?: 'normalized' | 'absolute';
  readonly range?: { readonly min: number; readonly max: number };
  readonly options?: readonly string[];
  readonly trigger?: true;
  /** The value as Footlight transmits it (normalized where the mode is normalized). */
  readonly value: unknown;
}

function entry(p: Parameter): OscAddressEntry {
  const out: Record<string, unknown> = { address: oscAddressOf(p), path: p.path, label: p.label, kind: p.kind, type: oscType(p) };
  if (p instanceof BoundedParameter || p instanceof DiscreteParameter) {
    out.mode = oscMode(p);
    out.range = { min: p.min, max: p.max };
  }
  if (p instanceof DiscreteParameter && p.options !== null) out.options = [...p.options];
  if (p instanceof TriggerParameter) out.trigger = true;
  const v = outgoing(p);
  out.value = typeof v === 'object' && v !== null && 'value' in v ? v.value : v;
  return out as unknown as OscAddressEntry;
}

/**
 * Visits the OSC address space in tree order (call inside the engine queue): each component
 * outside the structure, its OSC parameters, and each channel (for its `activePattern` address).
 */
export function walkOscAddressSpace(
  light: LightShow,
  visit: { readonly component?: (c: Component) => void; readonly parameter: (p: Parameter) => void; readonly channel: (c: Channel) => void },
): void {
  for (const c of light.lx.descendants()) {
    if (c instanceof Structure) continue;
    let inStructure = false;
    for (let x = c.parent; x !== null; x = x.parent) if (x instanceof Structure) inStructure = true;
    if (inStructure) continue;
    visit.component?.(c);
    for (const p of c.parameters.values()) if (isOscParameter(p)) visit.parameter(p);
    if (c instanceof Channel) visit.channel(c);
  }
}

/** Builds the address list (call inside the engine queue). */
function oscAddressSpace(light: LightShow): OscAddressEntry[] {
  const out: OscAddressEntry[] = [];
  walkOscAddressSpace(light, {
    parameter: (p) => out.push(entry(p)),
    channel: (c) =>
      out.push({
        address: `${oscComponentAddress(c)}/activePattern`,
        path: `${c.path}/activePattern`,
        label: 'Active Pattern',
        kind: 'discrete',
        type: 'i',
        mode: 'absolute',
        range: { min: 0, max: Math.max(0, c.patterns.length - 1) },
        options: c.patterns.items.map((x) => x.label.getString()),
        value: c.patterns.length === 0 ? -1 : c.activePatternIndex,
      }),
  });
  return out;
}

export function oscParamsRoute(engine: Engine, light: LightShow, osc: OscSurface | undefined): RouteHandler {
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (url.pathname !== '/osc-params') return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendJson(res, 405, { error: 'method_not_allowed', message: 'GET /osc-params lists the OSC address space' });
      return true;
    }
    const addresses = await engine.queue.submit(() => oscAddressSpace(light), { label: 'osc-params' });
    sendJson(res, 200, {
      ...(osc?.receivePort === undefined ? {} : { receive: { host: osc.receiveHost, port: osc.receivePort } }),
      transmit: (osc?.transmitDestinations ?? []).map((d) => ({ host: d.host, port: d.port, ...(d.filter ? { filter: [...d.filter] } : {}) })),
      notes: [
        'Send one value per message to an address. mode "normalized" floats run 0–1 along the knob curve; "absolute" values are in the range units; booleans ' +
          'take 0/1, T/F or "true"; triggers fire on 1 or T; colors take RGBA (r) or an int ARGB.',
        'Aliases: channels by 1-based index, OSC label or master; patterns by index, label or active; effects by index or label; modulators by OSC label. ' +
          '<address>/osc-query (at any level) re-sends values; /lx/framerate replies with the frame rate.',
        'Every change in the show is transmitted to the transmit destinations as it happens. Continuous writes to one parameter merge into one undo step.',
      ],
      addresses,
    });
    return true;
  };
}
