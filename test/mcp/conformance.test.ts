// The official MCP conformance suite (@modelcontextprotocol/conformance, pinned to 0.1.13: the
// newest release that runs on Node 20 — 0.1.14 on import `globSync` from node:fs, Node 22 only)
// against a real Footlight over HTTP. The scenarios listed are the ones a show server can pass;
// the rest of the suite drives the reference server's own test tools (test_simple_text, ...).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startShow } from '../helpers/show.js';

const CLI = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url));

const SCENARIOS = [
  'completion-complete',
  'server-initialize',
  'ping',
  'logging-set-level',
  'tools-list',
  'resources-list',
  'prompts-list',
  'resources-subscribe',
  'resources-unsubscribe',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];

function run(url: string, scenario: string, cwd: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, 'server', '--url', url, '--scenario', scenario],
      { cwd, timeout: 60_000, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
      (err, stdout, stderr) => {
        resolve({ code: err === null ? 0 : (child.exitCode ?? null), out: `${stdout}${stderr}` });
      },
    );
  });
}

test('conformance: completion-complete and the other scenarios a show server serves all pass', async (t) => {
  const show = await startShow(t);
  const cwd = await mkdtemp(join(tmpdir(), 'footlight-conformance-'));
  t.after(() => rm(cwd, { recursive: true, force: true }));
  for (const scenario of SCENARIOS) {
    const { code, out } = await run(show.url, scenario, cwd);
    const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(out);
    assert.ok(summary !== null, `${scenario}: no summary in\n${out}`);
    assert.equal(summary[3], '0', `${scenario} failed:\n${out}`);
    assert.equal(summary[1], summary[2], `${scenario}:\n${out}`);
    assert.equal(code, 0, `${scenario} exit code:\n${out}`);
  }
});
