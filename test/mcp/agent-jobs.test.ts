import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Agent, JOBS } from '../../bench/agent-jobs.js';
import { startShow } from '../helpers/show.js';

// Issue #29's jobs as an agent runs them from the default tool surface on the stage demo: each
// must succeed within the issue's call and byte targets, keep every reply under 16 KB, and undo
// must restore the show. Calls and bytes are deterministic; bench/agent-tasks.ts times them.

for (const job of JOBS) {
  test(`agent job "${job.task}": done${job.target === undefined ? '' : ` in ≤ ${job.target.calls} calls`}, replies ≤ 16 KB, undo restores`, async (t) => {
    const show = await startShow(t, { demo: 'stage' });
    const agent = new Agent(show.client);
    const { undo } = await job.run(agent);
    t.diagnostic(`${job.name}: ${agent.calls} calls, ${(agent.bytes / 1024).toFixed(1)} KB, largest ${agent.largest.tool} ${agent.largest.bytes} B`);
    if (job.target !== undefined) {
      assert.ok(agent.calls <= job.target.calls, `${agent.calls} calls`);
      if (job.target.kb !== undefined) assert.ok(agent.bytes <= job.target.kb * 1024, `${(agent.bytes / 1024).toFixed(1)} KB`);
    }
    assert.ok(agent.largest.bytes <= 16 * 1024, `${agent.largest.tool} replied ${agent.largest.bytes} bytes`);
    await undo();
  });
}
