import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Client } from '@modelcontextprotocol/client';
import { callOk, startSound } from './helpers.js';

/** The MCP session id a client was given (2025-era sessionful transport). */
const sessionOf = (client: Client): string => {
  const id = (client as unknown as { _transport?: { sessionId?: string } })._transport?.sessionId;
  assert.match(id ?? '', /^[0-9a-f-]{36}$/);
  return id!;
};

type Step = { seq: number; label: string; surface: string; session?: string; client?: string; via?: string };

test('attribution: two MCP agents writing sound at once each own their step (get_history, sound_get_history, undo/redo)', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const alpha = await show.connect('agent-alpha');
  const beta = await show.connect('agent-beta');
  const [a, b] = [sessionOf(alpha), sessionOf(beta)];
  // Interleaved on the adapter's one connection: reads and writes of both sessions pipelined.
  await Promise.all([
    callOk(alpha, 'sound_set_controls', { controls: [{ index: 3, value: 96 }] }),
    callOk(beta, 'sound_get_device_state'),
    callOk(beta, 'sound_set_controls', {
      controls: [
        { index: 4, value: 16 },
        { index: 3, value: 32 },
      ],
    }),
    callOk(alpha, 'sound_get_history'),
  ]);
  const steps: Step[] = (await show.call('get_history', { limit: 2 })).steps;
  const mine = (session: string): Step => {
    const s = steps.find((x) => x.session === session);
    assert.ok(s !== undefined, `a step of ${session} in ${JSON.stringify(steps)}`);
    return s;
  };
  assert.deepEqual(
    { ...mine(a), seq: 0, at: undefined },
    { seq: 0, label: mine(a).label, surface: 'mcp', session: a, client: 'agent-alpha', via: 'protocol3', at: undefined },
  );
  assert.deepEqual(
    { ...mine(b), seq: 0, at: undefined },
    { seq: 0, label: 'Change 2 controls of Poly Grid', surface: 'mcp', session: b, client: 'agent-beta', via: 'protocol3', at: undefined },
  );
  assert.match(mine(a).label, /^Change /);
  assert.equal(show.app.attribution.queued, 0, 'every recorded origin was taken by a line');

  // The host's own history (protocol 3 `history`, unchanged format) names the same surface and session.
  const top = steps[0];
  const native = (await callOk(alpha, 'sound_get_history')).native;
  assert.deepEqual(native.next_undo, { seq: top.seq, label: top.label, surface: 'mcp', session: top.session });

  // The agent can recognise its own step, then undo and redo it through the sound tools.
  const owner = top.session === a ? alpha : beta;
  const undone = await callOk(owner, 'sound_undo');
  assert.equal(undone.status, 'completed');
  assert.deepEqual(undone.native.undone, { seq: top.seq, label: top.label, surface: 'mcp', session: top.session });
  const redone = await callOk(owner, 'sound_redo');
  assert.deepEqual(redone.native.redone, { seq: top.seq, label: top.label, surface: 'mcp', session: top.session });
  const after: Step[] = (await show.call('get_history', { limit: 2 })).steps;
  assert.deepEqual(after, steps, 'redo brings the same steps back with the same attribution');
  // The shared light-side undo takes the sound step back too, and reports who made it.
  const u = await show.call('undo');
  assert.equal(u.step.session, top.session);
  assert.equal(u.step.via, 'protocol3');
  await show.call('redo');
});

test('attribution: a raw protocol-3 client stays attributed to protocol3 and its peer', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  await show.call('sound_set_controls', { controls: [{ index: 3, value: 100 }] }); // the adapter's connection is open and attributed
  const raw = await show.other();
  const reply = await raw.request('set 4 0.25');
  assert.equal(reply.ok, true);
  const local = raw.endpoints!.local;
  const [top, below]: Step[] = (await show.call('get_history', { limit: 2 })).steps;
  assert.deepEqual(
    { surface: top.surface, session: top.session, client: top.client, via: top.via },
    { surface: 'protocol3', session: `${local.address}:${local.port}`, client: 'protocol 3', via: undefined },
  );
  assert.equal(below.surface, 'mcp');
  assert.equal(below.client, 'footlight-test');
  // Its undo over the wire reports the MCP step it takes back after its own.
  assert.deepEqual((await raw.request('undo')).undone, { seq: top.seq, label: top.label, surface: 'protocol3', session: top.session });
  assert.deepEqual((await raw.request('undo')).undone, { seq: below.seq, label: below.label, surface: 'mcp', session: below.session });
});

test('attribution: a confirmed write belongs to the session that confirmed it', async (t) => {
  const show = await startSound(t);
  const gamma = await show.connect('agent-gamma');
  const g = sessionOf(gamma);
  const depth = show.app.engine.history.undoDepth;
  const [preview, result] = await show.confirm('sound_set_controls', { controls: [{ index: 5, value: 20 }] }, gamma);
  assert.equal(preview.status, 'confirmation_required');
  assert.equal(result.status, 'completed');
  // Another session's reads in between do not shift the attribution.
  await show.call('sound_get_device_state');
  assert.equal(show.app.engine.history.undoDepth, depth + 1);
  const [top]: Step[] = (await show.call('get_history', { limit: 1 })).steps;
  assert.deepEqual(
    { surface: top.surface, session: top.session, client: top.client, via: top.via },
    { surface: 'mcp', session: g, client: 'agent-gamma', via: 'protocol3' },
  );
  // The console's activity feed names the agent for the call that made the step.
  const call = show.app.calls.filter((c) => c.tool === 'sound_set_controls').at(-1)!;
  assert.equal(call.origin.session, g);
});

test('attribution: after the adapter reconnects, new lines are attributed again and the old connection is forgotten', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  await show.call('sound_set_controls', { controls: [{ index: 3, value: 10 }] });
  assert.equal(show.app.attribution.size, 1);
  // Drop the adapter's connection (what a lost link looks like to it); the next call reconnects.
  const lanes = (show.app.services.soundAdapter.connection as unknown as { lanes: Map<string, { client: { close(): Promise<void> } | null }> }).lanes;
  for (const lane of lanes.values()) await lane.client?.close();
  const delta = await show.connect('agent-delta');
  await callOk(delta, 'sound_set_controls', { controls: [{ index: 3, value: 11 }] });
  const [top]: Step[] = (await show.call('get_history', { limit: 1 })).steps;
  assert.deepEqual({ surface: top.surface, session: top.session, client: top.client }, { surface: 'mcp', session: sessionOf(delta), client: 'agent-delta' });
  // Connections are per session: delta's first (2), then this session's reconnect (3).
  const status = await show.call('sound_get_status');
  assert.equal(status.connection.connections, 3);
  assert.equal(status.connection.open_connections, 2);
  assert.equal(show.app.attribution.size, 2, 'the closed connection left nothing behind: one channel per open connection');
  assert.equal(show.app.attribution.queued, 0);
});
