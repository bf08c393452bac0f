// UDP segmentation offload (Linux ≥ 4.18, UDP_SEGMENT): one send of N equal-size packets laid
// end to end becomes N datagrams in the kernel, so a frame of hundreds of universes costs a few
// syscalls and a few crossings out of JavaScript instead of one of each per universe (Node's
// dgram has no sendmmsg). The receiver sees ordinary datagrams. Node has no setsockopt, so the
// `sockopt` package (a prebuilt N-API binary) sets it on the socket's descriptor, which dgram
// keeps in its internal state; where either is missing the sender sends packet by packet.
import { createRequire } from 'node:module';

const SOL_UDP = 17;
const UDP_SEGMENT = 103;
/** Segments per send (the kernel's UDP_MAX_SEGMENTS: 64, raised to 128 only in recent kernels). */
export const MAX_SEGMENTS = 64;
/** Bytes per send: one UDP payload's limit (65,507 over IPv4), with room to spare for IPv6. */
export const MAX_SEND_BYTES = 65000;

/** The `sockopt` binding's setsockopt(socket, level, name, value), or null where it cannot load. */
const setsockopt = (() => {
  if (process.platform !== 'linux') return null;
  try {
    return createRequire(import.meta.url)('sockopt').setsockopt;
  } catch {
    return null;
  }
})();

/** The file descriptor of a connected dgram socket, or -1 (dgram keeps its handle under a private symbol). */
function descriptorOf(socket) {
  const state = Object.getOwnPropertySymbols(socket).find((s) => s.description === 'state symbol');
  const fd = state === undefined ? undefined : socket[state]?.handle?.fd;
  return typeof fd === 'number' && fd >= 0 ? fd : -1;
}

/**
 * A socket's segmentation control: `set(size)` makes every later send longer than `size` leave as
 * `size`-byte datagrams (0 turns it off) and returns false when the socket cannot (no binding, no
 * descriptor, a kernel without UDP_SEGMENT); `available` says whether it was ever possible.
 */
export function segmenter(socket) {
  const fd = setsockopt === null ? -1 : descriptorOf(socket);
  const handle = { _handle: { fd } };
  let current = 0;
  return {
    available: fd >= 0,
    get size() {
      return current;
    },
    set(size) {
      if (fd < 0) return false;
      if (size === current) return true;
      try {
        setsockopt(handle, SOL_UDP, UDP_SEGMENT, size);
      } catch {
        return false;
      }
      current = size;
      return true;
    },
  };
}

/** Errors of a segmented send that mean the path cannot segment (no checksum offload, MTU), not that the receiver is gone. */
export function isSegmentationFailure(err) {
  const code = err?.code;
  return code === 'EIO' || code === 'EINVAL' || code === 'EMSGSIZE' || code === 'ENOPROTOOPT' || code === 'EOPNOTSUPP';
}
