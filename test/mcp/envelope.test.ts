// Who is blamed for a zod failure: only the parse of the caller's arguments at the edge
// (ToolRegistry.invoke) words one as invalid_argument; a ZodError from inside a handler, the
// domain or the adapter is a Footlight bug, reported as internal and logged with its stack.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod';
import { createLogger } from '../../src/engine/log.js';
import { toolError } from '../../src/mcp/envelope.js';
import { startShow } from '../helpers/show.js';

const FADER = '/lx/mixer/channel/1/fader';

test('envelope: a ZodError that reaches it is internal, logged; a FootlightError keeps its code', () => {
  const lines: string[] = [];
  const log = createLogger({ level: 'error', write: (line) => lines.push(line) });
  const parsed = z.strictObject({ n: z.number() }).safeParse({ n: 'x' });
  assert.equal(parsed.success, false);
  const result = toolError(parsed.error, log, 'some_tool');
  assert.equal(result.isError, true);
  const text = result.content[0].type === 'text' ? result.content[0].text : '';
  assert.match(text, /^internal: unexpected failure in some_tool/);
  assert.equal(lines.length, 1, 'the bug is logged');
});

test('tools: bad arguments are invalid_argument from the edge parse; a zod failure inside the handler is internal; nothing changes', async (t) => {
  const show = await startShow(t);
  const before = await show.call('get_parameter', { path: FADER });
  const history = await show.call('get_history', {});
  // The edge: the caller's arguments.
  assert.match(await show.callError('set_parameter', { path: FADER, value: { nested: true } }), /^invalid_argument: value: /);
  assert.match(await show.callError('set_parameter', { path: FADER, value: 0.5, extra: 1 }), /^invalid_argument: arguments: unknown argument "extra"/);
  // Inside: a handler whose own parse fails (a domain or adapter schema out of step) blames Footlight, not the caller.
  const tool = show.app.services.tools.find((x) => x.name === 'set_parameter');
  assert.ok(tool !== undefined);
  const honest = tool.handle;
  (tool as { handle: unknown }).handle = () => z.number().parse('not a number');
  t.after(() => {
    (tool as { handle: unknown }).handle = honest;
  });
  assert.match(await show.callError('set_parameter', { path: FADER, value: 0.5 }), /^internal: unexpected failure in set_parameter/);
  (tool as { handle: unknown }).handle = honest;
  assert.deepEqual(await show.call('get_parameter', { path: FADER }), before);
  assert.deepEqual(await show.call('get_history', {}), history);
});
