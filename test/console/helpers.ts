import { request } from 'node:http';
import WebSocket from 'ws';
import type { ServerMessage } from '../../src/console/protocol.js';

/** Polls `check` every 50 ms for up to 10 s; fails the test naming `what` if it never holds. */
export async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out: ${what}`);
}

/** The console's base URL for a running test show. */
export function baseOf(mcpUrl: string): string {
  return mcpUrl.replace(/\/mcp$/, '');
}

export interface ApiReply {
  readonly status: number;
  readonly body: any;
}

/** A console API call: GET without a body, POST with a JSON body. */
export async function api(base: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiReply> {
  const init: RequestInit =
    body === undefined ? { headers } : { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** A raw HTTP request with any headers (fetch forbids setting Host and Origin). */
export function raw(
  base: string,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A console WebSocket client that records every message. */
export class SocketClient {
  readonly ws: WebSocket;
  readonly messages: ServerMessage[] = [];
  readonly binaries: Buffer[] = [];
  private waiters: { test: () => boolean; resolve: () => void }[] = [];

  constructor(base: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers });
    this.ws.on('message', (data, isBinary) => {
      if (isBinary) this.binaries.push(data as Buffer);
      else this.messages.push(JSON.parse((data as Buffer).toString('utf8')) as ServerMessage);
      this.check();
    });
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.ws.readyState === WebSocket.OPEN) resolve();
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }

  send(msg: unknown): void {
    this.ws.send(JSON.stringify(msg));
  }

  private check(): void {
    this.waiters = this.waiters.filter((w) => {
      if (!w.test()) return true;
      w.resolve();
      return false;
    });
  }

  /** Waits until `test` holds (checked on every message), failing after `ms`. */
  until(test: () => boolean, ms = 2000, what = 'condition'): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
      this.waiters.push({ test, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  of<T extends ServerMessage['type']>(type: T): Extract<ServerMessage, { type: T }>[] {
    return this.messages.filter((m) => m.type === type) as Extract<ServerMessage, { type: T }>[];
  }

  close(): void {
    this.ws.close();
  }
}
