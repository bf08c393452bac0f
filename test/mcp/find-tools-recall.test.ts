// find_tools' recall on phrases written from docs/tools.md by someone who never saw the finder
// (find-tools-phrases.json: 149 tasks in an operator's, musician's or agent's words, every tool
// at least once). Recall is the share whose expected tool is among the tools find_tools returns.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TOOLS } from '../../src/tools/index.js';
import { findTools } from '../../src/tools/tool-finder.js';
import { startShow } from '../helpers/show.js';

interface Phrase {
  readonly phrase: string;
  readonly expected: readonly string[];
}

const PHRASES: readonly Phrase[] = JSON.parse(readFileSync(new URL('./find-tools-phrases.json', import.meta.url), 'utf8'));

/** The 1-based place of the first expected tool among `limit` results, or 0 when it is missing. */
function rankOf(p: Phrase, limit: number): number {
  return findTools(TOOLS, p.phrase, limit).findIndex((f) => p.expected.includes(f.tool.name)) + 1;
}

test('find_tools finds the right tool for at least 95 % of an independent phrase set (default limit 6)', (t) => {
  assert.ok(PHRASES.length >= 100);
  assert.ok(new Set(PHRASES.flatMap((p) => p.expected)).size >= 100, 'the set covers 100+ tools');
  for (const p of PHRASES)
    for (const name of p.expected)
      assert.ok(
        TOOLS.some((x) => x.name === name),
        `${name} is a tool`,
      );
  const ranks = PHRASES.map((p) => rankOf(p, 6));
  const share = (ok: (r: number) => boolean): number => ranks.filter(ok).length / ranks.length;
  const misses = PHRASES.filter((_, i) => ranks[i] === 0).map((p) => `${p.phrase} → ${p.expected.join(' | ')}`);
  t.diagnostic(
    `recall over ${PHRASES.length} phrases: top-1 ${(100 * share((r) => r === 1)).toFixed(1)} %, top-3 ` +
      `${(100 * share((r) => r >= 1 && r <= 3)).toFixed(1)} %, top-6 ${(100 * share((r) => r >= 1)).toFixed(1)} %`,
  );
  assert.ok(share((r) => r >= 1) >= 0.95, `missed:\n${misses.join('\n')}`);
});

test('find_tools over MCP answers as the finder ranks', async (t) => {
  const show = await startShow(t);
  for (const p of PHRASES.slice(0, 12)) {
    const over = (await show.call('find_tools', { task: p.phrase, enable: false })).tools.map((x: { name: string }) => x.name);
    assert.deepEqual(
      over,
      findTools(show.app.services.tools, p.phrase, 6).map((f) => f.tool.name),
      p.phrase,
    );
  }
});
