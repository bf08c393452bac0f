// A flood for the DMX input's flood test, run as its own process: for DURATION_MS it sends, as fast
// as it can, a mix of malformed datagrams (random bytes, truncated and foreign packets, old protocol
// versions, impossible lengths, universes out of range) and valid full-universe ArtDmx packets to
// universes 2–63, to 127.0.0.1:PORT. Packets are built from the Art-Net 4 specification here.
// Prints the datagrams it sent. Usage: node flood-sender.mjs PORT DURATION_MS [valid]
// (`valid`: only the valid packets, for bench/dmx-in.ts's throughput figures).
import dgram from 'node:dgram';

const [port, duration] = process.argv.slice(2, 4).map(Number);
const validOnly = process.argv[4] === 'valid';

function artDmx(portAddress, data, { protVer = 14, length = data.length, opcode = 0x5000 } = {}) {
  const b = Buffer.alloc(18 + data.length);
  b.write('Art-Net\0', 0, 'latin1');
  b.writeUInt16LE(opcode, 8);
  b.writeUInt16BE(protVer, 10);
  b[14] = portAddress & 0xff;
  b[15] = (portAddress >> 8) & 0x7f;
  b.writeUInt16BE(length, 16);
  b.set(data, 18);
  return b;
}

let seed = 12345;
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};
const junk = (n) => Buffer.from(Array.from({ length: n }, () => Math.floor(random() * 256)));
const packets = [];
if (!validOnly) fillJunk();
for (let u = 2; u < 64; u++) packets.push(artDmx(u, junk(512)));

function fillJunk() {
  for (let i = 0; i < 16; i++) packets.push(junk(Math.floor(random() * 600)));
  packets.push(Buffer.alloc(0), Buffer.from('Art-Net'), artDmx(1, [1, 2]).subarray(0, 17));
  packets.push(Buffer.concat([Buffer.from('Art-Nyt\0'), junk(520)]));
  packets.push(artDmx(1, junk(512), { protVer: 0 }), artDmx(1, junk(10), { length: 512 }), artDmx(1, junk(600)), artDmx(1, [1, 1], { length: 0 }));
  packets.push(artDmx(9999, junk(512)), artDmx(512, junk(512)), artDmx(0, [], { opcode: 0x2000 }));
}

const socket = dgram.createSocket('udp4');
let sent = 0;
const end = Date.now() + duration;
await new Promise((resolve) => socket.bind(0, '127.0.0.1', resolve));
socket.on('error', () => undefined);
while (Date.now() < end) {
  // A burst, then a turn of the event loop so the sends drain instead of queueing without bound.
  await new Promise((resolve) => {
    let pending = 64;
    for (let i = 0; i < 64; i++) {
      socket.send(packets[sent++ % packets.length], port, '127.0.0.1', () => {
        if (--pending === 0) resolve();
      });
    }
  });
}
socket.close();
process.stdout.write(`${sent}\n`);
