import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { Client } from '@modelcontextprotocol/client';
import { Protocol3Client } from '../../../src/protocol3/client/client.js';
import type { FootlightOptions } from '../../../src/main.js';
import { saveDevice } from '../../../src/sound/model/components.js';
import { callFail, callOk, startShow, type TestShow } from '../../helpers/show.js';

export interface SoundShow extends TestShow {
  /** A second protocol-3 writer on the built-in host (another agent, the console...). */
  other(): Promise<Protocol3Client>;
  /** The operator's cooperative grant. */
  cooperative(on: boolean): void;
  /** Preview, then confirm with the token; returns [preview, result]. */
  confirm(name: string, args?: Record<string, unknown>, client?: Client): Promise<[any, any]>;
  /** Calls with the cooperative grant on for this one call. */
  coop(name: string, args?: Record<string, unknown>): Promise<any>;
}

export async function startSound(t: TestContext, options: FootlightOptions = {}): Promise<SoundShow> {
  const show = await startShow(t, options);
  const others: Protocol3Client[] = [];
  t.after(async () => {
    for (const c of others) await c.close();
  });
  return {
    ...show,
    async other() {
      const c = new Protocol3Client();
      await c.connect(show.app.protocol3.host, show.app.protocol3.port);
      others.push(c);
      return c;
    },
    cooperative(on) {
      show.app.services.policy.soundCooperative = on;
    },
    async confirm(name, args = {}, client = show.client) {
      const preview = await callOk(client, name, args);
      assert.equal(preview.status, 'confirmation_required', `${name}: expected a preview, got ${JSON.stringify(preview).slice(0, 400)}`);
      assert.equal(preview.ok, false);
      const result = await callOk(client, name, { ...args, confirmation_token: preview.confirmation.token });
      return [preview, result];
    },
    async coop(name, args = {}) {
      const was = show.app.services.policy.soundCooperative;
      show.app.services.policy.soundCooperative = true;
      try {
        return await callOk(show.client, name, args);
      } finally {
        show.app.services.policy.soundCooperative = was;
      }
    },
  };
}

export { callFail, callOk };

export async function tempDir(t: TestContext, prefix = 'footlight-sound-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A test-only TCP proxy between the adapter and a protocol-3 listener. It forwards lines both
 * ways and counts them; `dropAfterReply(pred)` makes it close the adapter's connection right after
 * the host has answered the next matching command (so the host surely received and ran it) without
 * passing the answer on; `blackhole(pred)` forwards a matching command and never answers it.
 */
export interface FaultProxy {
  readonly port: number;
  /** Every command line the adapter sent, in order, across connections. */
  readonly lines: string[];
  /** Connections the adapter opened. */
  connections: number;
  upstreamPort: number;
  dropAfterReply(pred: (line: string) => boolean): void;
  blackhole(pred: (line: string) => boolean): void;
  /** Forwards a matching command and holds its answer until the returned release is called. */
  hold(pred: (line: string) => boolean): () => void;
  /** Closes every open connection (a host restart, as the adapter sees it). */
  cut(): void;
  close(): Promise<void>;
}

export async function startProxy(t: TestContext, upstreamPort: number): Promise<FaultProxy> {
  const sockets = new Set<Socket>();
  let drop: ((line: string) => boolean) | undefined;
  let hole: ((line: string) => boolean) | undefined;
  let held: ((line: string) => boolean) | undefined;
  let gate: Promise<void> = Promise.resolve();
  const proxy: FaultProxy = {
    port: 0,
    lines: [],
    connections: 0,
    upstreamPort,
    dropAfterReply(pred) {
      drop = pred;
    },
    blackhole(pred) {
      hole = pred;
    },
    hold(pred) {
      held = pred;
      let release: () => void = () => undefined;
      gate = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    cut() {
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        proxy.cut();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((client) => {
    proxy.connections++;
    sockets.add(client);
    const upstream = connect({ host: '127.0.0.1', port: proxy.upstreamPort });
    sockets.add(upstream);
    const pending: { drop: boolean; hole: boolean; held: boolean }[] = [];
    let inBuf = '';
    let outBuf = '';
    client.on('data', (chunk) => {
      inBuf += chunk.toString('utf8');
      for (let nl = inBuf.indexOf('\n'); nl >= 0; nl = inBuf.indexOf('\n')) {
        const line = inBuf.slice(0, nl);
        inBuf = inBuf.slice(nl + 1);
        proxy.lines.push(line);
        const d = drop?.(line) === true;
        const h = hole?.(line) === true;
        if (d) drop = undefined;
        const k = held?.(line) === true;
        if (h) hole = undefined;
        if (k) held = undefined;
        pending.push({ drop: d, hole: h, held: k });
        upstream.write(`${line}\n`);
      }
    });
    upstream.on('data', (chunk) => {
      outBuf += chunk.toString('utf8');
      for (let nl = outBuf.indexOf('\n'); nl >= 0; nl = outBuf.indexOf('\n')) {
        const reply = outBuf.slice(0, nl);
        outBuf = outBuf.slice(nl + 1);
        const req = pending.shift();
        if (req?.drop === true) {
          client.destroy();
          upstream.destroy();
          return;
        }
        if (req?.hole === true) continue; // swallowed: the adapter waits for it until its timeout
        if (req?.held === true) void gate.then(() => client.write(`${reply}\n`));
        else client.write(`${reply}\n`);
      }
    });
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  (proxy as { port: number }).port = (server.address() as { port: number }).port;
  t.after(() => proxy.close());
  return proxy;
}

/** The command names of some lines (`guard REV graph-set ...` → `guard graph-set`). */
export const names = (lines: readonly string[]): string[] =>
  lines.map((l) => {
    const parts = l.split(' ');
    return parts[0] === 'guard' ? `guard ${parts[2]}` : parts[0];
  });

/** Selects the demo's Kick track (its Sampler is selected with it). */
export async function selectKick(show: SoundShow): Promise<void> {
  const tracks = (await show.call('sound_list_tracks')).native.tracks as { index: number; name: string }[];
  await show.coop('sound_select_track', { index: tracks.find((x) => x.name === 'Kick')!.index });
  assert.equal((await show.call('sound_inspect_device')).native.device.name, 'Sampler');
}

/** The Kick Sampler's zones as the project saves them. */
export const kickZones = (show: SoundShow) =>
  saveDevice(
    show.app.sound.project
      .flatTracks()
      .find((f) => f.track.name === 'Kick')!
      .track.devices.at(0)!,
    { ids: false },
  ).zones;
