// Fencing (docs/cluster.md, "Leader lease"): against a real nats-server, a leader whose lease another
// node took loses the compare-and-set on the lease, and its next append fails once the new leader has
// appended: it is told it was deposed and the stream holds nothing of it after the new leader's record.
// The choice of the next leader and its first frame are checked on their own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mayTake, startFrame } from '../../src/cluster/failover.js';
import { Lease } from '../../src/cluster/lease.js';
import { ShowLog } from '../../src/cluster/log.js';
import { Outbox } from '../../src/cluster/outbox.js';

const NATS_SERVER = '/usr/sbin/nats-server';

test('a deposed leader loses the lease and its appends are refused', { skip: !existsSync(NATS_SERVER), timeout: 60_000 }, async (t) => {
  const store = await mkdtemp(join(tmpdir(), 'footlight-nats-'));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  const nats = spawn(NATS_SERVER, ['-js', '-sd', store, '-a', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  nats.stderr!.on('data', (d) => (out += d));
  t.after(async () => {
    if (nats.exitCode === null) nats.kill('SIGTERM');
    await new Promise((r) => (nats.exitCode === null ? nats.once('exit', r) : r(undefined)));
    await rm(store, { recursive: true, force: true });
  });
  for (let i = 0; i < 200 && !/Server is ready/.test(out); i++) await new Promise((r) => setTimeout(r, 50));
  const url = `nats://127.0.0.1:${port}`;
  const a = await ShowLog.open(url, 'a', 'footlight-fence');
  const b = await ShowLog.open(url, 'b', 'footlight-fence');
  t.after(async () => {
    await a.close();
    await b.close();
  });

  // a leads: it holds the lease (term 1) and appends through its fenced outbox.
  const leaseA = await Lease.open(a.js, a.jsm, a.stream);
  const leaseB = await Lease.open(b.js, b.jsm, b.stream);
  const revA = await leaseA.write({ node: 'a', term: 1 }, 0);
  assert.ok(revA !== undefined);
  await a.reset();
  let deposed = 0;
  const outA = new Outbox(a, 'a-1', await a.lastSeq(), 8, () => deposed++);
  await outA.push({ kind: 'start', leader: 'a', project: null, startedAt: new Date().toISOString() });
  for (let f = 0; f < 5; f++) await outA.push({ kind: 'tick', frame: f, position: 0, playing: false, wallMs: 0 });
  const before = await a.lastSeq();

  // b takes the lease from a's revision; a's renewal from the same revision loses.
  const revB = await leaseB.write({ node: 'b', term: 2 }, revA);
  assert.ok(revB !== undefined, 'b took the lease');
  assert.equal(await leaseA.write({ node: 'a', term: 1 }, revA), undefined, "a's renewal lost");
  assert.deepEqual((await leaseA.read()).value, { node: 'b', term: 2 });

  // b appends its lead record; a's next append is refused and a learns it was deposed.
  const outB = new Outbox(b, 'b-2', before, 8, () => assert.fail('b is not deposed'));
  const leadSeq = await outB.push({ kind: 'lead', leader: 'b', term: 2, frame: 10, wallMs: 0 });
  assert.equal(leadSeq, before + 1);
  await assert.rejects(outA.push({ kind: 'tick', frame: 5, position: 0, playing: false, wallMs: 0 }), /another node took the lease/);
  for (let i = 0; i < 100 && deposed === 0; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(deposed, 1, 'a was told it was deposed');
  assert.equal(await a.lastSeq(), leadSeq, "nothing of a's after b's lead record");
  assert.equal(await a.messageId(leadSeq), 'b-2-1');
});

test('the next leader is the most advanced live follower, ties by name; it starts past every follower', () => {
  const now = 100_000;
  const reports = [
    { node: 'r1', seq: 40, frame: 500, at: now - 500 },
    { node: 'r2', seq: 41, frame: 510, at: now - 500 },
    { node: 'r0', seq: 99, frame: 900, at: now - 10_000 }, // dead: its report is older than the lease
  ];
  assert.equal(mayTake('r1', 40, 41, reports, 3000, now), false, 'r1 has not applied the whole log');
  assert.equal(mayTake('r1', 41, 41, reports, 3000, now), true, 'r2 applied as much, and r1 comes first by name');
  assert.equal(mayTake('r3', 41, 41, reports, 3000, now), false, 'r2 applied as much and comes first by name');
  assert.equal(mayTake('r2', 40, 40, [{ node: 'r3', seq: 41, frame: 0, at: now }], 3000, now), false, 'r3 applied more');
  assert.equal(mayTake('r2', 41, 41, [{ node: 'r0', seq: 99, frame: 0, at: now - 10_000 }], 3000, now), true, 'a report older than the lease is a dead node');
  // r2's report is 500 ms old: 30 frames on; then a second of margin.
  assert.equal(startFrame(505, reports, 3000, now), 510 + 30 + 60);
});
