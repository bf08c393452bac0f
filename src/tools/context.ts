import type { ShowCheck } from '../show/check-show.js';
import type { LightCues } from '../show/light-cues.js';
import type { Engine } from '../engine/engine.js';
import type { Origin, PerformOptions } from '../engine/commands/history.js';
import type { Logger } from '../engine/log.js';
import type { RenderPriority } from '../engine/thread-priority.js';
import type { ComponentDocs } from '../light/docs/component-docs.js';
import type { FixtureLibrary } from '../light/stage/profiles/library.js';
import type { LightShow } from '../light/show/light-show.js';
import type { OutputEngine } from '../light/output/output-engine.js';
import type { DmxInput } from '../light/input/dmx-input.js';
import type { TimecodeIn } from '../show/timecode/timecode-in.js';
import type { TimecodeOut } from '../show/timecode/timecode-out.js';
import type { SoundAdapter } from '../sound-client/adapter.js';
import type { CallAuthority } from '../sound-client/authorization.js';
import type { AnyTool } from './define-tool.js';
import type { BuildCode } from '../app/build-info.js';
import type { ClusterLink } from './cluster-link.js';

/** What `get_status` reports about the running process. */
interface ServerIdentity {
  readonly serverName: string;
  readonly serverVersion: string;
  readonly buildTime: string;
  readonly code: BuildCode;
  readonly startedAt: string;
  readonly lxVersion: string;
}

/** Live facts about the process and its connections, read by status tools. */
export interface ServerState {
  readonly identity: ServerIdentity;
  /** The bound MCP endpoint; set once the HTTP server listens. */
  /** Where MCP listens; `accessToken` is set when the bind is beyond loopback and requests need it. */
  readonly bind: { host: string; port: number; url: string; accessToken?: string };
  /** OSC and protocol-3 endpoints, when those surfaces run. */
  readonly endpoints: Readonly<Record<string, { host: string; port: number }>>;
  /** Where OSC changes are sent (empty when OSC is off or transmits nowhere). */
  oscDestinations(): readonly { host: string; port: number }[];
  connections(): { connected: boolean; activeSessions: number; lastActivityAt?: string };
  /** The threads that render and the engine thread's priority (why frames may come late on a busy machine). */
  render(): { threads: number; priority: RenderPriority; nice: number; refused?: string };
  /** The system MIDI ports `serve --midi-ports` opened, or why none (src/midi/system-ports.ts). */
  midiPorts(): MidiPortsState;
}

/** The system MIDI ports: asked for or not, open or why not, and each port's counters. */
export interface MidiPortsState {
  readonly requested: boolean;
  readonly on: boolean;
  readonly reason?: string;
  readonly ports: readonly {
    readonly name: string;
    readonly input: boolean;
    readonly output: boolean;
    /** Messages from the input, and those dropped before the show read them (bad shape, a flood). */
    readonly received: number;
    readonly dropped: number;
    /** Messages sent to the output, and sends it refused (the device went away). */
    readonly sent: number;
    readonly sendErrors: number;
    /** What `--midi-sync-out` sends to its output. */
    readonly sync: readonly ('mtc' | 'clock')[];
  }[];
}

/** Switches the operator flips in the console; every agent call checks them. */
interface AgentPolicy {
  /** When true, every tool that changes the show is refused for agents. */
  agentsReadOnly: boolean;
  /**
   * The operator's cooperative grant for the sound tools: while true, agents may change the
   * sound project without a per-call preview and confirmation. Revocable at any time.
   */
  soundCooperative: boolean;
}

/** The process's services a tool may call, shared by every session. */
export interface Services {
  readonly engine: Engine;
  readonly light: LightShow;
  /** The light library's classes and their behaviour notes (get_component_doc, list_available_*). */
  readonly docs: ComponentDocs;
  /** The LED output stage: plans, counters (get_output_map, get_output_stats). */
  readonly outputs: OutputEngine;
  /** The DMX input: what a desk sends over Art-Net or sACN (get_dmx_input, get_status). */
  readonly dmxIn: DmxInput;
  /** Art-Net timecode out while the song plays (serve --timecode-out). */
  readonly timecodeOut: TimecodeOut;
  readonly timecodeIn: TimecodeIn;
  readonly server: ServerState;
  readonly log: Logger;
  readonly policy: AgentPolicy;
  /** The tools this process serves (all, or the toolsets chosen at start). */
  readonly tools: readonly AnyTool[];
  /** Toolsets tools/list shows from the start; the other served tools wait for find_tools (or a call by name). */
  readonly listedToolsets: ReadonlySet<string>;
  /** A tool's input schema as MCP's tools/list shows it (src/mcp/lean-schema.ts): find_tools returns it. */
  readonly listedInputSchema: (tool: AnyTool) => Record<string, unknown>;
  /**
   * The sound tools' adapter: a protocol-3 client to the sound host (the built-in one, or the
   * one `serve --sound-host` names) plus its process-local workflow state.
   */
  readonly soundAdapter: SoundAdapter;
  /** Light cues on the song's timeline (absent when no song is wired to the light). */
  readonly lightCues?: LightCues;
  /** The offline show check (check_show; absent when no song is wired to the light). */
  readonly showCheck?: ShowCheck;
  /** The DMX fixture profiles the stage tools search (absent when none is configured and QLC+'s library is not installed). */
  readonly fixtureLibrary?: FixtureLibrary;
  /** The cluster this process is a node of (`serve --cluster`; absent otherwise): see src/tools/cluster-link.ts. */
  readonly cluster?: ClusterLink;
}

/** A human's answer to an elicitation (MCP `elicitation/create`, form mode). */
interface ElicitAnswer {
  readonly action: 'accept' | 'decline' | 'cancel';
  readonly content?: Readonly<Record<string, unknown>>;
}

/** One tool call's context: the services, plus who is calling. */
export interface ToolContext extends Services {
  readonly origin: Origin;
  /**
   * A console fader drag or an OSC stream: the write merges into the step on top with the same
   * key (set by the surface through ToolRegistry.invoke; absent for agents, whose calls never merge).
   */
  readonly merge?: PerformOptions;
  /** Set when a sound plan runs this tool as one of its steps: the plan's authority replaces the call's own. */
  readonly planAuthority?: CallAuthority;
  /** Finds another tool by name (for batches). */
  findTool(name: string): AnyTool | undefined;
  /**
   * Lists these toolsets for the rest of this session (2025-era sessions; the client is told by
   * notifications/tools/list_changed). Returns the ids that were hidden until now.
   */
  enableToolsets(ids: readonly string[]): string[];
  /**
   * Adds an image block after the JSON result. `encode` runs after the queued part of the call,
   * off the engine queue, and may only use data the handler copied out of the engine.
   */
  attachImage(encode: () => Promise<{ data: string; mimeType: string }>): void;
  /** As attachImage, for an MCP `audio` content block (base64 data, e.g. audio/wav). */
  attachAudio(encode: () => Promise<{ data: string; mimeType: string }>): void;
  /**
   * Asks the human at the client a question (MCP elicitation, form mode). Present only when the
   * caller's client declared form elicitation on a 2025-era session; absent otherwise.
   */
  readonly elicit?: (message: string, requestedSchema: Readonly<Record<string, unknown>>) => Promise<ElicitAnswer>;
}
