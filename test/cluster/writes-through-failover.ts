// The choreography both forwarded-write failover tests share: two render nodes keep writing while the
// leader freezes (SIGSTOP: what was sent to it waits there) and dies (SIGKILL), until each node has had
// five more writes answered after r1 took over (the tie between followers goes to the smaller name).
import { type Node, until } from './nodes.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends writes with `writer` through r2 (id 1) and r1 (id 2) across the leader's death: each writer's
 * outcomes (r2's first) and how many each had when the leader was killed.
 */
export async function writesThroughFailover<O>(
  lead: Node,
  r1: Node,
  r2: Node,
  writer: (node: Node, id: number, done: () => boolean, out: O[]) => Promise<void>,
): Promise<{ outcomes: O[][]; sentAtKill: number[] }> {
  let stop = false;
  const outcomes: O[][] = [[], []];
  const writing = Promise.all([writer(r2, 1, () => stop, outcomes[0]), writer(r1, 2, () => stop, outcomes[1])]);
  await until('writes through both render nodes', async () => (outcomes.every((o) => o.length >= 3) ? true : undefined));
  process.kill(lead.info.pid, 'SIGSTOP');
  await sleep(400);
  await lead.kill();
  const sentAtKill = outcomes.map((o) => o.length);
  await until('r1 to lead', async () => ((await r1.status()).role === 'leader' ? true : undefined));
  await until('writes after the takeover', async () => (outcomes.every((o, i) => o.length >= sentAtKill[i] + 5) ? true : undefined), 60_000);
  stop = true;
  await writing;
  return { outcomes, sentAtKill };
}
