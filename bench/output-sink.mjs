// A UDP sink for bench/output.ts, run as a separate process so receiving does not share the
// engine's threads: counts datagrams and bytes on 127.0.0.1 and, on request, reports them with
// the datagrams the kernel dropped because this socket's buffer was full (the receiver, not the
// sender, falling behind) and this process's own CPU time.
import dgram from 'node:dgram';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const socket = dgram.createSocket({ type: 'udp4', recvBufferSize: 32 * 1024 * 1024 });
let packets = 0;
let bytes = 0;
let dropsAtReset = 0;
let cpuAtReset = process.cpuUsage();
socket.on('message', (m) => {
  packets++;
  bytes += m.length;
});

/** The kernel's drop counter of this socket (the last column of /proc/net/udp), or 0 where it cannot be read. */
function kernelDrops() {
  const local = `0100007F:${socket.address().port.toString(16).toUpperCase().padStart(4, '0')}`;
  try {
    for (const line of readFileSync('/proc/net/udp', 'utf8').split('\n')) {
      const f = line.trim().split(/\s+/);
      if (f[1] === local) return Number(f[f.length - 1]);
    }
  } catch {
    // not Linux
  }
  return 0;
}

/**
 * A segmented frame of hundreds of universes lands in the socket at once: where the process may
 * (root or CAP_NET_ADMIN), the buffer goes past net.core.rmem_max with SO_RCVBUFFORCE.
 */
function forceReceiveBuffer(bytes) {
  const SOL_SOCKET = 1;
  const SO_RCVBUFFORCE = 33;
  try {
    const state = Object.getOwnPropertySymbols(socket).find((s) => s.description === 'state symbol');
    const fd = socket[state].handle.fd;
    createRequire(import.meta.url)('sockopt').setsockopt({ _handle: { fd } }, SOL_SOCKET, SO_RCVBUFFORCE, bytes);
  } catch {
    // not permitted or not Linux: the buffer Node asked for (capped by rmem_max)
  }
}

socket.bind(0, '127.0.0.1', () => {
  forceReceiveBuffer(128 * 1024 * 1024);
  process.send({ port: socket.address().port, receiveBuffer: socket.getRecvBufferSize() });
});
process.on('message', (m) => {
  if (m === 'report') {
    const cpu = process.cpuUsage(cpuAtReset);
    process.send({ packets, bytes, drops: kernelDrops() - dropsAtReset, cpuMs: (cpu.user + cpu.system) / 1000 });
  }
  if (m === 'reset') {
    packets = bytes = 0;
    dropsAtReset = kernelDrops();
    cpuAtReset = process.cpuUsage();
    process.send({ reset: true });
  }
  if (m === 'exit') socket.close(() => process.exit(0));
});
