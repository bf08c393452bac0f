// Shared by the reliability tests: the show's fingerprint (light project, sound host, history),
// a seeded generator, and a bare JSON-RPC client over fetch for what the SDK client hides.
import { digest } from '../../src/engine/guards.js';
import { SeededRandom } from '../../src/engine/random.js';
import type { RunningFootlight } from '../../src/main.js';

/**
 * A digest of everything a bad input must not change: the light show as LX would save it, the
 * sound host's fingerprint, and the history (undo and redo stacks, labels and sequence numbers).
 * Read inside the engine queue, like every surface.
 */
export function fingerprint(app: RunningFootlight): Promise<string> {
  return app.engine.queue.submit(() =>
    digest({
      light: app.light.lx.save(),
      sound: app.sound.fingerprint(),
      history: app.engine.history.recent(1000).map((e) => [e.seq, e.command.label]),
      redo: app.engine.history.redoable(1000).map((e) => e.seq),
    }),
  );
}

/** The show state alone (no history): what undoing everything must restore exactly. */
export function stateDigest(app: RunningFootlight): Promise<string> {
  return app.engine.queue.submit(() => digest({ light: app.light.lx.save(), sound: app.sound.fingerprint() }));
}

/** A seeded generator (the engine's own), so a failing run can be replayed from its seed. */
export function prng(seed: number): () => number {
  const random = new SeededRandom(seed);
  return () => random.next();
}

export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** A 2025-era MCP session spoken by hand: every request is a plain fetch the test controls. */
export class RawMcp {
  private id = 0;
  session = '';

  constructor(readonly url: string) {}

  headers(): Record<string, string> {
    const h: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    };
    if (this.session !== '') h['mcp-session-id'] = this.session;
    return h;
  }

  /** POSTs one JSON-RPC message; returns the status and the JSON-RPC messages of the reply. */
  async post(body: unknown, init: { signal?: AbortSignal } = {}): Promise<{ status: number; messages: any[] }> {
    const res = await fetch(this.url, { method: 'POST', headers: this.headers(), body: JSON.stringify(body), signal: init.signal });
    this.session = res.headers.get('mcp-session-id') ?? this.session;
    const text = await res.text();
    const messages = text.startsWith('{')
      ? [JSON.parse(text)]
      : text
          .split('\n')
          .filter((l) => l.startsWith('data:') && l.length > 6)
          .map((l) => JSON.parse(l.slice(5)));
    return { status: res.status, messages };
  }

  async initialize(name = 'raw-reliability'): Promise<void> {
    await this.post({
      jsonrpc: '2.0',
      id: ++this.id,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name, version: '1' } },
    });
    await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  callBody(name: string, args: Record<string, unknown>): unknown {
    return { jsonrpc: '2.0', id: ++this.id, method: 'tools/call', params: { name, arguments: args } };
  }

  async call(name: string, args: Record<string, unknown> = {}): Promise<{ status: number; result?: any; error?: any }> {
    const r = await this.post(this.callBody(name, args));
    return { status: r.status, result: r.messages[0]?.result, error: r.messages[0]?.error };
  }

  async delete(): Promise<number> {
    const res = await fetch(this.url, { method: 'DELETE', headers: this.headers() });
    await res.arrayBuffer();
    return res.status;
  }
}
