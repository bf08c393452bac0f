// The results finished tasks hold are bounded in bytes across every session (issue #26: 2025-era
// tasks with images held about 0.8 GB over 64 sessions): past the budget the oldest results are
// dropped, and asking for one says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { startShow } from '../helpers/show.js';

const raw = async (client: Client, method: string, params: Record<string, unknown>): Promise<any> => client.request({ method, params }, z.looseObject({}));

test('task results are kept within the byte budget across sessions; the oldest go first, with a clear answer', { timeout: 300_000 }, async (t) => {
  const budget = 20_000;
  const show = await startShow(t, { taskResultBytes: budget });
  const clients = [show.client, await show.connect('two'), await show.connect('three'), await show.connect('four')];
  const made: { client: Client; taskId: string }[] = [];
  for (let round = 0; round < 6; round++) {
    for (const client of clients) {
      const created = await raw(client, 'tools/call', { name: 'get_frame', arguments: { include_image: true, width: 1024, view: 'top' }, task: {} });
      made.push({ client, taskId: created.task.taskId });
    }
  }
  // Wait for every task to end (or to be dropped already), then read what is kept.
  let kept = 0;
  let dropped = 0;
  let keptBytes = 0;
  for (const { client, taskId } of made) {
    try {
      for (;;) {
        const got = await raw(client, 'tasks/get', { taskId });
        if (got.status !== 'working') break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } catch {
      // dropped while others finished
    }
  }
  for (const { client, taskId } of made) {
    try {
      const result = await raw(client, 'tasks/result', { taskId });
      kept++;
      keptBytes += JSON.stringify(result).length;
    } catch (err) {
      dropped++;
      assert.match((err as Error).message, /dropped to keep the server's memory bounded|ttl ran out/);
    }
  }
  const one = keptBytes / Math.max(1, kept);
  assert.ok(dropped > 0, `some results were dropped (${kept} kept, ${dropped} dropped, ${one.toFixed(0)} bytes each)`);
  assert.ok(keptBytes <= budget + 2 * one, `kept ${keptBytes} bytes within the ${budget}-byte budget`);
  // The newest task's result is always there.
  const newest = made[made.length - 1];
  assert.notEqual((await raw(newest.client, 'tasks/result', { taskId: newest.taskId })).isError, true);
});
