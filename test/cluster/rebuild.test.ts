// Rebuilding a node whose show diverged in structure (docs/cluster.md, "Divergence checks"): a render
// node started on another version of the show (the same file name with a fifth fixture) gives the
// leader's next component another id, so no checkpoint can repair it in place. `serve` closes that
// show and runs itself again on the leader's start project, on the same ports; the new process joins
// from the newest checkpoint, then renders the leader's frames, holds its project, sound host and
// history, and replays a call and its undo. The supervising process passes SIGTERM on (exit 0 is
// checked when the test ends).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { callOk } from '../helpers/show.js';
import { NATS_SERVER, type Node, startNats, startNode, until } from './nodes.js';
import { nextFrames, sameFrames, sameShow } from './agree.js';
import { CH1, SHOW } from './slices/rig.js';

/** The rig with a fifth bar whose id the leader gives its next component. */
async function withExtraFixture(dir: string): Promise<string> {
  const project = JSON.parse(await readFile(SHOW[1], 'utf8'));
  const last = project.model.fixtures.at(-1);
  project.model.fixtures.push({
    ...last,
    id: last.id + 1,
    jsonParameters: { ...last.jsonParameters, universe: 5 },
    parameters: { ...last.parameters, label: 'Extra', x: last.parameters.x + 100 },
  });
  const path = join(dir, 'slices.lxp');
  await writeFile(path, JSON.stringify(project, null, 2));
  return path;
}

/** The process `serve` runs in place of `node` once it rebuilt: found by its status.json (another pid, running), with its own MCP client. */
async function rebuiltOf(t: import('node:test').TestContext, node: Node): Promise<Node> {
  const info = await until(
    `${node.name} to run again`,
    async () => {
      const s = JSON.parse(await readFile(join(node.home, 'status.json'), 'utf8'));
      return s.running === true && s.pid !== node.pid ? s : undefined;
    },
    150_000,
  );
  const client = new Client({ name: `test-${node.name}-rebuilt`, version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(info.url)));
  t.after(() => client.close().catch(() => undefined));
  const call = (tool: string, a: Record<string, unknown> = {}): Promise<any> => callOk(client, tool, a);
  return { ...node, client, info, url: info.url, call, status: (frames: number[] = []) => call('get_cluster_status', { frames }) };
}

test('a render node diverged in structure rebuilds itself on the leader project and follows it', {
  skip: !existsSync(NATS_SERVER),
  timeout: 300_000,
}, async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-rebuild-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const other = ['--project', await withExtraFixture(dir), '--media', SHOW[3]];

  const { url } = await startNats(t);
  // Started before the leader, so it replays the log from its start and builds the other show.
  const extra = await startNode(t, url, 'extra', 'render', other);
  const leader = await startNode(t, url, 'lead', 'leader', [...SHOW, '--checkpoint', '5']);
  await leader.call('add_channel', { class: 'Noise', fader: 1 });

  const before = await until('extra to be found diverged', async () => {
    const s = await extra.status();
    return s.diverged !== undefined || s.repairFailed !== undefined ? s : undefined;
  });
  assert.ok(before.checks >= 1, 'extra was checked');
  const foundAt = Date.now();

  const rebuilt = await rebuiltOf(t, extra);
  assert.equal(rebuilt.url, extra.url, 'the new process serves MCP where the old one did');
  const status = await until('the rebuilt node to join and follow', async () => {
    const s = await rebuilt.status();
    if (s.stopped !== undefined) return s;
    return s.joined !== undefined && s.caughtUp !== undefined ? s : undefined;
  });
  assert.equal(status.stopped, undefined, 'the rebuilt node follows the log');
  assert.equal(status.rebuilt?.count, 1);
  assert.match(status.rebuilt.reason, /built another show here|different project/);
  t.diagnostic(
    `rebuilt: following ${Date.now() - foundAt} ms after it was found diverged; joined at frame ${status.joined.frame} ` +
      `after replaying ${status.joined.calls} calls in ${status.joined.ms} ms`,
  );

  await sameFrames([leader, rebuilt], await nextFrames(leader));
  await sameShow(leader, [rebuilt]);

  // Calls after the rebuild replay as before: a change and its undo.
  const calls = (await rebuilt.status()).calls;
  await leader.call('set_parameter', { path: `${CH1}/fader`, value: 0.4 });
  await until("the rebuilt node's replay of the change", async () => ((await rebuilt.status()).calls >= calls + 1 ? true : undefined));
  assert.equal((await rebuilt.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 0.4);
  await leader.call('undo');
  await until("the rebuilt node's replay of the undo", async () => ((await rebuilt.status()).calls >= calls + 2 ? true : undefined));
  await sameFrames([leader, rebuilt], await nextFrames(leader));
  await sameShow(leader, [rebuilt]);
  assert.equal((await rebuilt.status()).rebuilt.count, 1, 'one rebuild was enough');
});
