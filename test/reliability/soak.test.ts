// Soak: N agent sessions (MCP over HTTP) plus the console API and protocol 3, all making random
// valid changes, undos and redos at once while the engine renders in real time; sessions are
// replaced as they go (half closed with DELETE, half simply abandoned). Invariants:
//   - nothing answers `internal`;
//   - at checkpoints (one engine-queue task, so atomic against every surface and frame), undoing
//     every step gives the exact initial state and redoing every step gives back the state before;
//   - at the end, undoing everything through MCP gives the exact initial state;
//   - no session leaks: closed ones are gone at once, abandoned ones expire;
//   - the live heap after a full collection is flat after warm-up (sampled every 5 s), resident memory
//     stays bounded (reported). FOOTLIGHT_SOAK_HEAP_SNAPSHOTS=<prefix> writes heap snapshots at start and end.
// Length: FOOTLIGHT_SOAK_SECONDS (default 120 under CI=true, 20 otherwise); sessions:
// FOOTLIGHT_SOAK_SESSIONS (default 8). A long local soak: FOOTLIGHT_SOAK_SECONDS=1800 npm run test:only -- soak
import assert from 'node:assert/strict';
import { setMaxListeners } from 'node:events';
import { test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { digest } from '../../src/engine/guards.js';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { startShow, type TestShow } from '../helpers/show.js';
import { pick, prng, stateDigest } from './helpers.js';

setMaxListeners(0); // the SDK client adds an abort listener per request on one signal

const CI = process.env.CI === 'true' || process.env.CI === '1';
const SECONDS = Number(process.env.FOOTLIGHT_SOAK_SECONDS ?? (CI ? 120 : 20));
const SESSIONS = Number(process.env.FOOTLIGHT_SOAK_SESSIONS ?? 8);
/** Short, so abandoned sessions expire within the test; long enough that a working agent never idles out. */
const IDLE_MS = 15_000;
/** Above this undo depth the workers mostly undo, so the 1000-step history never drops a step. */
const DEPTH_CAP = 400;
const CHECK_EVERY_MS = 15_000;
/** The live heap after a full collection is sampled this often (reported, and the leak check). */
const HEAP_EVERY_MS = 5_000;
/** From here on the heap is flat: code compiled, lazy tables and source maps built, sessions cycling. */
const WARMUP_MS = Math.min(20_000, SECONDS * 250);
const PATTERNS = ['Solid', 'Gradient', 'Planes', 'Chase', 'Noise', 'Alternating'];
const EFFECTS = ['Blur', 'Invert', 'Colorize', 'Hue + Saturation', 'Strobe', 'Linear Mask'];
interface Target {
  readonly path: string;
  readonly kind: string;
  readonly range?: { min: number; max: number };
  readonly options?: string[];
}

interface Tally {
  calls: number;
  writes: number;
  undos: number;
  redos: number;
  refused: Map<string, number>;
  internal: string[];
  transport: number;
  transportErrors: string[];
  churned: number;
  abandoned: Client[];
}

function valueFor(random: () => number, t: Target): unknown {
  if (t.kind === 'boolean') return random() < 0.5;
  if (t.kind === 'enum' && t.options !== undefined) return pick(random, t.options);
  if (t.range === undefined) return undefined;
  if (t.kind === 'discrete') return t.range.min + Math.floor(random() * (t.range.max - t.range.min + 1));
  return t.range.min + random() * (t.range.max - t.range.min);
}

async function listTargets(client: Client): Promise<Target[]> {
  const out: Target[] = [];
  const channels = (await client.callTool({ name: 'list_channels', arguments: { detail: 'full' } })).structuredContent as {
    channels: { path: string; patterns?: { path: string }[] }[];
  };
  const paths = ['/lx/mixer/master', ...channels.channels.flatMap((c) => [c.path, ...(c.patterns ?? []).map((p) => p.path)])];
  for (const path of paths) {
    const r = await client.callTool({ name: 'list_parameters', arguments: { path } });
    if (r.isError === true) continue; // moved meanwhile by another worker
    for (const p of (r.structuredContent as { parameters: Target[] }).parameters) {
      if (['bounded', 'discrete', 'boolean', 'enum'].includes(p.kind) && (p.kind !== 'bounded' || p.range !== undefined)) out.push(p);
    }
  }
  return out;
}

/** Where two JSON texts first differ, with some context. */
function firstDiff(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `expected …${a.slice(Math.max(0, i - 160), i + 80)}… got …${b.slice(Math.max(0, i - 160), i + 80)}…`;
}

/**
 * Opens a session. On a starved machine the soak's short idle expiry can close a session between
 * its initialize and its first notification (404); a client then initializes again, as here.
 */
async function connect(url: string, name: string, attempts = 3): Promise<Client> {
  for (let i = 1; ; i++) {
    const client = new Client({ name, version: '1' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return client;
    } catch (err) {
      await client.close().catch(() => undefined);
      if (i >= attempts) throw err;
    }
  }
}

/** Calls a tool; tallies the outcome; returns false if the call failed. */
async function call(client: Client, tally: Tally, name: string, args: Record<string, unknown>): Promise<boolean> {
  tally.calls++;
  let r;
  try {
    r = await client.callTool({ name, arguments: args });
  } catch (err) {
    tally.transport++;
    if (tally.transportErrors.length < 10) tally.transportErrors.push(`${name}: ${String(err).slice(0, 200)}`);
    // The only transport failure allowed is an expired session (its agent was slower than the idle time).
    if (!/Session not found/.test(String(err))) tally.internal.push(`${name}: transport failure ${String(err).slice(0, 300)}`);
    throw new Error('transport');
  }
  if (r.isError !== true) return true;
  const text = (r.content as { text?: string }[])[0]?.text ?? '';
  const code = /^([a-z_]+):/.exec(text)?.[1] ?? 'unknown';
  if (code === 'internal' || code === 'unknown') tally.internal.push(`${name} ${JSON.stringify(args).slice(0, 160)} → ${text.slice(0, 300)}`);
  tally.refused.set(`${name}:${code}`, (tally.refused.get(`${name}:${code}`) ?? 0) + 1);
  return false;
}

async function worker(show: TestShow, k: number, until: number, tally: Tally): Promise<void> {
  const random = prng(0x50a + k);
  const base = show.url.replace(/\/mcp$/, '');
  let client = await connect(show.url, `soak-${k}`);
  const p3 = new Protocol3Client();
  await p3.connect('127.0.0.1', show.app.protocol3.port);
  let targets = await listTargets(client);
  let n = 0;
  try {
    while (Date.now() < until) {
      n++;
      try {
        const deep = show.app.engine.history.undoDepth > DEPTH_CAP;
        const r = random();
        if (deep ? r < 0.7 : r < 0.15) {
          tally.undos++;
          await call(client, tally, 'undo', {});
        } else if (r < (deep ? 0.75 : 0.25)) {
          tally.redos++;
          await call(client, tally, 'redo', {});
        } else if (r < 0.6 && targets.length > 0) {
          const t = pick(random, targets);
          tally.writes++;
          await call(client, tally, 'set_parameter', { path: t.path, value: valueFor(random, t) });
        } else if (r < 0.72 && targets.length > 0) {
          const ops = Array.from({ length: 2 + Math.floor(random() * 4) }, () => {
            const t = pick(random, targets);
            return { tool: 'set_parameter', args: { path: t.path, value: valueFor(random, t) } };
          });
          tally.writes++;
          await call(client, tally, 'apply_operations', { operations: ops });
        } else if (r < 0.78) {
          // Structure over MCP: patterns, effects and channels come and go (paths shift under the others).
          const ch = `/lx/mixer/channel/${1 + Math.floor(random() * 3)}`;
          const what = random();
          tally.writes++;
          if (what < 0.3) await call(client, tally, 'add_pattern', { containerPath: ch, class: pick(random, PATTERNS) });
          else if (what < 0.5) await call(client, tally, 'remove_pattern', { path: `${ch}/pattern/${2 + Math.floor(random() * 3)}` });
          else if (what < 0.7)
            await call(client, tally, 'add_effect', { containerPath: random() < 0.3 ? '/lx/mixer/master' : ch, class: pick(random, EFFECTS) });
          else if (what < 0.85) await call(client, tally, 'remove_effect', { path: `${random() < 0.3 ? '/lx/mixer/master' : ch}/effect/1` });
          else if (what < 0.93) await call(client, tally, 'add_channel', { class: pick(random, PATTERNS) });
          else await call(client, tally, 'remove_channel', { path: `/lx/mixer/channel/${3 + Math.floor(random() * 3)}` });
        } else if (r < 0.84) {
          // The console: add a pattern, or remove / move one (structure changes under the agents' feet).
          const ch = `/lx/mixer/channel/${1 + Math.floor(random() * 2)}`;
          const what = random();
          let path = '/api/tools/add_pattern';
          let body: unknown = { containerPath: ch, class: pick(random, PATTERNS) };
          if (what < 0.4) {
            path = '/api/tools/remove_pattern';
            body = { path: `${ch}/pattern/${2 + Math.floor(random() * 3)}` };
          } else if (what < 0.6) {
            path = '/api/tools/move_pattern';
            body = { path: `${ch}/pattern/${1 + Math.floor(random() * 3)}`, index: Math.floor(random() * 3) };
          }
          tally.calls++;
          tally.writes++;
          const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
          const reply = (await res.json()) as { error?: string; message?: string };
          if (res.status >= 500) tally.internal.push(`console ${path} ${JSON.stringify(body)} → ${res.status} ${JSON.stringify(reply).slice(0, 300)}`);
          else if (reply.error !== undefined) tally.refused.set(`console:${reply.error}`, (tally.refused.get(`console:${reply.error}`) ?? 0) + 1);
        } else if (r < 0.9) {
          tally.calls++;
          tally.writes++;
          const reply = (await p3.request(`set ${1 + Math.floor(random() * 4)} ${random().toFixed(4)}`)) as { ok: boolean; code?: string; error?: string };
          if (reply.code === 'internal') tally.internal.push(`protocol 3 set → ${JSON.stringify(reply).slice(0, 300)}`);
        } else {
          await call(client, tally, pick(random, ['get_history', 'list_channels', 'get_status']), {});
        }
        if (n % 40 === 0) targets = await listTargets(client);
        if (n % 30 === 0) {
          // Replace the session: half are closed properly, half are abandoned to expire.
          tally.churned++;
          if (random() < 0.5) await client.close();
          else tally.abandoned.push(client);
          client = await connect(show.url, `soak-${k}-${n}`);
        }
      } catch {
        // A transport failure (counted in the tally): start a fresh session and go on.
        await client.close().catch(() => undefined);
        client = await connect(show.url, `soak-${k}-retry-${n}`);
      }
    }
  } finally {
    await client.close().catch(() => undefined);
    await p3.close();
  }
}

test(`soak: ${SESSIONS} sessions × ${SECONDS} s of random changes, undos and redos while rendering; undo-all restores, no leaks, memory bounded`, {
  timeout: SECONDS * 1000 + 600_000,
}, async (t) => {
  const show = await startShow(t, { realtime: true, sessionIdleMs: IDLE_MS, maxSessions: 256 });
  const app = show.app;
  const initial = await stateDigest(app);
  const baseSessions = app.mcp.activeSessions;
  const frames0 = app.engine.clock.stats();
  const tally: Tally = {
    calls: 0,
    writes: 0,
    undos: 0,
    redos: 0,
    refused: new Map(),
    internal: [],
    transport: 0,
    transportErrors: [],
    churned: 0,
    abandoned: [],
  };
  const gc = (globalThis as { gc?: () => void }).gc;
  // FOOTLIGHT_SOAK_HEAP_SNAPSHOTS=<prefix>: heap snapshots at the start and the end, to compare by constructor and retainers.
  const snapshots = process.env.FOOTLIGHT_SOAK_HEAP_SNAPSHOTS;
  const heapSnapshot = async (at: string): Promise<void> => {
    if (snapshots !== undefined) (await import('node:v8')).writeHeapSnapshot(`${snapshots}-${at}.heapsnapshot`);
  };
  gc?.();
  const heapStart = process.memoryUsage().heapUsed;
  await heapSnapshot('start');
  const started = Date.now();
  const heap: { at: number; used: number; calls: number }[] = [];
  const heapSampler = setInterval(() => {
    if (gc === undefined) return;
    gc();
    heap.push({ at: Date.now() - started, used: process.memoryUsage().heapUsed, calls: tally.calls });
  }, HEAP_EVERY_MS);
  t.after(() => clearInterval(heapSampler));
  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(process.memoryUsage().rss), 1000);
  t.after(() => clearInterval(sampler));
  let maxDepth = 0;
  const unlisten = app.engine.history.listen((c) => {
    if (c.kind === 'clear') maxDepth = Infinity;
    maxDepth = Math.max(maxDepth, app.engine.history.undoDepth);
  });
  t.after(unlisten);

  // Checkpoints: one queue task undoes everything, compares with the initial state, redoes
  // everything and compares with the state before: atomic against every worker and frame.
  const checkpoints: { depth: number; undoneOk: boolean; redoneOk: boolean; firstBadRedo?: string }[] = [];
  const snapshot = (): unknown => ({ light: app.light.lx.save(), sound: app.sound.fingerprint() });
  const state = (): string => digest(snapshot());
  const checkpoint = (): Promise<void> =>
    app.engine.queue.submit(
      () => {
        const h = app.engine.history;
        const before = state();
        const depth = h.undoDepth;
        // The state at every depth on the way down, to name the first step whose redo differs.
        const levels: string[] = [before];
        const full: unknown[] = process.env.SOAK_DEBUG === '1' ? [snapshot()] : [];
        for (let i = 0; i < depth; i++) {
          h.undo();
          levels.push(state());
          if (full.length > 0) full.push(snapshot());
        }
        const undone = levels[levels.length - 1];
        let firstBadRedo: string | undefined;
        for (let i = 0; i < depth; i++) {
          const entry = h.redo();
          const now = state();
          if (firstBadRedo === undefined && now !== levels[depth - 1 - i]) {
            firstBadRedo = `redo of step ${i + 1}/${depth} "${entry?.command.label}" (${entry?.origin.surface})`;
            if (full.length > 0) firstBadRedo += ` diff: ${firstDiff(JSON.stringify(full[depth - 1 - i]), JSON.stringify(snapshot()))}`;
          }
        }
        const redone = state();
        // The workers' own redo stack sits below the steps pushed here and popped again: unchanged.
        checkpoints.push({ depth, undoneOk: undone === initial, redoneOk: redone === before, firstBadRedo });
      },
      { label: 'soak checkpoint' },
    );

  const until = Date.now() + SECONDS * 1000;
  const timer = setInterval(() => void checkpoint(), CHECK_EVERY_MS);
  const workers = Array.from({ length: SESSIONS }, (_, k) => worker(show, k, until, tally));
  await Promise.all(workers);
  clearInterval(timer);
  clearInterval(heapSampler);
  await checkpoint();
  const frames1 = app.engine.clock.stats();

  assert.deepEqual(tally.internal, [], 'nothing answered internal');
  assert.ok(checkpoints.length >= 1);
  for (const c of checkpoints) {
    assert.ok(c.undoneOk, `checkpoint at depth ${c.depth}: undoing every step restores the initial state`);
    assert.ok(c.redoneOk, `checkpoint at depth ${c.depth}: redoing every step restores the state before; first difference after ${c.firstBadRedo}`);
  }
  assert.ok(maxDepth < 1000, `the history never dropped a step (max depth ${maxDepth})`);

  // Closed sessions are gone; abandoned ones expire.
  const sweepUntil = Date.now() + IDLE_MS * 4 + 30_000;
  while (app.mcp.activeSessions > baseSessions && Date.now() < sweepUntil) await new Promise((r) => setTimeout(r, 100));
  const leftover = app.mcp.activeSessions - baseSessions;
  for (const c of tally.abandoned) await c.close().catch(() => undefined);
  // The test's own session may have idled out meanwhile: reconnect for the final undo.
  const finalClient = await show.connect('soak-final');
  assert.equal(leftover <= 0, true, `${leftover} sessions leaked`);

  // Undo everything through MCP: the exact initial state.
  let undone = 0;
  for (let i = 0; i < 1000 && app.engine.history.undoDepth > 0; i++) {
    const r = await finalClient.callTool({ name: 'undo', arguments: {} });
    assert.notEqual(r.isError, true, JSON.stringify(r.content));
    undone++;
  }
  assert.equal(await stateDigest(app), initial, 'undoing everything through MCP gives the exact initial state');

  const mib = (b: number): number => Math.round(b / 2 ** 20);
  const warm = rss[Math.min(rss.length - 1, 5)] ?? process.memoryUsage().rss;
  const peak = Math.max(...rss);
  const end = rss[rss.length - 1] ?? peak;
  // A leak shows as live heap that survives a full collection; RSS only says V8 took memory
  // (it grows its heap lazily and keeps pages; render and audio workers have their own), so it is a coarse bound.
  assert.ok(peak - warm < 384 * 2 ** 20, `RSS grew ${mib(peak - warm)} MiB (warm ${mib(warm)}, peak ${mib(peak)})`);
  let heapEnd = Number.NaN;
  let heapWarm = Number.NaN;
  let perCall = Number.NaN;
  if (gc !== undefined) {
    gc();
    heapEnd = process.memoryUsage().heapUsed;
    await heapSnapshot('end');
    // Until warm-up: compiled code, lazily built tables and source maps, the history's steps. After it, nothing per call
    // (a closed or expired session, a finished call, leaves nothing behind); was ~9 KB per call (queue lanes kept tasks).
    assert.ok(
      heapEnd - heapStart < 48 * 2 ** 20,
      `live heap after a full collection grew ${mib(heapEnd - heapStart)} MiB over the run (${mib(heapStart)} → ${mib(heapEnd)})`,
    );
    const warmed = heap.find((h) => h.at >= WARMUP_MS);
    if (warmed !== undefined) {
      heapWarm = warmed.used;
      perCall = (heapEnd - warmed.used) / Math.max(1, tally.calls - warmed.calls);
      assert.ok(
        heapEnd - warmed.used < 8 * 2 ** 20,
        `live heap after a full collection grew ${mib(heapEnd - warmed.used)} MiB after warm-up (${Math.round(perCall)} B per call; ` +
          `${mib(warmed.used)} at ${Math.round(warmed.at / 1000)} s → ${mib(heapEnd)} at the end)`,
      );
    }
  }
  t.diagnostic(
    `${SESSIONS} sessions, ${SECONDS} s: ${tally.calls} calls (${tally.writes} writes, ${tally.undos} undos, ${tally.redos} redos), ` +
      `${tally.churned} sessions replaced (${tally.abandoned.length} abandoned, all expired), ` +
      `${tally.transport} transport errors ${JSON.stringify(tally.transportErrors)}; ` +
      `${checkpoints.length} checkpoints up to depth ${Math.max(...checkpoints.map((c) => c.depth))}; ` +
      `final undo of ${undone} steps restored the initial state; ` +
      `frames ${frames1.frames - frames0.frames} (late ${frames1.late - frames0.late}); ` +
      `heap after GC ${mib(heapStart)} → ${mib(heapWarm)} (warm) → ${mib(heapEnd)} MiB (${Math.round(perCall)} B/call after warm-up; ` +
      `samples ${heap.map((h) => `${Math.round(h.at / 1000)}s:${(h.used / 2 ** 20).toFixed(1)}`).join(' ')}); ` +
      `RSS warm ${mib(warm)} MiB, peak ${mib(peak)} MiB, end ${mib(end)} MiB; ` +
      `refusals ${JSON.stringify(Object.fromEntries(tally.refused))}`,
  );
});
