// Captured loopback datagrams handed to Debian's tshark for decoding: an independent dissector
// reads what Footlight sent. The pcap file wraps each received UDP payload in minimal IPv4 and
// UDP headers (LINKTYPE_IPV4); the payload bytes are exactly those that arrived on the socket.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dgram from 'node:dgram';

export interface Captured {
  readonly data: Buffer;
  readonly port: number;
}

/**
 * A UDP receiver on 127.0.0.1 (ephemeral port) that keeps every datagram it gets. Its socket
 * buffer holds a few MiB, so a frame of hundreds of universes sent as segmented bursts waits
 * there while a busy test process gets round to reading it.
 */
export async function udpCapture(): Promise<{ port: number; packets: Buffer[]; close(): Promise<void>; waitFor(n: number, ms?: number): Promise<void> }> {
  const socket = dgram.createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
  const packets: Buffer[] = [];
  socket.on('message', (msg) => packets.push(Buffer.from(msg)));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  return {
    port,
    packets,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
    async waitFor(n, ms = 5000) {
      const end = Date.now() + ms;
      while (packets.length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
      if (packets.length < n) throw new Error(`expected ${n} datagrams on port ${port}, got ${packets.length}`);
    },
  };
}

export function tsharkAvailable(): boolean {
  const r = spawnSync('tshark', ['--version'], { encoding: 'utf8' });
  return r.status === 0;
}

function pcapFile(payloads: readonly Buffer[], dstPort: number): Buffer {
  const parts: Buffer[] = [];
  const global = Buffer.alloc(24);
  global.writeUInt32LE(0xa1b2c3d4, 0);
  global.writeUInt16LE(2, 4);
  global.writeUInt16LE(4, 6);
  global.writeUInt32LE(262144, 16);
  global.writeUInt32LE(228, 20); // LINKTYPE_IPV4
  parts.push(global);
  payloads.forEach((payload, i) => {
    const ipLength = 20 + 8 + payload.length;
    const rec = Buffer.alloc(16);
    rec.writeUInt32LE(1, 0);
    rec.writeUInt32LE(i, 4);
    rec.writeUInt32LE(ipLength, 8);
    rec.writeUInt32LE(ipLength, 12);
    const ip = Buffer.alloc(20);
    ip[0] = 0x45;
    ip.writeUInt16BE(ipLength, 2);
    ip[8] = 64;
    ip[9] = 17; // UDP
    ip.set([127, 0, 0, 1], 12);
    ip.set([127, 0, 0, 1], 16);
    let sum = 0;
    for (let k = 0; k < 20; k += 2) sum += ip.readUInt16BE(k);
    while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
    ip.writeUInt16BE(~sum & 0xffff, 10);
    const udp = Buffer.alloc(8);
    udp.writeUInt16BE(40000, 0);
    udp.writeUInt16BE(dstPort, 2);
    udp.writeUInt16BE(8 + payload.length, 4);
    parts.push(rec, ip, udp, payload);
  });
  return Buffer.concat(parts);
}

/**
 * Decodes datagrams with tshark's dissector `proto` (e.g. `artnet`, `acn`) and returns each
 * packet's dissected layer tree (tshark -T json), in order.
 */
export async function tsharkDecode(payloads: readonly Buffer[], proto: string, port = 6454): Promise<Record<string, unknown>[]> {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-pcap-'));
  try {
    const file = join(dir, 'capture.pcap');
    await writeFile(file, pcapFile(payloads, port));
    // ACN (E1.31) is a heuristic dissector in tshark: enable it instead of binding it to a port.
    const pick = proto === 'acn' ? ['--enable-heuristic', 'acn', '-o', 'acn.dmx_enable:TRUE'] : ['-d', `udp.port==${port},${proto}`];
    const r = spawnSync('tshark', ['-r', file, ...pick, '-T', 'json'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`tshark failed: ${r.stderr}`);
    const json = JSON.parse(r.stdout) as { _source: { layers: Record<string, unknown> } }[];
    return json.map((p) => p._source.layers);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
