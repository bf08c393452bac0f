// The share judge's rules on a stepped clock (share-judge.ts): a window that lost starts a spell
// alone that doubles while sharing keeps losing and ends when a window pays; a window judged on
// a guess, or every sixteenth that paid, is followed by a probe of 8 jobs alone; another thread
// count resets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ShareJudge } from '../../../src/light/parallel/share-judge.js';

const WINDOW = 32;
const PROBE = 8;

/** A judge on a clock the test moves. */
function judgeAt(): { judge: ShareJudge; clock: { ms: number } } {
  const clock = { ms: 1000 };
  return { judge: new ShareJudge(() => clock.ms), clock };
}

/** Runs `n` jobs as the pool does: alone when the judge says so (at `aloneMs`), else shared (taking `sharedMs`). */
function jobs(judge: ShareJudge, n: number, sharedMs: number, aloneMs = 1): { alone: number; shared: number } {
  const counted = { alone: 0, shared: 0 };
  for (let i = 0; i < n; i++) {
    if (judge.alone()) {
      judge.ranAlone(0, 1000, aloneMs);
      counted.alone++;
    } else {
      judge.ranShared(0, 1000, aloneMs, sharedMs);
      counted.shared++;
    }
  }
  return counted;
}

test('share judge: a guessed window is probed alone; sharing that pays goes on, with a probe every sixteenth window', () => {
  const { judge } = judgeAt();
  assert.deepEqual(jobs(judge, WINDOW, 0.6), { alone: 0, shared: WINDOW }, 'the first window is shared, judged on a guess');
  assert.deepEqual(jobs(judge, PROBE, 0.6), { alone: PROBE, shared: 0 }, 'then probed alone: the solo time is measured');
  assert.deepEqual(jobs(judge, 15 * WINDOW, 0.6), { alone: 0, shared: 15 * WINDOW }, 'fifteen windows that pay are shared');
  assert.deepEqual(jobs(judge, WINDOW, 0.6), { alone: 0, shared: WINDOW }, 'the sixteenth too');
  assert.deepEqual(jobs(judge, PROBE + 1, 0.6), { alone: PROBE, shared: 1 }, 'then a probe, and sharing again');
  assert.deepEqual(judge.stats(), { soloJobs: 2 * PROBE, soloSpells: 0 });
});

test('share judge: sharing that loses starts a spell alone of 50 ms, doubling to 1 s; a window that pays ends it', () => {
  const { judge, clock } = judgeAt();
  jobs(judge, WINDOW + PROBE, 0.6); // measured alone at 1 ms a job
  const spell = (): number => {
    let ms = 0;
    while (judge.alone()) {
      judge.ranAlone(0, 1000, 1);
      clock.ms += 1;
      ms++;
    }
    return ms;
  };
  const lengths: number[] = [];
  for (let i = 0; i < 6; i++) {
    assert.deepEqual(jobs(judge, WINDOW, 1.5), { alone: 0, shared: WINDOW }, 'a window of shared jobs, each 1.5 ms against 1 alone');
    lengths.push(spell());
  }
  assert.deepEqual(lengths, [50, 100, 200, 400, 800, 1000]);
  assert.equal(judge.stats().soloSpells, 6);
  jobs(judge, WINDOW, 0.6);
  assert.equal(spell(), 0, 'a window that paid: no spell');
  jobs(judge, WINDOW, 1.5);
  assert.equal(spell(), 50, 'the next loss starts from 50 ms again');
});

test('share judge: reset ends a spell and a probe, and keeps the solo times', () => {
  const { judge } = judgeAt();
  jobs(judge, WINDOW + PROBE, 0.6);
  jobs(judge, WINDOW, 1.5);
  assert.equal(judge.alone(), true, 'in a spell');
  judge.reset();
  assert.equal(judge.alone(), false, 'reset: shared again');
  assert.deepEqual(jobs(judge, WINDOW - 1, 1.5), { alone: 0, shared: WINDOW - 1 });
  jobs(judge, 1, 1.5);
  assert.equal(judge.alone(), true, 'judged on the solo time kept: a loss, a spell (no probe for a guess)');
});
