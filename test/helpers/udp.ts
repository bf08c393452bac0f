import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import type { TestContext } from 'node:test';

/** A UDP socket on 127.0.0.1 that sends to a port there; closed after the test. */
export async function udpSender(t: TestContext): Promise<(b: Uint8Array, port: number) => Promise<void>> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  t.after(() => s.close());
  return (b, port) => new Promise<void>((r, j) => s.send(b, port, '127.0.0.1', (err) => (err ? j(err) : r())));
}

/** Waits until `check` holds (datagrams arrive on their own time); fails after 10 s. */
export async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.fail(`timed out waiting for ${what}`);
}
