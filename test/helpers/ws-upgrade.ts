import { connect } from 'node:net';

/**
 * A WebSocket upgrade written by hand to 127.0.0.1:`port` with exactly `headers` (a Host among
 * them, or none); resolves with the reply's status code, 0 when the server closed without one.
 */
export function upgradeStatus(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      const lines = [
        `GET ${path} HTTP/1.1`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      ];
      for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    let text = '';
    socket.on('data', (d) => {
      text += d.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (m !== null) {
        socket.destroy();
        resolve(Number(m[1]));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(0));
  });
}
