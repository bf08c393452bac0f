import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { startShow } from '../helpers/show.js';
import { TOOLS } from '../../src/tools/index.js';
import { renderToolDocs } from '../../src/mcp/tool-docs.js';

const SNAPS = new URL('./__toolsnaps__/', import.meta.url);

async function assertSnapshot(name: string, value: unknown): Promise<void> {
  const file = new URL(`${name}.json`, SNAPS);
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (process.env.UPDATE_TOOLSNAPS === '1') {
    await mkdir(SNAPS, { recursive: true });
    await writeFile(file, text);
    return;
  }
  let saved: string;
  try {
    saved = await readFile(file, 'utf8');
  } catch {
    if (process.env.CI === 'true') assert.fail(`${name}: no tool snapshot; run UPDATE_TOOLSNAPS=1 npm test -- tool-surface and commit it`);
    await writeFile(file, text);
    return;
  }
  assert.equal(text, saved, `${name}: the tool's schema or description changed; review, then UPDATE_TOOLSNAPS=1 npm test -- tool-surface`);
}

test('tool surface: snapshots and metadata of every tool, as a client lists them', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const { tools } = await show.client.listTools();
  assert.deepEqual(
    tools.map((x) => x.name),
    TOOLS.map((x) => x.name),
  );
  for (const tool of tools) {
    await assertSnapshot(tool.name, tool);
    assert.match(tool.name, /^[a-z]+(_[a-z0-9]+)*$/, `${tool.name}: snake_case verb_noun`);
    assert.equal(typeof tool.annotations?.readOnlyHint, 'boolean', `${tool.name}: set readOnlyHint`);
    assert.ok((tool.description ?? '').length >= 80, `${tool.name}: describe the tool for the agent`);
    assert.ok((tool.description ?? '').length <= 4096, `${tool.name}: description over 4096 characters`);
    if (tool.annotations?.readOnlyHint === false) assert.match(tool.description ?? '', /\bUndoable\b|Not undoable\.$/, `${tool.name}: say whether it undoes`);
    for (const k of ['anyOf', 'oneOf', 'allOf']) assert.ok(!(k in tool.inputSchema), `${tool.name}: top-level ${k}`);
    assert.equal(tool.inputSchema.type, 'object');
    assert.equal((tool.inputSchema as { additionalProperties?: unknown }).additionalProperties, false, `${tool.name}: unknown arguments must be refused`);
    assert.equal(tool.outputSchema?.type, 'object', `${tool.name}: declare an outputSchema`);
  }
});

test('docs/tools.md is generated from the live definitions', async () => {
  const saved = await readFile(new URL('../../docs/tools.md', import.meta.url), 'utf8');
  assert.equal(saved, renderToolDocs(TOOLS), 'docs/tools.md is stale: run npm run docs:tools');
});
