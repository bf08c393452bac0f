import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from './atomic-write.js';
import type { BuildCode } from './build-info.js';

/** The discovery file clients read to find a running Footlight: `<home>/status.json`. */
export interface StatusFile {
  pid: number;
  port: number;
  host: string;
  url: string;
  /** The bearer token MCP and the console require when Footlight listens beyond loopback (the bridge sends it). */
  accessToken?: string;
  projectPath?: string;
  lxVersion: string;
  serverVersion: string;
  buildTime: string;
  /** Compiled JavaScript (lib/) or the TypeScript sources through tsx; absent in files older Footlights wrote. */
  code?: BuildCode;
  startedAt: string;
  /** False once the server has stopped cleanly. */
  running: boolean;
  connected: boolean;
  lastActivityAt?: string;
  stoppedAt?: string;
  protocol3?: { host: string; port: number };
  osc?: { host: string; receivePort: number };
  /** The OSCQuery HTTP server (serve --oscquery-port), and the instance name mDNS advertises it as (serve --oscquery-mdns), or false. */
  oscquery?: { host: string; port: number; mdns: string | false };
  /** The DMX receivers that listen (serve --dmx-in). */
  dmxIn?: { host: string; receivers: { protocol: string; port: number }[] };
  /** System MIDI (serve --midi-ports): on, or why not; the devices opened. */
  midiPorts?: { on: boolean; reason?: string; devices: string[] };
  /**
   * This process's node of a cluster (serve --cluster): its slice (fixture labels, null: the whole
   * rig), lag in frames behind the log, the last frame rendered; a render node's catch-up with the
   * log while it replays it (frames behind) and, once over, what it took (ms, frames, calls).
   */
  cluster?: {
    role: string;
    node: string;
    slice: string[] | null;
    leader: string | null;
    lag: number | null;
    frame: number | null;
    /** How long after the leader ran a frame this node presents it (ms; a leader sends it then). */
    presentDelayMs?: number;
    catchingUp?: { behind: number };
    caughtUp?: { ms: number; frames: number; calls: number };
  };
}

export function statusPath(home: string): string {
  return join(home, 'status.json');
}

export async function writeStatus(home: string, status: StatusFile): Promise<void> {
  // Owner-only: the file may hold the access token.
  await writeFileAtomic(statusPath(home), `${JSON.stringify(status, null, 2)}\n`, { mode: 0o600 });
}

export async function readStatus(home: string): Promise<StatusFile | undefined> {
  try {
    return JSON.parse(await readFile(statusPath(home), 'utf8')) as StatusFile;
  } catch {
    return undefined;
  }
}
