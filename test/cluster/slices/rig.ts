// The four-bar Art-Net rig the slice tests run (test/cluster/slices/): its project, the serve
// arguments of a cluster node on it, and which source port sent each universe.
import { fileURLToPath } from 'node:url';
import type { DmxPacket } from '../nodes.js';

const PROJECT = fileURLToPath(new URL('./slices.lxp', import.meta.url));
const MEDIA = fileURLToPath(new URL('./media', import.meta.url));
export const SHOW = ['--project', PROJECT, '--media', MEDIA];
export const CH1 = '/lx/mixer/channel/1';
export const UNIVERSES = [1, 2, 3, 4];

export const clustered = (url: string, node: string, role: string, slice?: string): string[] => [
  ...SHOW,
  '--cluster',
  url,
  '--node',
  node,
  '--role',
  role,
  ...(slice === undefined ? [] : ['--slice', slice]),
];

/** The source ports that sent each universe among `packets`. */
export function senders(packets: readonly DmxPacket[]): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  for (const p of packets) out.set(p.universe, (out.get(p.universe) ?? new Set()).add(p.from));
  return out;
}
