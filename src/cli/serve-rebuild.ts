// `serve` runs itself again when its cluster node asks to be rebuilt (src/cluster/rebuild.ts): the
// show closes, the leader's start project is written under the home folder, and a new process runs
// with the same arguments on it — the ports it had bound (so clients find it where it was), without
// `--fresh` (which would empty the show's log). The first process stays as its supervisor: it passes
// SIGINT and SIGTERM on, exits with the new process's code, and starts it again when that one asks
// for a rebuild too (it sends its next run over IPC and exits with REBUILD_EXIT). A supervised
// process whose supervisor died stops.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Logger } from '../engine/log.js';
import type { RebuildRequest, Rebuilt } from '../cluster/rebuild.js';
import { defaultMediaDir } from '../light/show/project/project-file.js';
import { pointPool } from '../light/parallel/point-pool.js';

/** The environment variable that tells a rebuilt process about its rebuilds (JSON of Rebuilt). */
const REBUILT_ENV = 'FOOTLIGHT_REBUILT';
/** The exit code of a supervised process that asks its supervisor to run it again. */
const REBUILD_EXIT = 75;

/** A process's next run: its arguments after the node binary and its environment. */
interface NextRun {
  readonly args: readonly string[];
  readonly env: Record<string, string | undefined>;
}

/** The ports the show had bound, to bind again. */
interface BoundPorts {
  readonly http: number;
  readonly protocol3: number;
  readonly osc: number | undefined;
  readonly oscQuery: number | undefined;
}

/** The rebuilds before this process, from its environment; undefined in a process started by hand. */
export function rebuiltBefore(): Rebuilt | undefined {
  const value = process.env[REBUILT_ENV];
  if (value === undefined) return undefined;
  try {
    const parsed = JSON.parse(value) as Rebuilt;
    return typeof parsed.count === 'number' && typeof parsed.reason === 'string' && typeof parsed.at === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this process runs under a supervisor `serve` (it has an IPC channel and was rebuilt). */
export function supervised(): boolean {
  return process.send !== undefined && process.env[REBUILT_ENV] !== undefined;
}

/**
 * Writes the leader's start project as `<home>/rebuild/<the project's file name>` (the show's log is
 * named after it) and returns the next run: the same arguments, on that project with the original's
 * media folder, on the ports bound, without --fresh.
 */
export async function nextRun(
  home: string,
  project: string | undefined,
  media: string | undefined,
  ports: BoundPorts,
  request: RebuildRequest,
): Promise<NextRun> {
  const dir = join(home, 'rebuild');
  await mkdir(dir, { recursive: true });
  const file = join(dir, project === undefined ? 'demo.lxp' : basename(project));
  await writeFile(file, request.project);
  const mediaDir = media ?? (project === undefined ? undefined : defaultMediaDir(resolve(project)));
  const before = rebuiltBefore();
  const rebuilt: Rebuilt = { count: (before?.count ?? 0) + 1, reason: request.reason, at: new Date().toISOString() };
  // Options given again later win (commander keeps the last value).
  const args = [
    ...process.execArgv,
    ...process.argv.slice(1).filter((a) => a !== '--fresh'),
    '--project',
    file,
    ...(mediaDir === undefined ? [] : ['--media', mediaDir]),
    '--port',
    String(ports.http),
    '--sound-port',
    String(ports.protocol3),
    ...(ports.osc === undefined ? [] : ['--osc-port', String(ports.osc)]),
    ...(ports.oscQuery === undefined ? [] : ['--oscquery-port', String(ports.oscQuery)]),
  ];
  return { args, env: { ...process.env, [REBUILT_ENV]: JSON.stringify(rebuilt) } };
}

/**
 * Once the show closed: a supervised process hands `next` to its supervisor and exits; the first one
 * starts it and supervises it. Returns how to pass a signal on (undefined when this process exits).
 */
export function handOver(next: NextRun, log: Logger): ((signal: NodeJS.Signals) => void) | undefined {
  if (supervised()) {
    process.send!(next, () => process.exit(REBUILD_EXIT));
    return undefined;
  }
  // The supervisor renders nothing: its helper threads leave.
  pointPool.setThreads(1);
  let child: ChildProcess;
  const run = (n: NextRun): void => {
    log.warn({ rebuilt: n.env[REBUILT_ENV] }, 'serve runs this cluster node again on the leader project (a rebuild)');
    const c = spawn(process.execPath, n.args, { env: n.env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
    child = c;
    let asked: NextRun | undefined;
    c.on('message', (message) => (asked = message as NextRun));
    c.once('exit', (code, signal) => {
      if (code === REBUILD_EXIT && asked !== undefined) run(asked);
      else process.exit(code ?? (signal === 'SIGINT' ? 130 : 143));
    });
  };
  run(next);
  return (signal) => child.kill(signal);
}
