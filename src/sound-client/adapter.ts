import { join } from 'node:path';
import type { AttributionRegistry } from '../engine/attribution.js';
import type { Logger } from '../engine/log.js';
import { Authorizer } from './authorization.js';
import { HostConnection, type ConnectionStatus } from './connection.js';
import { AdapterCore } from './core.js';
import { DeviceWorkflows } from './devices.js';
import type { HostEndpoint } from './endpoint.js';
import { GridWorkflows } from './grid.js';
import { PatchSessions } from './patch-sessions.js';
import { SoundPlans } from './plans.js';
import { ShapingStore } from './shaping.js';
import { SongWorkflows } from './song.js';

/**
 * The MCP sound adapter: everything the sound tools know about the host, reached only through
 * protocol 3 (it never imports the built-in host), plus the process-local workflow state —
 * pending confirmations, patch and shaping sessions, parameter snapshots, song sessions and
 * save records. A restart of this process loses that state and its review authority; a restart
 * of the host (a new instance) freezes sessions and voids confirmations bound to it.
 */
interface SoundAdapterOptions {
  /** Where the host listens; read at each (re)connect. */
  readonly endpoint: () => HostEndpoint;
  readonly log: Logger;
  /** Parent folder of saved projects (`sound-project-*`). */
  readonly outputRoot: string;
  /** Parent folder of the workflow's MIDI exports. */
  readonly exportRoot?: string;
  /** Reply timeout of the protocol-3 client (default 65 s). */
  readonly timeoutMs?: number;
  /** The built-in listener's attribution registry (see HostConnectionOptions.attribution). */
  readonly attribution?: AttributionRegistry;
}

export class SoundAdapter {
  readonly connection: HostConnection;
  readonly authorizer: Authorizer;
  readonly core: AdapterCore;
  readonly patches: PatchSessions;
  readonly shaping: ShapingStore;
  readonly devices: DeviceWorkflows;
  readonly grid: GridWorkflows;
  readonly song: SongWorkflows;
  readonly plans: SoundPlans;
  readonly outputRoot: string;

  constructor(options: SoundAdapterOptions) {
    const instance = (): string => this.connection.identity?.instance ?? 'unknown';
    this.outputRoot = options.outputRoot;
    this.connection = new HostConnection({
      endpoint: options.endpoint,
      log: options.log,
      timeoutMs: options.timeoutMs,
      attribution: options.attribution,
      onHostChanged: () => this.hostChanged(),
    });
    this.authorizer = new Authorizer(instance);
    this.core = new AdapterCore(this.connection, this.authorizer);
    this.patches = new PatchSessions(instance);
    this.shaping = new ShapingStore(this.core, instance);
    this.devices = new DeviceWorkflows(this.core, this.shaping);
    this.grid = new GridWorkflows(this.core, this.patches);
    const exportRoot = options.exportRoot ?? join(options.outputRoot, '.footlight-song-exports');
    this.plans = new SoundPlans(this.core);
    this.song = new SongWorkflows(this.core, { exportRoot: () => exportRoot, outputRoot: () => this.outputRoot });
  }

  /** A different host instance answered after a reconnect: every live identity is gone. */
  private hostChanged(): void {
    this.authorizer.invalidateAll();
    this.patches.hostChanged();
    this.shaping.hostChanged();
  }

  /** Readiness: connect if needed and read `capabilities` (read-only), then report. */
  async status(): Promise<{
    connection: ConnectionStatus;
    capabilities?: Record<string, unknown>;
    ping?: Record<string, unknown>;
    error?: string;
    workflow: Record<string, unknown>;
  }> {
    let capabilities: Record<string, unknown> | undefined;
    let ping: Record<string, unknown> | undefined;
    let error: string | undefined;
    try {
      await this.connection.ready();
      ping = await this.connection.read('ping');
      capabilities = await this.connection.read('capabilities');
    } catch (err) {
      error = (err as Error).message;
    }
    const out: {
      connection: ConnectionStatus;
      capabilities?: Record<string, unknown>;
      ping?: Record<string, unknown>;
      error?: string;
      workflow: Record<string, unknown>;
    } = {
      connection: this.connection.status(),
      workflow: {
        pending_confirmations: this.authorizer.pendingCount,
        ...this.patches.counts,
        ...this.shaping.counts,
        ...this.song.counts,
        output_root: this.outputRoot,
        saves: [...this.song.saveRecords],
        scope: 'process-local: a restart of Footlight loses every session, snapshot, confirmation and their review authority',
      },
    };
    if (capabilities !== undefined) out.capabilities = capabilities;
    if (ping !== undefined) out.ping = ping;
    if (error !== undefined) out.error = error;
    return out;
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}
