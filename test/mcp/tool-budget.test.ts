import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';
import { TOOLS } from '../../src/tools/index.js';
import { TOOLSETS } from '../../src/tools/toolsets.js';
import { listedBytes, listedTool } from '../../src/tools/lean-schema.js';

/** The first tools/list of a fresh server must fit a small context: raise these only on purpose. */
const MAX_TOOLS = 30;
const MAX_BYTES = 40_000;

test('tool budget: a fresh server lists at most 30 tools in at most 40,000 bytes, output schemas included', async (t) => {
  const show = await startShow(t);
  const listed = await show.client.listTools();
  const bytes = Buffer.byteLength(JSON.stringify(listed));
  const names = listed.tools.map((x) => x.name);
  assert.ok(listed.tools.length <= MAX_TOOLS, `${listed.tools.length} tools listed by default (budget ${MAX_TOOLS}): ${names.join(', ')}`);
  assert.ok(bytes <= MAX_BYTES, `tools/list is ${bytes} bytes by default (budget ${MAX_BYTES}); docs/tools.md prints each tool's bytes`);
  for (const n of [
    'get_status',
    'find_tools',
    'search_components',
    'list_parameters',
    'get_parameter',
    'set_parameter',
    'undo',
    'redo',
    'get_history',
    'get_frame',
    'apply_operations',
  ])
    assert.ok(names.includes(n), `${n} is listed by default`);
  const defaults = new Set(TOOLSETS.filter((s) => s.default).map((s) => s.id));
  assert.ok(listed.tools.every((x) => defaults.has((x._meta as Record<string, string>)['footlight/toolset'])));
});

test('tool budget: --toolsets all lists every tool from the start', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const { tools } = await show.client.listTools();
  assert.deepEqual(
    tools.map((x) => x.name),
    TOOLS.map((x) => x.name),
  );
});

test('toolsets: every tool names a registered toolset', () => {
  const ids = new Set(TOOLSETS.map((s) => s.id));
  for (const tool of TOOLS) assert.ok(ids.has(tool.toolset), `${tool.name}: toolset ${tool.toolset} is not in TOOLSETS (src/tools/toolsets.ts)`);
  for (const s of TOOLSETS)
    assert.ok(
      TOOLS.some((x) => x.toolset === s.id),
      `toolset ${s.id} has no tools`,
    );
});

test('tool budget: docs/tools.md counts each tool exactly as tools/list sends it', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const { tools } = await show.client.listTools();
  for (const listed of tools) {
    const tool = TOOLS.find((x) => x.name === listed.name)!;
    assert.deepEqual(listedTool(tool), listed, listed.name);
    assert.equal(listedBytes(tool), Buffer.byteLength(JSON.stringify(listed)), listed.name);
  }
});
