// What the cluster benches share: the processes they run (nats-server with JetStream on a free loopback
// port, `footlight serve` nodes with an MCP client each), owned by one object that stops them and
// removes their temporary folders at the end, plus polling, a process's CPU time and percentiles.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { freePort, NATS_SERVER } from '../test/cluster/nodes.js';

const SERVE = ['serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', 'off'];
/** A node starts in seconds; on a loaded machine it can take a minute or more. */
const START_MS = 180_000;

/** Polls `get` every `everyMs` until it gives a value (a throw counts as not yet), else throws after `ms`. */
export async function until<T>(get: () => Promise<T | undefined>, ms = 120_000, everyMs = 50): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await get().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error('timed out');
}

/** The value below which `p` percent of `values` lie (NaN for none). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Count, p50, p99 and max of `values`, rounded to `digits`. */
export function figures(values: readonly number[], digits = 3): { n: number; p50: number; p99: number; max: number } {
  return {
    n: values.length,
    p50: +percentile(values, 50).toFixed(digits),
    p99: +percentile(values, 99).toFixed(digits),
    max: +Math.max(...values).toFixed(digits),
  };
}

/** A process's CPU time so far (user + system, every thread), from /proc, in ms. */
export async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** A running `footlight serve`: its process, its status.json and an MCP client connected to it. */
interface Served {
  readonly child: ChildProcess;
  readonly status: any;
  readonly client: Client;
}

/** The processes and temporary folders one bench run starts; `stop` ends them all. */
export class ClusterProcesses {
  private readonly children: ChildProcess[] = [];
  private readonly temps: string[] = [];
  private readonly closers: (() => Promise<unknown>)[] = [];

  /** `bin`: the `footlight` launcher to run (another build's, for before-and-after figures). */
  constructor(private readonly bin = new URL('../bin/footlight.js', import.meta.url).pathname) {}

  /** The NATS server's store and port, for `restartNats`. */
  private natsServer: { store: string; port: number; child: ChildProcess } | undefined;

  /** nats-server with JetStream and a temporary store on a free loopback port, once it takes connections: its URL. */
  async nats(): Promise<string> {
    return this.startNats(await this.temp('footlight-nats-'), await freePort());
  }

  /** SIGKILLs the NATS server `nats` started, waits `outageMs`, and starts it again on the same store and port; resolves once it takes connections. */
  async restartNats(outageMs: number): Promise<void> {
    const { store, port, child } = this.natsServer!;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    await new Promise((r) => setTimeout(r, outageMs));
    await this.startNats(store, port);
  }

  private async startNats(store: string, port: number): Promise<string> {
    const child = spawn(NATS_SERVER, ['-js', '-sd', store, '-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    this.children.push(child);
    this.natsServer = { store, port, child };
    await until(
      () =>
        new Promise<true>((resolve, reject) => {
          const socket = tcpConnect(port, '127.0.0.1', () => {
            socket.end();
            resolve(true);
          });
          socket.once('error', reject);
        }),
      20_000,
    );
    return `nats://127.0.0.1:${port}`;
  }

  /** `footlight serve` with `args` after the common ones, in a home of its own, once its status.json says it runs. */
  async launch(args: readonly string[]): Promise<{ child: ChildProcess; status: any }> {
    const home = await this.temp('footlight-bench-');
    const child = spawn(process.execPath, [this.bin, ...SERVE, ...args], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: 'ignore' });
    this.children.push(child);
    const status = await until(async () => {
      const s = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
      return s.running === true ? s : undefined;
    }, START_MS);
    return { child, status };
  }

  /** `launch`, then an MCP client connected to the node. */
  async serve(args: readonly string[]): Promise<Served> {
    const { child, status } = await this.launch(args);
    const client = new Client({ name: 'bench', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(status.url)));
    return { child, status, client };
  }

  /** Runs `close` first when the processes stop (a client of the bench's own). */
  closing(close: () => Promise<unknown>): void {
    this.closers.push(close);
  }

  /** Closes what `closing` was given, stops every process still running (newest first, SIGTERM) and removes the temporary folders. */
  async stop(): Promise<void> {
    for (const close of this.closers) await close().catch(() => undefined);
    for (const c of this.children.reverse()) {
      if (c.exitCode !== null || c.signalCode !== null) continue;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await exited;
    }
    for (const dir of this.temps) await rm(dir, { recursive: true, force: true });
  }

  /** Runs the bench `body`, reports a failure (exit code 1), stops everything and exits: the clients would keep the loop alive. */
  async run(body: () => Promise<void>): Promise<never> {
    try {
      await body();
    } catch (err) {
      console.error(err);
      process.exitCode = 1;
    } finally {
      await this.stop();
    }
    process.exit(process.exitCode ?? 0);
  }

  private async temp(prefix: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    this.temps.push(dir);
    return dir;
  }
}
