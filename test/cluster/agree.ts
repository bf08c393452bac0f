// What "every node agrees" means in the cluster soak and kill tests: the same project (saved by each
// node's console, then hashed), the same sound host (protocol 3's `state` without its per-node token),
// the same history (labels of the undo and redo stacks, so the position too) and the same frame digests.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rawExchange } from '../protocol3/helpers.js';
import { type Node, until } from './nodes.js';

/** The console's origin of a node (its MCP endpoint is `<origin>/mcp`). */
export const origin = (node: Node): string => node.url.replace(/\/mcp$/, '');

/**
 * The project as the node's console saves it (into the node's own home), less the moment of the save:
 * its timestamp and each modulator's phase (`basis`), which is the frame the save ran at (frames are compared by digest).
 */
async function project(node: Node): Promise<Record<string, unknown>> {
  const path = join(node.home, 'agree.lxp');
  const res = await fetch(`${origin(node)}/api/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path, overwrite: true }),
  });
  assert.equal(res.status, 200, `${node.name} saved its project: ${await res.clone().text()}`);
  const { timestamp, ...rest } = JSON.parse(await readFile(path, 'utf8'), (key, value) => (key === 'basis' ? undefined : value));
  return rest;
}

const sha256 = (json: unknown): string => createHash('sha256').update(JSON.stringify(json)).digest('hex');

/** Where two JSON values differ (at most 10 places): a path and both sides, to name what a node got wrong. */
function differences(a: unknown, b: unknown, at = '', out: string[] = []): string[] {
  if (out.length >= 10) return out;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
      differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}/${k}`, out);
  } else if (a !== b) out.push(`${at}: ${JSON.stringify(a)?.slice(0, 200)} ≠ ${JSON.stringify(b)?.slice(0, 200)}`);
  return out;
}

/** The sound host's state over protocol 3, less the selection token (it carries the node's own instance id). */
async function soundState(node: Node): Promise<unknown> {
  const [line] = await rawExchange(node.protocol3, 'state\n');
  const { selection_token, ...rest } = JSON.parse(line);
  return rest;
}

/** The history's undo and redo labels (surfaces differ: a render node replays every step as `cluster`). */
export async function history(node: Node): Promise<{ undo: string[]; redo: string[] }> {
  const h = await node.call('get_history', { limit: 200 });
  return { undo: h.steps.map((s: any) => s.label), redo: h.redo.map((s: any) => s.label) };
}

/** Waits until every render node replayed every call the leader logged. */
export async function replayed(leader: Node, renders: readonly Node[]): Promise<void> {
  const calls = (await leader.status()).calls as number;
  for (const r of renders) await until(`${r.name} to replay ${calls} calls`, async () => ((await r.status()).calls >= calls ? true : undefined));
}

/** Waits until every node rendered `frames`, then asserts their digests are present and equal. */
export async function sameFrames(nodes: readonly Node[], frames: readonly number[]): Promise<void> {
  const end = Math.max(...frames);
  for (const n of nodes) await until(`${n.name} to pass frame ${end}`, async () => ((await n.status()).frame >= end ? true : undefined));
  const [first, ...rest] = await Promise.all(nodes.map(async (n) => (await n.status([...frames])).digests));
  assert.ok(
    first.every((d: { digest: string | null }) => d.digest !== null),
    `${nodes[0].name} keeps the digests`,
  );
  for (const [i, d] of rest.entries()) assert.deepEqual(d, first, `${nodes[i + 1].name} rendered the frames ${nodes[0].name} rendered`);
}

/** The next `count` frames, `every` apart, from the leader's current one. */
export async function nextFrames(leader: Node, count = 8, every = 10): Promise<number[]> {
  const now = (await leader.status()).frame as number;
  return Array.from({ length: count }, (_, i) => now + every * (i + 1));
}

/** Asserts that every node holds the leader's project, sound host and history (after `replayed`). */
export async function sameShow(leader: Node, renders: readonly Node[]): Promise<void> {
  const want = { project: await project(leader), sound: await soundState(leader), history: await history(leader) };
  for (const r of renders) {
    const got = { project: await project(r), sound: await soundState(r), history: await history(r) };
    assert.deepEqual(got.history, want.history, `${r.name} holds the leader's history`);
    assert.deepEqual(got.sound, want.sound, `${r.name} holds the leader's sound host`);
    assert.deepEqual(differences(got.project, want.project), [], `${r.name} holds the leader's project (${r.name} ≠ leader)`);
    assert.equal(sha256(got.project), sha256(want.project), `${r.name} saves the leader's project, keys in the same order`);
  }
}
