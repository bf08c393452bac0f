// The share judge's rules on a stepped clock (share-judge.ts): each shared job weighs what the
// helpers' chunks saved the engine thread against its wait for them; a window that lost starts a
// spell alone that doubles while sharing keeps losing and ends when a window pays; another thread
// count resets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ShareJudge } from '../../../src/light/parallel/share-judge.js';

const WINDOW = 32;

/** A judge on a clock the test moves. */
function judgeAt(): { judge: ShareJudge; clock: { ms: number } } {
  const clock = { ms: 1000 };
  return { judge: new ShareJudge(() => clock.ms), clock };
}

/** Runs `n` jobs as the pool does: alone when the judge says so, else shared (the helpers saving `savedMs`, the wait `waitMs`). */
function jobs(judge: ShareJudge, n: number, savedMs: number, waitMs: number): { alone: number; shared: number } {
  const counted = { alone: 0, shared: 0 };
  for (let i = 0; i < n; i++) {
    if (judge.alone()) counted.alone++;
    else {
      judge.ranShared(savedMs, waitMs);
      counted.shared++;
    }
  }
  return counted;
}

/** Jobs alone until the spell ends, one a ms; returns the spell's length in ms. */
function spell(judge: ShareJudge, clock: { ms: number }): number {
  let ms = 0;
  while (judge.alone()) {
    clock.ms += 1;
    ms++;
  }
  return ms;
}

test('share judge: sharing that pays goes on, no job alone; one slow wait in a window that paid is no loss', () => {
  const { judge, clock } = judgeAt();
  assert.deepEqual(jobs(judge, 20 * WINDOW, 0.4, 0.1), { alone: 0, shared: 20 * WINDOW });
  jobs(judge, WINDOW - 1, 0.4, 0);
  jobs(judge, 1, 0.4, 10);
  assert.equal(spell(judge, clock), 0, 'saved 12.8 ms, waited 10: the window paid');
  assert.deepEqual(judge.stats(), { soloJobs: 0, soloSpells: 0 });
});

test('share judge: sharing that loses starts a spell alone of 50 ms, doubling to 1 s; a window that pays ends it', () => {
  const { judge, clock } = judgeAt();
  const lengths: number[] = [];
  for (let i = 0; i < 6; i++) {
    assert.deepEqual(jobs(judge, WINDOW, 0.4, 0.5), { alone: 0, shared: WINDOW }, 'a window whose waits outweigh what the helper saved');
    lengths.push(spell(judge, clock));
  }
  assert.deepEqual(lengths, [50, 100, 200, 400, 800, 1000]);
  assert.deepEqual(judge.stats(), { soloJobs: 2550, soloSpells: 6 });
  jobs(judge, WINDOW, 0.4, 0.1);
  assert.equal(spell(judge, clock), 0, 'a window that paid: no spell');
  jobs(judge, WINDOW, 0.4, 0.5);
  assert.equal(spell(judge, clock), 50, 'the next loss starts from 50 ms again');
});

test('share judge: reset ends a spell and starts an empty window', () => {
  const { judge } = judgeAt();
  jobs(judge, WINDOW, 0.4, 0.5);
  assert.equal(judge.alone(), true, 'in a spell');
  judge.reset();
  assert.equal(judge.alone(), false, 'reset: shared again');
  jobs(judge, WINDOW - 1, 0.4, 0.5);
  assert.equal(judge.alone(), false, 'a window is judged whole');
  jobs(judge, 1, 0.4, 0.5);
  assert.equal(judge.alone(), true, 'a whole window that lost: a spell');
});
