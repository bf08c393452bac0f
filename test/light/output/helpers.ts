// Shared set-up for output tests: an engine with a light show and an output stage whose
// protocols point at ephemeral loopback ports, and an expectation written from LX's formulas
// (not from the encoder's tables) for every byte a fixture should send.
import dgram from 'node:dgram';
import type { TestContext } from 'node:test';
import { Engine } from '../../../src/engine/engine.js';
import { silentLogger } from '../../../src/engine/log.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { Channel } from '../../../src/light/mixer/channel.js';
import { GradientPattern } from '../../../src/light/devices/patterns/color/gradient-pattern.js';
import { OutputEngine } from '../../../src/light/output/output-engine.js';
import type { Protocol } from '../../../src/light/structure/output-protocols.js';
import { Fixture } from '../../../src/light/structure/fixture.js';
import { udpCapture } from '../../helpers/pcap.js';

export interface OutputRig {
  readonly engine: Engine;
  readonly light: LightShow;
  readonly outputs: OutputEngine;
  /** Adds a stock fixture; `params` are set through each parameter's surface checks. */
  fixture(className: string, params?: Record<string, number | string | boolean>): Fixture;
  /** Steps `n` frames of 16 ms and waits until the network thread has sent them. */
  frames(n: number): Promise<void>;
}

export async function outputRig(
  t: TestContext,
  ports: Partial<Record<Protocol, number>> = {},
  cid?: Uint8Array,
  options: { readonly batchSends?: boolean } = {},
): Promise<OutputRig> {
  const engine = new Engine();
  const light = new LightShow(engine);
  const channel = new Channel('Channel-1');
  light.mixer.insertChannel(channel);
  const g = new GradientPattern();
  channel.addPattern(g);
  g.xAmount.setValue(1);
  g.gradient.setValue(0.5);
  g.colorMode.setValue(0);
  const outputs = new OutputEngine(light, { log: silentLogger, ports, ...(cid ? { cid } : {}), ...options });
  // The frame pipeline of src/main.ts: the light renders (its own clock listener), then the outputs send the frame.
  engine.clock.onFrame((frame) => outputs.send(frame, light.main));
  t.after(() => outputs.close());
  return {
    engine,
    light,
    outputs,
    fixture(className, params = {}) {
      const f = new Fixture(className);
      for (const [key, value] of Object.entries(params)) {
        const p = f.parameters.get(key);
        if (p === undefined) throw new Error(`${className} has no parameter ${key}`);
        p.setBase(p.accept(value));
      }
      light.structure.addFixture(f);
      return f;
    },
    async frames(n) {
      await outputs.whenConnected();
      for (let i = 0; i < n; i++) {
        engine.clock.step(16);
        await outputs.flush();
      }
    },
  };
}

/**
 * Whether this machine's kernel splits one segmented UDP send into datagrams on loopback (Linux
 * UDP_SEGMENT through the sender's own probe); some kernels and sandboxes cannot, and there the
 * sender sends packet by packet.
 */
export async function segmentationWorks(): Promise<boolean> {
  // The sender's module is plain JavaScript without types: loaded by address, as the worker does.
  const { segmenter } = await import(new URL('../../../src/light/output/udp-segmentation.mjs', import.meta.url).href);
  const cap = await udpCapture();
  const socket = dgram.createSocket('udp4');
  try {
    await new Promise<void>((resolve) => socket.connect(cap.port, '127.0.0.1', () => resolve()));
    if (!segmenter(socket).set(100)) return false;
    const sent = await new Promise<boolean>((resolve) => socket.send(Buffer.alloc(250), (err) => resolve(err === null || err === undefined)));
    if (!sent) return false;
    await cap.waitFor(3, 1000).catch(() => undefined);
    return cap.packets.map((p) => p.length).join() === '100,100,50';
  } finally {
    socket.close();
    await cap.close();
  }
}

const POSITIONS: Record<string, string> = { R: 'r', G: 'g', B: 'b', W: 'w' };

/**
 * The bytes LX sends for one pixel: gamma table entry round(255·(v·level·wp/255³)^γ)
 * (round(v·level·wp/255²) at γ = 1); RGBW sends r−w, g−w, b−w, w with w = min; W sends
 * (r+g+b)/3.
 */
export function expectedPixel(argb: number, order: string, level: number, gamma = 1, wp = 255): number[] {
  const curve = (v: number): number =>
    gamma === 1 ? Math.floor((v * level * wp) / 65025 + 0.5) : Math.floor(255 * Math.pow((v * level * wp) / 16581375, gamma) + 0.5);
  const r = (argb >>> 16) & 255,
    g = (argb >>> 8) & 255,
    b = argb & 255;
  if (order === 'W') return [curve(Math.trunc((r + g + b) / 3))];
  const w = Math.min(r, g, b);
  const values: Record<string, number> = order.length === 4 ? { r: r - w, g: g - w, b: b - w, w } : { r, g, b, w: 0 };
  return [...order].map((ch) => curve(values[POSITIONS[ch]]));
}

/** The expected data bytes of `pixels` consecutive points (by model index). */
export function expectedBytes(main: Uint32Array, indices: readonly number[], order: string, level: number, gamma = 1): number[] {
  const out: number[] = [];
  for (const i of indices) out.push(...expectedPixel(main[i], order, level, gamma));
  return out;
}

export function range(start: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => start + i);
}

export function hexBytes(s: string): number[] {
  return s === '' ? [] : s.split(':').map((x) => parseInt(x, 16));
}
