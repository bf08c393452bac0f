import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { silentLogger } from '../../src/engine/log.js';
import { startFootlight, type FootlightOptions, type RunningFootlight } from '../../src/main.js';

export interface TestShow {
  readonly app: RunningFootlight;
  readonly url: string;
  readonly home: string;
  readonly client: Client;
  /** Calls a tool that must succeed; returns its structured content (checked against its text). */
  call(name: string, args?: Record<string, unknown>): Promise<any>;
  /** Calls a tool that must fail; returns its `code: message` text. */
  callError(name: string, args?: Record<string, unknown>): Promise<string>;
  /** Opens another client session on the same show. */
  connect(name?: string, mode?: 'legacy' | 'auto'): Promise<Client>;
}

export async function tempHome(t: TestContext): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'footlight-test-'));
  t.after(() => removeHome(home));
  return home;
}

/** Removes a test's home folder, retrying while a late write (a status.json) lands in it. */
const removeHome = (home: string): Promise<void> => rm(home, { recursive: true, force: true, maxRetries: 5 });

/**
 * Starts an in-process Footlight on an ephemeral loopback port with an SDK client over HTTP. One
 * after-hook stops it, then removes its home: node:test runs after-hooks in the order they were
 * registered and skips the rest when one throws, so a home removed first (while the show still
 * writes status.json) could fail and leave the show running, and the test file would never exit.
 */
export async function startShow(t: TestContext, options: FootlightOptions = {}): Promise<TestShow> {
  // A home the test made itself (options.home) is the test's to remove.
  const own = options.home === undefined;
  const home = options.home ?? (await mkdtemp(join(tmpdir(), 'footlight-test-')));
  const dispose = (): Promise<void> => (own ? removeHome(home) : Promise.resolve());
  // OSC on an ephemeral port and transmitting nowhere unless a test asks: tests never use 3030/4040.
  const app = await startFootlight({
    host: '127.0.0.1',
    port: 0,
    soundPort: 0,
    home,
    log: silentLogger,
    realtime: false,
    oscReceivePort: 0,
    oscTransmitPort: 0,
    demo: 'grid',
    ...options,
  }).catch(async (err: unknown) => {
    await dispose();
    throw err;
  });
  const clients: Client[] = [];
  t.after(async () => {
    try {
      for (const c of clients) await c.close().catch(() => undefined);
    } finally {
      await app.close();
      await dispose();
    }
  });
  const connect = async (name = 'footlight-test', mode: 'legacy' | 'auto' = 'legacy'): Promise<Client> => {
    const client = new Client({ name, version: '1.0.0' }, { versionNegotiation: { mode } });
    // A show bound beyond loopback (host 0.0.0.0) needs its access token.
    const token = app.http.accessToken;
    await client.connect(
      new StreamableHTTPClientTransport(
        new URL(app.http.url),
        token === undefined ? undefined : { requestInit: { headers: { authorization: `Bearer ${token}` } } },
      ),
    );
    clients.push(client);
    return client;
  };
  const client = await connect();
  return {
    app,
    url: app.http.url,
    home,
    client,
    connect,
    call: (name, args = {}) => callOk(client, name, args),
    callError: (name, args = {}) => callFail(client, name, args),
  };
}

export async function callOk(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { type: string; text?: string }[])[0]?.text;
  assert.notEqual(result.isError, true, `${name} failed: ${text}`);
  assert.equal(typeof result.structuredContent, 'object');
  assert.equal(text, JSON.stringify(result.structuredContent), `${name}: text block must mirror structuredContent byte for byte`);
  return result.structuredContent;
}

export async function callFail(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { type: string; text?: string }[])[0]?.text ?? '';
  assert.equal(result.isError, true, `${name} was expected to fail but returned ${text}`);
  assert.match(text, /^(not_found|invalid_argument|internal|stale|timeout|busy|unavailable): /);
  return text;
}
