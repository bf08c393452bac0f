// Every tool, generated bad arguments: each call must fail with a client error code (never
// `internal`, never a crash), or — for a read-only tool — succeed harmlessly; either way the
// show's state and history must be byte-identical afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayTextProblem } from '../../src/engine/text.js';
import { startShow } from '../helpers/show.js';
import { fingerprint } from './helpers.js';

interface Prop {
  type?: string | string[];
  enum?: unknown[];
}

const HUGE = 'x'.repeat(1024 * 1024);
const UNICODE = ['\ud800', '\u202e\u200b\ufeff', '🎛️💡', 'e\u0301', '\u0000'];
const PATHS = [
  '/lx/../lx/mixer',
  '/lx//mixer',
  `/lx/${'a/'.repeat(200)}a`,
  'lx/mixer/channel/0',
  '/LX/mixer',
  '../../etc/passwd',
  '/lx/mixer/channel/1/fader/extra',
];

function deep(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

function wrongValues(p: Prop): unknown[] {
  const types = new Set(Array.isArray(p.type) ? p.type : p.type === undefined ? [] : [p.type]);
  const out: unknown[] = [null, deep(200)];
  if (!types.has('string')) out.push('not-a-number');
  if (!types.has('number') && !types.has('integer')) out.push(42);
  if (!types.has('boolean')) out.push(true);
  if (!types.has('array')) out.push([1, 'two', { three: 3 }]);
  if (!types.has('object')) out.push({ nested: true });
  if (types.has('integer')) out.push(1.5, -1e300, 1e300);
  if (types.has('number')) out.push(-1e308, 1e308);
  if (p.enum !== undefined) out.push('no-such-option');
  if (types.has('string')) out.push(HUGE, ...UNICODE, ...PATHS);
  return out;
}

function cases(schema: { properties?: Record<string, Prop>; required?: string[] }): Record<string, unknown>[] {
  const props = schema.properties ?? {};
  const out: Record<string, unknown>[] = [{ unexpectedArgument: 1 }, { constructor: 1 }];
  if ((schema.required ?? []).length > 0) out.push({});
  for (const [name, p] of Object.entries(props)) for (const v of wrongValues(p)) out.push({ [name]: v });
  return out;
}

test('bad input to every tool: a client error code, never internal, and nothing changes', { timeout: 900_000 }, async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  await show.call('set_parameter', { path: '/lx/mixer/channel/1/fader', value: 0.7 });
  const { tools } = await show.client.listTools();
  const before = await fingerprint(show.app);
  // Read-only tools take their cases over four sessions at once; a changing tool goes one call at
  // a time, so a step it made by accepting an argument is its own to roll back.
  const pool = [show.client, await show.connect('bad-input-2'), await show.connect('bad-input-3'), await show.connect('bad-input-4')];
  let calls = 0;
  for (const tool of tools) {
    const readOnly = tool.annotations?.readOnlyHint === true;
    const one = async (args: Record<string, unknown>, client: (typeof pool)[number]): Promise<void> => {
      calls++;
      const label = `${tool.name} ${JSON.stringify(args).slice(0, 120)}`;
      const result = await client
        .callTool({ name: tool.name, arguments: args })
        .catch((err: unknown) => ({ isError: true, content: [{ type: 'text', text: `protocol: ${String(err)}` }] }));
      const text = (result.content as { text?: string }[])[0]?.text ?? '';
      if (result.isError === true) {
        assert.match(text, /^(invalid_argument|not_found|stale|protocol): /, label);
      } else if (!readOnly) {
        // A changing tool may take a string that is fine for it when that string is all the call
        // needs (a label or a new list's name such as "🎛️💡"); the step it made must then roll
        // back to exactly the state before.
        const required = (tool.inputSchema as { required?: string[] }).required ?? [];
        const values = Object.values(args);
        assert.ok(
          required.every((k) => k in args) &&
            values.length === 1 &&
            typeof values[0] === 'string' &&
            values[0].length < 1024 &&
            displayTextProblem(values[0]) === undefined,
          `${label}: a changing tool accepted bad input: ${text.slice(0, 200)}`,
        );
        await show.app.engine.queue.submit(() => {
          const step = show.app.engine.history.nextUndo;
          assert.ok(step !== undefined, `${label}: accepted without an undo step`);
          show.app.engine.history.rollback(step);
        });
      }
    };
    const all = cases(tool.inputSchema as never);
    if (readOnly)
      await Promise.all(
        pool.map(async (client, k) => {
          for (let i = k; i < all.length; i += pool.length) await one(all[i], client);
        }),
      );
    else for (const args of all) await one(args, show.client);
    assert.equal(await fingerprint(show.app), before, `${tool.name}: state or history changed`);
  }
  assert.ok(calls > tools.length * 5, `${calls} calls`);
  t.diagnostic(`${calls} bad calls across ${tools.length} tools`);
});

/** Raw JSON-RPC over HTTP, so keys an SDK client would drop (such as "__proto__") reach the server. */
async function rawCall(url: string, bodyText: string, session?: string): Promise<{ session?: string; messages: unknown[] }> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
  };
  if (session !== undefined) headers['mcp-session-id'] = session;
  const res = await fetch(url, { method: 'POST', headers, body: bodyText });
  const text = await res.text();
  const messages = text
    .split('\n')
    .filter((l) => l.startsWith('data:'))
    .map((l) => JSON.parse(l.slice(5)));
  if (messages.length === 0 && text.startsWith('{')) messages.push(JSON.parse(text));
  return { session: res.headers.get('mcp-session-id') ?? session, messages };
}

test('an argument named "__proto__" is refused as an unknown key and never reaches a tool: nothing is polluted or changed', async (t) => {
  const show = await startShow(t);
  await show.call('set_parameter', { path: '/lx/mixer/channel/1/fader', value: 0.7 });
  const before = await fingerprint(show.app);
  const init = await rawCall(
    show.url,
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  );
  await rawCall(show.url, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), init.session);
  for (const name of ['get_status', 'get_project_info', 'list_channels']) {
    const call = await rawCall(
      show.url,
      `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"${name}","arguments":{"__proto__":{"polluted":true,"isError":true}}}}`,
      init.session,
    );
    const reply = call.messages[0] as { error?: { message: string }; result?: unknown };
    assert.equal(reply.result, undefined, `${name}: the call never ran`);
    assert.match(reply.error?.message ?? '', /unknown argument "__proto__"/, `${name}: refused as an unknown key`);
  }
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(await fingerprint(show.app), before);
});
