import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { runSoundSession } from '../../../scripts/sound-session.js';

const headings = (md: string): string[] => [...md.matchAll(/^### \d+\. `([a-z_]+)`$/gm)].map((m) => m[1]);

test('the sound session script runs end to end over MCP, and docs/sound-session-transcript.md is its current output', async () => {
  const { calls, markdown } = await runSoundSession(); // asserts every step itself
  assert.ok(calls.every((c) => !c.isError));
  const tools = calls.map((c) => c.tool);
  for (const needed of [
    'song_compile_plan',
    'song_import_plan',
    'song_get_arranger',
    'grid_begin_patch_session',
    'grid_set_parameter',
    'grid_end_patch_session',
    'song_save_project',
  ])
    assert.ok(tools.includes(needed), needed);
  assert.deepEqual(headings(markdown), tools);
  const saved = await readFile(new URL('../../../docs/sound-session-transcript.md', import.meta.url), 'utf8');
  assert.deepEqual(headings(saved), tools, 'docs/sound-session-transcript.md is stale: run node --import tsx scripts/sound-session.ts');
  assert.doesNotMatch(saved, /[0-9a-f]{64}/, 'tokens are shortened in the transcript');
});
