// A UDP sink for bench/output.ts, run as a separate process so receiving does not share the
// engine's thread: counts datagrams and bytes on 127.0.0.1 and reports on request.
import dgram from 'node:dgram';

const socket = dgram.createSocket({ type: 'udp4', recvBufferSize: 32 * 1024 * 1024 });
let packets = 0;
let bytes = 0;
socket.on('message', (m) => {
  packets++;
  bytes += m.length;
});
socket.bind(0, '127.0.0.1', () => process.send({ port: socket.address().port }));
process.on('message', (m) => {
  if (m === 'report') process.send({ packets, bytes });
  if (m === 'reset') packets = bytes = 0;
  if (m === 'exit') socket.close(() => process.exit(0));
});
