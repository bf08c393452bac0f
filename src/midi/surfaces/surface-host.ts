// The control surfaces of `.lxmidi` at work: messages from a device an enabled surface is bound to go
// to its driver (apc-mini-mk2.ts, midi-fighter-twister.ts) instead of the mappings, and every change
// it asks for runs as a tool call (ToolRegistry: the same checks and history as MCP, surface `midi`).
// Each engine frame, while a console page listens, the show's state becomes each surface's LEDs;
// only the LEDs that changed since a page last got them are sent (the console's `midiSend`).

import type { Origin } from '../../engine/commands/history.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import { parseMidi } from '../../light/midi/midi-message.js';
import { SURFACE_DRIVERS } from '../../light/midi/midi-surfaces.js';
import { Pattern } from '../../light/devices/patterns/pattern.js';
import { Channel } from '../../light/mixer/channel.js';
import type { LightShow } from '../../light/show/light-show.js';
import type { Services } from '../../tools/context.js';
import { TOOLS } from '../../tools/index.js';
import { ToolRegistry } from '../../tools/invoke.js';
import { APC_COLUMNS, APC_ROWS, apcAction, apcLeds, type ApcPad } from './apc-mini-mk2.js';
import { TWISTER_KNOBS, twisterAction, twisterLeds } from './midi-fighter-twister.js';
import { takesOver, type Takeover } from './takeover.js';

type Driver = 'APCminiMk2' | 'MidiFighterTwister';

/** A surface's state that is not the show's: Shift held, the grid's mode, the faders' takeover. */
interface Runtime {
  shift: boolean;
  mode: 'patterns' | 'clips';
  readonly faders: Takeover[];
}

/** A console page's feedback: where its bytes go and the LEDs it has, by device. */
interface Subscriber {
  readonly send: (device: string, messages: number[][]) => void;
  readonly sent: Map<string, Map<string, string>>;
}

/** The parameters an encoder drives: mappable knobs, choices and switches (not triggers). */
function knobParameters(show: LightShow): (BoundedParameter | DiscreteParameter | BooleanParameter)[] {
  const mixer = show.lx.mixer;
  const channel = mixer.channels.items[mixer.focusedChannel.getValue()];
  if (!(channel instanceof Channel)) return [];
  const engine = channel.patternEngine;
  const pattern = engine.patterns[engine.focusedPattern.getValue()];
  if (pattern === undefined) return [];
  const out: (BoundedParameter | DiscreteParameter | BooleanParameter)[] = [];
  for (const p of pattern.parameters.values()) {
    if (out.length === TWISTER_KNOBS) break;
    if (!p.mappable || p instanceof TriggerParameter || (p instanceof BooleanParameter && p.isPulse)) continue;
    if (p instanceof BooleanParameter || p instanceof DiscreteParameter || p instanceof BoundedParameter) out.push(p);
  }
  return out;
}

function normalized(p: BoundedParameter | DiscreteParameter | BooleanParameter): number {
  return p instanceof BooleanParameter ? (p.isOn() ? 1 : 0) : p.getBaseNormalized();
}

export class SurfaceHost {
  private readonly tools: ToolRegistry;
  private readonly runtimes = new Map<string, Runtime>();
  private readonly subscribers = new Set<Subscriber>();
  private detach: (() => void) | undefined;

  constructor(private readonly services: Services) {
    this.tools = new ToolRegistry(services, TOOLS);
  }

  /** The driver of the enabled surface bound to `device`, if any. */
  private driverOf(device: string): Driver | undefined {
    const s = this.services.light.lx.midi.surfaces.find((x) => x.enabled && x.deviceName === device);
    return SURFACE_DRIVERS.find((d) => d.className === s?.className)?.id as Driver | undefined;
  }

  /** Whether an enabled surface takes this device's messages (then the mappings and the keyboard do not). */
  takes(device: string): boolean {
    return this.driverOf(device) !== undefined;
  }

  private runtime(device: string): Runtime {
    let r = this.runtimes.get(device);
    if (r === undefined) this.runtimes.set(device, (r = { shift: false, mode: 'patterns', faders: [] }));
    return r;
  }

  /** Queues one message from `device` for its surface's driver. Malformed bytes are dropped and counted. */
  receive(bytes: readonly number[], device: string): Promise<void> {
    const origin: Origin = { surface: 'midi', session: device, client: device };
    return this.services.engine.queue.submit(() => this.apply(bytes, device, origin), { label: 'midi surface' });
  }

  private apply(bytes: readonly number[], device: string, origin: Origin): void {
    const midi = this.services.light.lx.midi;
    const driver = this.driverOf(device);
    if (driver === undefined) return;
    midi.stats.received++;
    midi.surfaceSeen.set(device, new Date().toISOString());
    const msg = parseMidi(bytes);
    if (typeof msg === 'string') {
      midi.stats.dropped++;
      return;
    }
    if (driver === 'APCminiMk2') this.apc(msg, device, origin);
    else this.twister(msg, origin);
  }

  /** Runs one tool call for the surface; a refusal (a value that does not fit, a clip gone) is counted as a mapping's is not: ignored. */
  private call(tool: string, args: Record<string, unknown>, origin: Origin, mergeKey?: string): void {
    try {
      this.tools.invokeInTask(tool, args, origin, mergeKey === undefined ? {} : { merge: { mergeKey } });
      this.services.light.lx.midi.stats.applied++;
    } catch {
      // The tool path refused: nothing changed.
    }
  }

  private apc(msg: Exclude<ReturnType<typeof parseMidi>, string>, device: string, origin: Origin): void {
    const r = this.runtime(device);
    const a = apcAction(msg, r.shift);
    const mixer = this.services.light.lx.mixer;
    switch (a.kind) {
      case 'shift':
        r.shift = a.on;
        return;
      case 'mode':
        r.mode = a.mode;
        return;
      case 'track':
        if (a.index < mixer.channels.items.length) this.call('set_parameter', { path: mixer.focusedChannel.path, value: a.index }, origin);
        return;
      case 'fader': {
        const fader = a.index === APC_COLUMNS ? mixer.master.fader : mixer.channels.items[a.index]?.fader;
        if (fader === undefined) return;
        r.faders[a.index] ??= { wrote: undefined, at: undefined };
        if (!takesOver(r.faders[a.index], a.value, fader.getBaseNormalized())) {
          this.services.light.lx.midi.stats.waiting++;
          return;
        }
        this.call('set_parameter', { path: fader.path, value: fader.denormalize(a.value) }, origin, `midi:${fader.path}`);
        return;
      }
      case 'pad': {
        const bus = mixer.channels.items[a.x];
        if (bus === undefined) return;
        if (r.mode === 'clips') {
          const clip = bus.clipAt(a.y);
          if (clip === undefined) return;
          const busy = clip.running.isOn() || clip.launch.pending;
          this.call(busy ? 'stop_clip' : 'launch_clip', { bus: bus.path, slot: a.y }, origin);
          return;
        }
        if (!(bus instanceof Channel)) return;
        const pattern = bus.patternEngine.patterns[a.y];
        // A placeholder (a pattern class Footlight does not have) cannot run.
        if (!(pattern instanceof Pattern)) return;
        // A playlist makes the pattern active (through the transition, when on: LX launches it), one undo step; blend mode toggles it.
        if (bus.patternEngine.isPlaylist) this.call('activate_pattern', { path: pattern.path }, origin);
        else this.call('set_parameter', { path: pattern.enabled.path, value: !pattern.enabled.isOn() }, origin);
        return;
      }
      default:
        return;
    }
  }

  private twister(msg: Exclude<ReturnType<typeof parseMidi>, string>, origin: Origin): void {
    const a = twisterAction(msg);
    if (a.kind === 'none') return;
    const p = knobParameters(this.services.light)[a.index];
    if (p === undefined) return;
    if (a.kind === 'push') {
      // A switch toggles; anything else goes back to its default (LX's knob click: reset).
      const value = p instanceof BooleanParameter ? !p.isOn() : p.defaultValue;
      this.call('set_parameter', { path: p.path, value }, origin);
      return;
    }
    const value = p instanceof BooleanParameter ? a.value >= 0.5 : p instanceof DiscreteParameter ? Math.round(p.denormalize(a.value)) : p.denormalize(a.value);
    this.call('set_parameter', { path: p.path, value }, origin, `midi:${p.path}`);
  }

  /** What the APC's grid and buttons show now. */
  private apcState(device: string): Map<string, readonly number[]> {
    const r = this.runtime(device);
    const mixer = this.services.light.lx.mixer;
    const columns: ApcPad[][] = [];
    for (let x = 0; x < APC_COLUMNS; x++) {
      const bus = mixer.channels.items[x];
      const column: ApcPad[] = [];
      for (let y = 0; y < APC_ROWS && bus !== undefined; y++) {
        if (r.mode === 'clips') {
          const clip = bus.clipAt(y);
          column.push(clip === undefined ? 'empty' : clip.launch.pending ? 'queued' : clip.running.isOn() ? 'playing' : 'stopped');
          continue;
        }
        if (!(bus instanceof Channel)) break;
        const e = bus.patternEngine;
        const p = e.patterns[y];
        if (p === undefined) break;
        const focused = y === e.focusedPattern.getValue();
        const enabled = p instanceof Pattern && p.enabled.isOn();
        if (!e.isPlaylist) column.push(enabled ? 'enabled' : focused ? 'focused' : 'disabled');
        else if (y === e.nextIndex && e.inTransition) column.push('next');
        else if (y === e.activeIndex) column.push('active');
        else if (p instanceof Pattern && p.launch.pending) column.push('pending');
        else column.push(focused ? 'focused' : 'inactive');
      }
      columns.push(column);
    }
    const f = mixer.focusedChannel.getValue();
    return apcLeds({ mode: r.mode, columns, focused: f < APC_COLUMNS ? f : -1, shift: r.shift });
  }

  /** Every enabled surface's LEDs now, by device. */
  private leds(): Map<string, Map<string, readonly number[]>> {
    const out = new Map<string, Map<string, readonly number[]>>();
    for (const s of this.services.light.lx.midi.surfaces) {
      const driver = s.enabled ? this.driverOf(s.deviceName) : undefined;
      if (driver === 'APCminiMk2') out.set(s.deviceName, this.apcState(s.deviceName));
      else if (driver === 'MidiFighterTwister') out.set(s.deviceName, twisterLeds(knobParameters(this.services.light).map(normalized)));
    }
    return out;
  }

  /**
   * A page's feedback: after each engine frame, `send` gets each surface's LEDs that changed since it
   * last got them (all of them the first time). `resend(device)` forgets what the page has for a device
   * (a page whose controller just appeared gets every LED again). `stop` ends it.
   */
  subscribe(send: (device: string, messages: number[][]) => void): { stop: () => void; resend: (device: string) => void } {
    const sub: Subscriber = { send, sent: new Map() };
    this.subscribers.add(sub);
    this.detach ??= this.services.engine.clock.onFrame(() => this.frame());
    return {
      stop: () => {
        this.subscribers.delete(sub);
        if (this.subscribers.size === 0) {
          this.detach?.();
          this.detach = undefined;
        }
      },
      resend: (device) => void sub.sent.delete(device),
    };
  }

  private frame(): void {
    if (this.services.light.lx.midi.surfaces.length === 0) {
      // None bound (an undo removed the last one): a surface bound again lights all its LEDs.
      for (const sub of this.subscribers) sub.sent.clear();
      return;
    }
    const now = this.leds();
    for (const sub of this.subscribers) {
      for (const [device, leds] of now) {
        let had = sub.sent.get(device);
        if (had === undefined) sub.sent.set(device, (had = new Map()));
        const changed: number[][] = [];
        for (const [key, bytes] of leds) {
          const text = bytes.join(' ');
          if (had.get(key) === text) continue;
          had.set(key, text);
          changed.push([...bytes]);
        }
        if (changed.length > 0) sub.send(device, changed);
      }
      // A surface disabled or unbound: its LEDs are forgotten, so enabling it again lights them all.
      for (const device of sub.sent.keys()) if (!now.has(device)) sub.sent.delete(device);
    }
  }
}
