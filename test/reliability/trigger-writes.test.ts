// Writes to triggers and pulse buttons (tempo tap and trigger, recall, launch...): every one
// in the running show, through every write path that sets a value (MCP set_parameter, the same
// inside apply_operations, the console's POST /api/parameter), is refused invalid_argument
// pointing to fire_trigger, never `internal`, and nothing changes, history included. Every
// payload names them `kind: trigger`, in the show and in every device class that can be added.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Component } from '../../src/engine/component.js';
import { BooleanParameter } from '../../src/engine/parameters/boolean.js';
import { toParameterPayload } from '../../src/tools/light/payloads.js';
import { startShow } from '../helpers/show.js';
import { api, baseOf } from '../console/helpers.js';
import { fingerprint } from './helpers.js';

function momentaryIn(root: Component): BooleanParameter[] {
  const out: BooleanParameter[] = [];
  for (const c of root.descendants()) for (const p of c.parameters.values()) if (p instanceof BooleanParameter && p.isPulse) out.push(p);
  return out;
}

test('trigger writes: every trigger and momentary button in the show is refused on every set path, nothing changes', { timeout: 120_000 }, async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const triggers = show.app.services.engine.graph.roots.flatMap(momentaryIn);
  const paths = triggers.map((p) => p.path);
  assert.ok(paths.includes('/lx/tempo/tap') && paths.includes('/lx/tempo/trigger'), 'the harness found tempo tap and trigger');
  const before = await fingerprint(show.app);
  for (const path of paths) {
    const got = await show.call('get_parameter', { path });
    assert.equal(got.parameter.kind, 'trigger', `${path} is reported as a trigger`);
    for (const value of [true, false, 1]) {
      const direct = await show.callError('set_parameter', { path, value });
      assert.match(direct, /^invalid_argument: .*fire_trigger/, `${path} = ${String(value)}: ${direct}`);
      const batched = await show.callError('apply_operations', { operations: [{ tool: 'set_parameter', args: { path, value } }] });
      assert.match(batched, /^invalid_argument: .*fire_trigger/, `batch ${path}: ${batched}`);
      const console = await api(base, '/api/parameter', { path, value });
      assert.equal(console.status, 400, `console ${path}: ${JSON.stringify(console.body)}`);
      assert.equal(console.body.error, 'invalid_argument');
      assert.match(console.body.message, /fire_trigger/);
    }
  }
  assert.equal(await fingerprint(show.app), before, 'nothing changed, history included');
  // fire_trigger is the way: it fires and says it is not undoable (no step).
  const fired = await show.call('fire_trigger', { path: '/lx/tempo/tap' });
  assert.equal(fired.parameter.kind, 'trigger');
  t.diagnostic(`${paths.length} triggers and pulse buttons refused on 3 paths`);
});

test('trigger writes: every momentary button that holds a value (Cue, Aux...) is set and undone over MCP, never internal', { timeout: 120_000 }, async (t) => {
  const show = await startShow(t);
  const held = show.app.services.engine.graph.roots
    .flatMap((r) => [...r.descendants()].flatMap((c) => [...c.parameters.values()]))
    .filter((p): p is BooleanParameter => p instanceof BooleanParameter && p.mode === 'momentary' && !p.isPulse);
  assert.ok(held.length > 0);
  for (const p of held) {
    const set = await show.call('set_parameter', { path: p.path, value: !p.baseValue });
    assert.equal(set.parameter.kind, 'boolean', p.path);
    if (set.changed) await show.call('undo');
    assert.equal(JSON.parse(JSON.stringify((await show.call('get_parameter', { path: p.path })).parameter.value)), p.baseValue, `${p.path} restored`);
  }
  t.diagnostic(`${held.length} momentary buttons that hold a value`);
});

test('trigger writes: every device class reports its triggers and pulse buttons as kind trigger', async (t) => {
  const show = await startShow(t);
  const registry = show.app.services.light.registry;
  let count = 0;
  for (const kind of ['pattern', 'effect', 'modulator'] as const) {
    for (const entry of registry.list(kind)) {
      if (entry.create === undefined) continue;
      for (const p of momentaryIn(registry.create(entry))) {
        assert.equal(toParameterPayload(p).kind, 'trigger', `${entry.className}.${p.key}`);
        count++;
      }
    }
  }
  assert.ok(count > 10, `found ${count}`);
  t.diagnostic(`${count} trigger and pulse parameters across the device classes`);
});
