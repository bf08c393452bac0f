import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';
import { TOOLS } from '../../src/tools/index.js';
import { TOOLSETS } from '../../src/tools/toolsets.js';
import { listedBytes, listedTool, sharedOutputFields } from '../../src/mcp/lean-schema.js';

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
    assert.deepEqual(listedTool(tool, TOOLS), listed, listed.name);
    assert.equal(listedBytes(tool, TOOLS), Buffer.byteLength(JSON.stringify(listed)), listed.name);
  }
});

test('tool budget: fields several tools share are listed by type and described once in footlight://tool-schema-shared', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const { tools } = await show.client.listTools();
  const read = await show.client.readResource({ uri: 'footlight://tool-schema-shared' });
  const { fields } = JSON.parse((read.contents[0] as { text: string }).text) as {
    fields: { name: string; field: string; schema: Record<string, unknown>; tools: string[] }[];
  };
  assert.equal(new Set(fields.map((f) => f.name)).size, fields.length, 'one name per shared definition');
  const authorization = fields.find((f) => f.field === 'authorization');
  assert.ok(authorization !== undefined && authorization.tools.length >= 10, 'a sound write receipt field is shared');
  assert.match(String(authorization.schema.description), /How it was authorized/);
  for (const f of fields) {
    assert.ok(f.tools.length >= 2, `${f.name}: shared by ${f.tools.join(', ')}`);
    for (const name of f.tools) {
      const listed = tools.find((x) => x.name === name)!;
      const declared = (listed.outputSchema!.properties as Record<string, Record<string, unknown>>)[f.field];
      assert.equal(declared.description, undefined, `${name}.${f.field} is declared by type only`);
      assert.ok(JSON.stringify(declared).length < JSON.stringify(f.schema).length, `${name}.${f.field} is shorter in tools/list`);
    }
  }
  // The full schema keeps the description the listing leaves out.
  const full = await show.client.readResource({ uri: 'footlight://tool-schema/song_save_project' });
  const schema = JSON.parse((full.contents[0] as { text: string }).text).outputSchema;
  assert.match(schema.properties.authorization.description, /How it was authorized/);
});

test('shared output fields are worked out over the catalog handed in: a lone tool shares nothing, the whole catalog does', () => {
  const all = sharedOutputFields(TOOLS);
  assert.ok(all.length > 0, 'TOOLS share some output fields');
  for (const f of all) assert.ok(f.tools.length >= 2, `${f.name} is shared by ${f.tools.join(', ')}`);
  const one = TOOLS.find((x) => x.name === all[0].tools[0])!;
  assert.deepEqual(sharedOutputFields([one]), []);
  // A tool's listed bytes depend on the catalog: alone, its shared fields keep their full schemas.
  assert.ok(listedBytes(one, [one]) > listedBytes(one, TOOLS));
});
