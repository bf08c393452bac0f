// The OSC surface (LX's /lx/osc engine): a UDP listener on loopback that applies LX addresses
// as tool calls (ToolRegistry.invoke: the same checks and history steps as MCP and the console), and a transmitter that sends every base-value
// change to the configured destinations. Malformed datagrams are counted, logged and dropped;
// nothing an OSC peer sends can stop the listener.
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import type { OscArgInput } from 'osc-min';
import type { Origin, PerformOptions } from '../engine/commands/history.js';
import type { Component } from '../engine/component.js';
import type { Engine } from '../engine/engine.js';
import { FootlightError, invalidArgument } from '../engine/errors.js';
import type { Logger } from '../engine/log.js';
import { BooleanParameter } from '../engine/parameters/boolean.js';
import { ColorParameter } from '../engine/parameters/color.js';
import type { Parameter } from '../engine/parameters/parameter.js';
import type { LightShow } from '../light/show/light-show.js';
import { Channel } from '../light/mixer/channel.js';
import { oscAddressOf, oscComponentAddress, oscLabel } from '../light/modulation/osc-address.js';
import { Structure } from '../light/structure/structure.js';
import type { Services } from '../tools/context.js';
import { TOOLS } from '../tools/index.js';
import { ToolRegistry } from '../tools/invoke.js';
import { MalformedOscError, decodePacket, encodeMessage, type OscMessage } from './codec.js';
import { CUE_PREFIX, cueCommand } from './cue-route.js';
import { isOscParameter, route } from './router.js';
import { coerce, outgoing } from './values.js';

export const DEFAULT_OSC_RECEIVE_PORT = 3030;
export const DEFAULT_OSC_TRANSMIT_PORT = 4040;
export const DEFAULT_OSC_HOST = '127.0.0.1';

interface OscDestination {
  readonly host: string;
  readonly port: number;
  /** Address prefixes to send (LX's filter); default every `/lx` address. */
  readonly filter?: readonly string[];
}

interface OscSurfaceOptions {
  /** The process's services: every change runs a tool through ToolRegistry.invoke. */
  readonly services: Services;
  readonly log: Logger;
  /** Address to listen on; default 127.0.0.1. */
  readonly receiveHost?: string;
  /** UDP port to listen on; 0 picks a free one. Default 3030. */
  readonly receivePort?: number;
  /** Where changes are transmitted; default 127.0.0.1:4040. */
  readonly destinations?: readonly OscDestination[];
}

interface OscStats {
  /** Datagrams received. */
  packets: number;
  /** Messages handled (bundles count each element). */
  messages: number;
  /** Datagrams dropped as malformed (bad padding, unknown type tags, truncated...). */
  malformed: number;
  /** Messages whose address resolves to nothing. */
  unknown: number;
  /** Messages whose value does not fit the parameter. */
  rejected: number;
  /** Changes applied to the show. */
  applied: number;
  /** Messages transmitted. */
  sent: number;
  sendErrors: number;
}

/** Logs a kind of event at most once per second, with how many were not logged. */
class Throttled {
  private last = 0;
  private suppressed = 0;
  constructor(
    private readonly log: Logger,
    private readonly level: 'warn' | 'debug',
  ) {}
  emit(fields: Record<string, unknown>, msg: string): void {
    const now = Date.now();
    if (now - this.last < 1000) {
      this.suppressed++;
      return;
    }
    this.last = now;
    const extra = this.suppressed > 0 ? { suppressed: this.suppressed } : {};
    this.suppressed = 0;
    this.log[this.level]({ ...fields, ...extra }, msg);
  }
}

export class OscSurface {
  readonly stats: OscStats = { packets: 0, messages: 0, malformed: 0, unknown: 0, rejected: 0, applied: 0, sent: 0, sendErrors: 0 };
  readonly receiveHost: string;
  /** The bound receive port, once listening. */
  receivePort: number | undefined;
  private destinations: OscDestination[];
  private receiver: dgram.Socket | null = null;
  private transmitter: dgram.Socket | null = null;
  private unlisten: (() => void) | null = null;
  private readonly malformedLog: Throttled;
  private readonly unknownLog: Throttled;
  private readonly rejectedLog: Throttled;
  private readonly engine: Engine;
  private readonly light: LightShow;
  private readonly log: Logger;
  private readonly tools: ToolRegistry;

  constructor(private readonly options: OscSurfaceOptions) {
    this.engine = options.services.engine;
    this.light = options.services.light;
    // Every tool, not only the served ones: OSC addresses the show whatever agents are offered.
    this.tools = new ToolRegistry(options.services, TOOLS);
    this.log = options.log;
    this.receiveHost = options.receiveHost ?? DEFAULT_OSC_HOST;
    this.destinations = [...(options.destinations ?? [{ host: DEFAULT_OSC_HOST, port: DEFAULT_OSC_TRANSMIT_PORT }])];
    this.malformedLog = new Throttled(this.log, 'warn');
    this.unknownLog = new Throttled(this.log, 'warn');
    this.rejectedLog = new Throttled(this.log, 'warn');
  }

  get transmitDestinations(): readonly OscDestination[] {
    return this.destinations;
  }

  /** Replaces the transmit destinations (every destination explicit; no broadcast). */
  setDestinations(destinations: readonly OscDestination[]): void {
    this.destinations = [...destinations];
  }

  /** Binds the receive socket and starts transmitting changes. Rejects when the port is taken. */
  async start(): Promise<void> {
    const host = this.receiveHost;
    const receiver = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');
    await new Promise<void>((resolve, reject) => {
      receiver.once('error', reject);
      receiver.bind(this.options.receivePort ?? DEFAULT_OSC_RECEIVE_PORT, host, () => {
        receiver.off('error', reject);
        resolve();
      });
    });
    receiver.on('error', (err) => this.log.error({ err }, 'OSC receive socket error'));
    receiver.on('message', (buf, rinfo) => this.receive(buf, rinfo));
    this.receiver = receiver;
    this.receivePort = (receiver.address() as AddressInfo).port;
    const transmitter = dgram.createSocket('udp4');
    transmitter.on('error', (err) => {
      this.stats.sendErrors++;
      this.log.debug({ err }, 'OSC transmit error');
    });
    this.transmitter = transmitter;
    this.unlisten = this.engine.graph.listen({ parameterChanged: (p) => this.transmitParameter(p) });
    if (host !== '127.0.0.1' && host !== '::1' && host !== 'localhost') {
      this.log.warn(
        { host, port: this.receivePort },
        `OSC is listening on ${host}, which is not loopback: anyone who can reach this address controls the show (OSC has no authentication).`,
      );
    }
  }

  async close(): Promise<void> {
    this.unlisten?.();
    this.unlisten = null;
    const sockets = [this.receiver, this.transmitter];
    this.receiver = null;
    this.transmitter = null;
    await Promise.all(sockets.map((s) => (s === null ? undefined : new Promise<void>((r) => s.close(() => r())))));
  }

  private receive(buf: Buffer, rinfo: dgram.RemoteInfo): void {
    this.stats.packets++;
    let messages: OscMessage[];
    try {
      messages = decodePacket(buf);
    } catch (err) {
      this.stats.malformed++;
      const reason = err instanceof MalformedOscError ? err.message : 'undecodable packet';
      this.malformedLog.emit({ from: `${rinfo.address}:${rinfo.port}`, bytes: buf.length, reason }, 'dropped a malformed OSC packet');
      return;
    }
    const origin: Origin = { surface: 'osc', session: `${rinfo.address}:${rinfo.port}`, client: 'OSC' };
    // One datagram (a message or a whole bundle) is one queue task: atomic against frames.
    this.engine.queue
      .submit(() => this.apply(messages, origin), { label: 'osc' })
      .catch((err: unknown) => {
        this.log.error({ err }, 'OSC message handling failed');
      });
  }

  private apply(messages: readonly OscMessage[], origin: Origin): void {
    for (const m of messages) {
      this.stats.messages++;
      try {
        this.applyOne(m, origin);
      } catch (err) {
        this.stats.rejected++;
        // `internal` (a write the engine did not read back, now rolled back) is a Footlight bug, not the peer's.
        if (err instanceof FootlightError && err.code === 'internal') this.log.error({ err, address: m.address }, 'OSC write failed and was rolled back');
        else this.rejectedLog.emit({ address: m.address, reason: (err as Error).message }, 'OSC message refused');
      }
    }
  }

  private applyOne(m: OscMessage, origin: Origin): void {
    if (m.address.startsWith('/adm/')) {
      // LX routes /adm to its ADM-OSC input: live positions, not undoable parameter writes.
      const problem = this.light.lx.audio.adm.receive(m.address, m.args);
      if (problem === null) this.stats.applied++;
      else {
        this.stats.unknown++;
        this.unknownLog.emit({ address: m.address.slice(0, 200), reason: problem }, 'OSC address not found');
      }
      return;
    }
    if (m.address.startsWith(CUE_PREFIX)) {
      this.runCueList(m, origin);
      return;
    }
    const r = route(this.light.lx, m.address);
    switch (r.kind) {
      case 'unknown':
        this.stats.unknown++;
        this.unknownLog.emit({ address: m.address.slice(0, 200), reason: r.reason }, 'OSC address not found');
        return;
      case 'framerate':
        this.send('/lx/framerate', [{ type: 'float', value: this.engine.clock.stats().fps }]);
        return;
      case 'query':
        if (r.parameter !== undefined) this.transmitParameter(r.parameter);
        else this.query(r.component);
        return;
      case 'activePattern': {
        const arg = m.args[0];
        const index = arg !== undefined && (arg.type === 'integer' || arg.type === 'float' || arg.type === 'double') ? Math.trunc(arg.value) : NaN;
        const ch = r.channel;
        if (!Number.isInteger(index) || index < 0 || index >= ch.patterns.length) {
          throw invalidArgument(`${ch.path} has ${ch.patterns.length} patterns; activePattern takes a 0-based index 0–${ch.patterns.length - 1}, got ${index}`);
        }
        this.invoke('activate_pattern', { id: ch.patterns.items[index].id }, origin);
        this.sendActivePattern(ch);
        return;
      }
      case 'parameter': {
        const p = r.parameter;
        if (!isOscParameter(p)) {
          this.stats.unknown++;
          return;
        }
        const c = coerce(p, m.args);
        if (c.kind === 'ignore') return;
        // Triggers and momentary buttons (tempo tap) are fired, never set: a press, not a step.
        if (c.kind === 'fire' || (p instanceof BooleanParameter && p.isPulse)) {
          if (c.kind === 'fire' || (c.kind === 'set' && c.value === true)) this.invoke('fire_trigger', { path: p.path }, origin);
          return;
        }
        // Knob-like streams to one parameter merge into one undo step. As everywhere, writing the
        // value a parameter already has makes no step; a write the engine does not read back is
        // rolled back by the domain (History.performVerified) and counted as rejected.
        const merge = { mergeKey: `osc:${p.owner?.id}/${p.key}` };
        if (c.kind === 'color') {
          const color = p as ColorParameter;
          // One color is one step: its sub-parameters set in one batch (no step when none changes).
          const operations: { tool: string; args: { path: string; value: number } }[] = [];
          const change = (sub: Parameter, value: number | undefined): void => {
            if (value !== undefined) operations.push({ tool: 'set_parameter', args: { path: sub.path, value } });
          };
          change(color.brightness, c.brightness);
          change(color.saturation, c.saturation);
          change(color.hue, c.hue);
          this.invoke('apply_operations', { operations, label: `Change ${color.label}` }, origin);
          return;
        }
        this.invoke('set_parameter', { path: p.path, value: c.value }, origin, merge);
        return;
      }
    }
  }

  /** Runs one tool through the registry's call path, inside this datagram's queue task. */
  /** `/footlight/cues/<list>/<action>`: run_cue_list on the list whose name has that OSC label. */
  private runCueList(m: OscMessage, origin: Origin): void {
    const c = cueCommand(m);
    if (c.kind === 'ignore') return;
    const list = c.kind === 'run' ? this.light.cues.lists().find((l) => oscLabel(l.name) === c.list) : undefined;
    if (c.kind === 'unknown' || list === undefined) {
      this.stats.unknown++;
      const reason = c.kind === 'unknown' ? c.reason : `no cue list is labelled ${c.list}`;
      this.unknownLog.emit({ address: m.address.slice(0, 200), reason }, 'OSC address not found');
      return;
    }
    this.invoke('run_cue_list', { list: list.name, action: c.action, ...(c.cue === undefined ? {} : { cue: c.cue }) }, origin);
  }

  private invoke(tool: string, args: Record<string, unknown>, origin: Origin, merge?: PerformOptions): void {
    this.tools.invokeInTask(tool, args, origin, merge === undefined ? {} : { merge });
    this.stats.applied++;
  }

  /** Sends every OSC parameter of a subtree (LX's osc-query). */
  private query(root: Component): void {
    if (root instanceof Structure) return;
    for (const c of root.descendants()) {
      if (c instanceof Structure) continue;
      for (const p of c.parameters.values()) if (isOscParameter(p) && !(p instanceof ColorParameter)) this.transmitParameter(p);
      if (c instanceof Channel) this.sendActivePattern(c);
    }
  }

  private sendActivePattern(channel: Channel): void {
    this.send(`${oscComponentAddress(channel)}/activePattern`, [{ type: 'integer', value: channel.patterns.length === 0 ? -1 : channel.activePatternIndex }]);
  }

  private transmitParameter(p: Parameter): void {
    if (this.transmitter === null || this.destinations.length === 0 || !isOscParameter(p)) return;
    this.send(oscAddressOf(p), [outgoing(p)]);
  }

  private send(address: string, args: readonly OscArgInput[]): void {
    const socket = this.transmitter;
    if (socket === null) return;
    let buf: Buffer | undefined;
    for (const d of this.destinations) {
      if (d.filter !== undefined && !d.filter.some((prefix) => address.startsWith(prefix))) continue;
      buf ??= encodeMessage(address, args);
      this.stats.sent++;
      socket.send(buf, d.port, d.host, (err) => {
        if (err) {
          this.stats.sendErrors++;
          this.log.debug({ err, host: d.host, port: d.port }, 'OSC transmit failed');
        }
      });
    }
  }
}
