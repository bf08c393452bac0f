import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { Engine } from '../../src/engine/engine.js';
import { digest } from '../../src/engine/guards.js';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { replyProblem } from '../../src/protocol3/replies/index.js';
import { startProtocol3Server, type Protocol3Server } from '../../src/protocol3/server/server.js';
import { createSoundHost, type SoundHost } from '../../src/sound/index.js';
import { saveProject } from '../../src/sound/model/components.js';
import { SampleFolder } from '../../src/sound/samples/folder.js';

export type Reply = Record<string, unknown> & { ok: boolean };

export interface Stack {
  readonly engine: Engine;
  readonly host: SoundHost;
  readonly server: Protocol3Server;
  readonly client: Protocol3Client;
  /** Sends one line, returns its reply. */
  call(line: string): Promise<Reply>;
  /** Sends one line and asserts ok: true. */
  ok(line: string): Promise<Reply>;
  /** Sends one line and asserts ok: false with the given code (and reason, when given). */
  fail(line: string, code: string, reason?: string): Promise<Reply>;
  /** The document with ids: what undo must restore exactly. */
  document(): string;
}

export interface StackOptions {
  readonly project?: 'demo' | 'empty';
  readonly deadlineMs?: number;
  readonly maxConnections?: number;
  /** A sample folder to grant the host (none: every sample path is refused). */
  readonly samples?: string;
}

/** An engine, a sound host, a listener on an ephemeral loopback port and a connected client; torn down after the test. */
export async function startStack(t: TestContext, options: StackOptions = {}): Promise<Stack> {
  const engine = new Engine();
  const samples = options.samples === undefined ? undefined : await SampleFolder.open(options.samples);
  const host = createSoundHost(engine, { project: options.project ?? 'demo', samples });
  const server = await startProtocol3Server({
    host: '127.0.0.1',
    port: 0,
    soundHost: host,
    engine,
    deadlineMs: options.deadlineMs,
    maxConnections: options.maxConnections,
  });
  const client = new Protocol3Client();
  await client.connect(server.host, server.port);
  t.after(async () => {
    engine.queue.resume();
    await client.close();
    await server.close();
    host.dispose();
  });
  // Every reply a protocol-3 test receives is checked against the command's shared schema (src/protocol3/replies).
  const call = async (line: string): Promise<Reply> => {
    const reply = (await client.request(line)) as Reply;
    const problem = replyProblem(line, reply);
    assert.equal(problem, undefined, `the reply to ${line.slice(0, 80)} does not match its schema: ${problem} → ${JSON.stringify(reply).slice(0, 400)}`);
    return reply;
  };
  return {
    engine,
    host,
    server,
    client,
    call,
    async ok(line) {
      const r = await call(line);
      assert.equal(r.ok, true, `${line.slice(0, 120)} → ${JSON.stringify(r).slice(0, 400)}`);
      return r;
    },
    async fail(line, code, reason) {
      const r = await call(line);
      assert.equal(r.ok, false, `${line.slice(0, 120)} should fail → ${JSON.stringify(r).slice(0, 400)}`);
      assert.equal(r.code, code, `${line.slice(0, 120)} → ${JSON.stringify(r).slice(0, 400)}`);
      if (reason !== undefined) assert.equal(r.reason, reason, `${line.slice(0, 120)} → ${JSON.stringify(r).slice(0, 400)}`);
      assert.equal(typeof r.error, 'string');
      return r;
    },
    document: () => digest(saveProject(host.project, { ids: true })),
  };
}

/**
 * do → verify → undo → verify restored → redo → verify again, through the shared history over
 * the wire. `check` asserts the changed state after do (and after redo).
 */
export async function doUndoRedo(s: Stack, line: string, check: (reply: Reply) => Promise<void> | void): Promise<Reply> {
  const before = s.document();
  const depth = s.engine.history.undoDepth;
  const reply = await s.ok(line);
  await check(reply);
  const after = s.document();
  assert.notEqual(after, before, `${line} changed nothing in the document`);
  assert.equal(s.engine.history.undoDepth, depth + 1, `${line} is one undo step`);
  const undone = await s.ok('undo');
  assert.equal((undone.undone as { surface: string }).surface, 'protocol3');
  assert.equal(s.document(), before, `undo of ${line} restores the document`);
  await s.ok('redo');
  assert.equal(s.document(), after, `redo of ${line} performs it again`);
  return reply;
}

/** Asserts a refused request changed nothing: document, history, and the host's full fingerprint. */
export async function refusedUnchanged(s: Stack, line: string, code: string, reason?: string): Promise<Reply> {
  const fp = s.host.fingerprint();
  const depth = s.engine.history.undoDepth;
  const r = await s.fail(line, code, reason);
  assert.equal(s.host.fingerprint(), fp, `${line} changed state although refused`);
  assert.equal(s.engine.history.undoDepth, depth, `${line} recorded history although refused`);
  return r;
}

export const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64url');

export async function tempDir(t: TestContext, prefix = 'footlight-p3-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Writes raw bytes on a fresh connection, half-closes it, and collects every reply line until
 * the listener closes the connection.
 */
export function rawExchange(port: number, data: Buffer | string, options: { halfClose?: boolean; timeoutMs?: number } = {}): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`raw exchange timed out; got ${Buffer.concat(chunks).toString().slice(0, 300)}`));
    }, options.timeoutMs ?? 10_000);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      resolve(text.split('\n').filter((l) => l.length > 0));
    });
    socket.on('connect', () => {
      socket.write(data);
      if (options.halfClose ?? true) socket.end();
    });
  });
}
