import type { Component } from '../../engine/component.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { StringParameter } from '../../engine/parameters/string.js';
import { LXComponent } from '../component/lx-component.js';
import type { LoadContext, LxObject } from '../component/lxp-types.js';

/** LX's DMX input holds universes 0–511 (LXDmxEngine.MAX_UNIVERSE). */
export const DMX_UNIVERSES = 512;
/** Channels per universe (LXDmxEngine.MAX_CHANNEL), 0-based. */
export const DMX_CHANNELS = 512;

/** LX's LXDmxEngine.ByteOrder, in its order: the option a device saves. */
export const DMX_BYTE_ORDERS = [
  { label: 'RGB', name: 'RGB' },
  { label: 'RBG', name: 'RBG' },
  { label: 'GRB', name: 'GRB' },
  { label: 'GBR', name: 'GBR' },
  { label: 'BRG', name: 'BRG' },
  { label: 'BGR', name: 'BGR' },
] as const;

/** Per byte order: the offsets of red, green and blue from the start channel. */
const ORDER_OFFSETS = new Uint8Array([0, 1, 2, 0, 2, 1, 1, 0, 2, 2, 0, 1, 1, 2, 0, 2, 1, 0]);

/**
 * Where the universes a desk sends come from (src/light/input: the Art-Net and sACN receivers).
 * The engine asks once per frame, before anything renders, so every device of a frame reads the
 * same universes, whatever arrives while the frame runs.
 */
export interface DmxSource {
  /**
   * Copies into `data` (universe u at u·512) every universe that changed since the last call
   * with the same array; a new array gets every universe.
   */
  latch(data: Uint8Array): void;
}

/**
 * LX's LXDmxEngine at `/lx/dmx`: the DMX input every DMX device reads, 512 universes of 512
 * channels, all 0 until something is received. LX's Art-Net receiver settings are kept and saved
 * as LX saves them, but they open no socket here: the operator names Footlight's receivers
 * (`serve --dmx-in`, config.json's `dmxIn`), and a project never opens a port by itself.
 */
export class LXDmxEngine extends LXComponent {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'latched'];
  }

  readonly lxClass = 'heronarts.lx.dmx.LXDmxEngine';
  readonly artNetReceiveHost = new StringParameter('Art-Net Host', '0.0.0.0', {
    description: "LX's Art-Net receiver address, saved for LX; Footlight listens where serve --dmx-in or config.json's dmxIn says",
  });
  readonly artNetReceivePort = new DiscreteParameter('Art-Net RX Port', 6454, 1, 65534, {
    mappable: false,
    description: "LX's Art-Net receiver port, saved for LX; Footlight listens where serve --dmx-in or config.json's dmxIn says",
  });
  readonly artNetReceiveActive = new BooleanParameter('Art-Net Active', false, {
    mappable: false,
    description: "Whether LX receives Art-Net, saved for LX; Footlight's receivers are the operator's (serve --dmx-in, config.json)",
  });
  readonly artNetLog = new BooleanParameter('Log Art-Net Activity', false, { description: 'LX: write Art-Net activity to the log (saved for LX)' });
  /** The input: universe u, channel c at u·512 + c. Written only by `latch`, at the start of a frame. */
  readonly data = new Uint8Array(DMX_UNIVERSES * DMX_CHANNELS);

  constructor() {
    super('LX');
    this.addParameter('artNetReceiveHost', this.artNetReceiveHost);
    this.addParameter('artNetReceivePort', this.artNetReceivePort);
    this.addParameter('artNetReceiveActive', this.artNetReceiveActive);
    this.addParameter('artNetLog', this.artNetLog);
  }

  /** A project that turns LX's receiver on is told where Footlight's receivers come from instead. */
  override load(obj: LxObject, ctx: LoadContext): void {
    super.load(obj, ctx);
    if (this.artNetReceiveActive.isOn())
      ctx.warn(
        `the project receives Art-Net in LX (${this.artNetReceiveHost.getString()}:${this.artNetReceivePort.getValue()}); Footlight opens no port for it: ` +
          "its DMX input is the operator's (serve --dmx-in, config.json's dmxIn)",
      );
  }

  /** Takes this frame's universes from `source` (none wired: the input stays as it is). */
  latch(source: DmxSource | null): void {
    source?.latch(this.data);
  }

  /** Opaque ARGB of three channels from `channel` in a byte order (0–5, DMX_BYTE_ORDERS); channel + 2 must be ≤ 511. */
  getColor(universe: number, channel: number, byteOrder: number): number {
    const base = universe * DMX_CHANNELS + channel;
    const o = byteOrder * 3;
    const d = this.data;
    return (0xff000000 | (d[base + ORDER_OFFSETS[o]] << 16) | (d[base + ORDER_OFFSETS[o + 1]] << 8) | d[base + ORDER_OFFSETS[o + 2]]) >>> 0;
  }

  /** The universes that hold anything but 0, for runtime state: all 512 take 256 KiB, an idle input nothing. */
  get latched(): { universe: number; levels: Uint8Array }[] {
    const out: { universe: number; levels: Uint8Array }[] = [];
    for (let u = 0; u < DMX_UNIVERSES; u++) {
      const levels = this.data.subarray(u * DMX_CHANNELS, (u + 1) * DMX_CHANNELS);
      if (levels.some((v) => v !== 0)) out.push({ universe: u, levels });
    }
    return out;
  }

  set latched(universes: { universe: number; levels: Uint8Array }[]) {
    const copies = universes.map(({ universe, levels }) => ({ universe, levels: levels.slice(0, DMX_CHANNELS) })); // may view `data`
    this.data.fill(0);
    for (const { universe, levels } of copies) this.data.set(levels, universe * DMX_CHANNELS);
  }

  /** One channel, 0–255. */
  getValuei(universe: number, channel: number): number {
    return this.data[universe * DMX_CHANNELS + channel];
  }

  /** One channel as 0–1 (value / 255). */
  getNormalized(universe: number, channel: number): number {
    return this.data[universe * DMX_CHANNELS + channel] / 255;
  }
}

/** The DMX input of the light engine holding `c`, or null while detached. */
export function dmxEngineOf(c: Component): LXDmxEngine | null {
  for (let p: Component | null = c; p !== null; p = p.parent) {
    if ((p as { isLightRoot?: boolean }).isLightRoot === true) return (p as unknown as { dmx?: LXDmxEngine }).dmx ?? null;
  }
  return null;
}
