import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { AttributionRegistry, runAs } from '../../src/engine/attribution.js';
import type { Origin } from '../../src/engine/commands/history.js';
import { Engine } from '../../src/engine/engine.js';
import { silentLogger } from '../../src/engine/log.js';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { startProtocol3Server, type Protocol3Server } from '../../src/protocol3/server/server.js';
import { HostConnection } from '../../src/sound-client/connection.js';
import { createSoundHost } from '../../src/sound/index.js';

const agent = (n: number): Origin => ({ surface: 'mcp', session: `session-${n}`, client: `agent-${n}` });

async function stack(t: TestContext, timeoutMs?: number) {
  const engine = new Engine();
  const host = createSoundHost(engine, { project: 'demo' });
  const attribution = new AttributionRegistry();
  const server: Protocol3Server = await startProtocol3Server({ host: '127.0.0.1', port: 0, soundHost: host, engine, attribution });
  const connection = new HostConnection({ endpoint: () => ({ host: server.host, port: server.port }), log: silentLogger, attribution, timeoutMs });
  t.after(async () => {
    engine.queue.resume();
    await connection.close();
    await server.close();
    host.dispose();
  });
  const origins = (n: number) =>
    engine.history
      .recent(n)
      .map((e) => ({ label: e.command.label, ...e.origin }))
      .reverse();
  return { engine, attribution, server, connection, origins };
}

const until = async (cond: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(cond());
};

test('attribution registry: pipelined lines of many callers on one connection, reads between writes, stay aligned', async (t) => {
  const s = await stack(t);
  await runAs(agent(0), () => s.connection.ready());
  const sent: Promise<unknown>[] = [];
  for (let i = 1; i <= 12; i++) {
    // Writes and reads of different callers, all in flight at once.
    sent.push(runAs(agent(i), () => s.connection.write(`set ${3 + (i % 3)} ${(i / 20).toFixed(2)}`)));
    sent.push(runAs(agent(100 + i), () => s.connection.read('ping')));
    if (i % 4 === 0) sent.push(s.connection.read('history')); // outside any call
  }
  await Promise.all(sent);
  const got = s.origins(12);
  assert.deepEqual(
    got.map((o) => [o.surface, o.session, o.client, o.via]),
    Array.from({ length: 12 }, (_, i) => ['mcp', `session-${i + 1}`, `agent-${i + 1}`, 'protocol3']),
  );
  assert.equal(s.attribution.queued, 0);
  assert.equal(s.attribution.size, 1);
});

test("attribution registry: a write outside any call, and a raw client, keep the listener's own attribution", async (t) => {
  const s = await stack(t);
  await s.connection.write('set 3 0.4');
  const raw = new Protocol3Client();
  await raw.connect(s.server.host, s.server.port);
  t.after(() => raw.close());
  await runAs(agent(1), () => raw.request('set 4 0.4')); // no registry on this client: the caller is unknown to the listener
  const [adapterLine, rawLine] = s.origins(2);
  assert.equal(adapterLine.surface, 'protocol3');
  assert.equal(adapterLine.via, undefined);
  const local = raw.endpoints!.local;
  assert.deepEqual([rawLine.surface, rawLine.session, rawLine.client, rawLine.via], ['protocol3', `${local.address}:${local.port}`, 'protocol 3', undefined]);
});

test("attribution registry: a write whose reply is lost (timeout) is still its caller's; the reconnect starts clean", async (t) => {
  const s = await stack(t, 300);
  await runAs(agent(0), () => s.connection.ready());
  s.engine.queue.pause(); // the host receives the line but cannot answer in time
  const lost = await runAs(agent(1), () => s.connection.write('set 3 0.9'));
  assert.equal(lost.kind, 'ambiguous');
  assert.equal(lost.kind === 'ambiguous' ? lost.transport : '', 'timeout');
  s.engine.queue.resume(); // it runs after all, for the agent that sent it
  await until(() => s.engine.history.undoDepth === 1);
  await until(() => s.attribution.size === 0); // the listener saw the adapter's connection close
  const next = await runAs(agent(2), () => s.connection.write('set 4 0.9'));
  assert.equal(next.kind, 'reply');
  assert.deepEqual(
    s.origins(2).map((o) => o.session),
    ['session-1', 'session-2'],
  );
  assert.equal(s.connection.status().connections, 2);
  assert.equal(s.attribution.size, 1);
  assert.equal(s.attribution.queued, 0);
});

test('attribution registry: a host the registry does not serve gets no channel (remote hosts keep connection attribution)', async (t) => {
  const engine = new Engine();
  const host = createSoundHost(engine, { project: 'demo' });
  const server = await startProtocol3Server({ host: '127.0.0.1', port: 0, soundHost: host, engine }); // another host: no registry
  const registry = new AttributionRegistry(); // ours serves no listener
  const connection = new HostConnection({ endpoint: () => ({ host: server.host, port: server.port }), log: silentLogger, attribution: registry });
  t.after(async () => {
    await connection.close();
    await server.close();
    host.dispose();
  });
  await runAs(agent(1), () => connection.write('set 3 0.3'));
  assert.equal(registry.size, 0);
  assert.equal(engine.history.nextUndo?.origin.surface, 'protocol3');
});
