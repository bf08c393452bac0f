import { readFile, readdir, readlink } from 'node:fs/promises';

/**
 * The local UDP ports a process has sockets bound on (Linux: its file descriptors matched to the
 * kernel's socket tables), so a test can say a process never opened a port without opening it.
 */
export async function udpPortsOf(pid: number | 'self'): Promise<Set<number>> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const m = /^socket:\[(\d+)\]$/.exec(link);
    if (m !== null) inodes.add(m[1]);
  }
  const ports = new Set<number>();
  for (const table of ['udp', 'udp6']) {
    const text = await readFile(`/proc/${pid}/net/${table}`, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      if (cols.length > 9 && inodes.has(cols[9])) ports.add(Number.parseInt(cols[1].split(':')[1], 16));
    }
  }
  return ports;
}
