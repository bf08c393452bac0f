// The selector grammar: every operator, ranges, groups, subgroups and clear errors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SelectorSyntaxError, parseSelector } from '../../../src/light/model/index.js';

function steps(selector: string): string[][] {
  return parseSelector(selector).groups.map((g) => [
    ...(g.split === undefined ? [] : [`split:${g.split.map((s) => s.tag).join(' ')}`]),
    ...g.union.map((q) =>
      q
        .map((s) => {
          const op = s.mode === 'children' ? '>' : s.mode === 'and' ? '&' : '';
          const r = s.range === undefined ? '' : `[${s.range.start}..${s.range.end ?? 'end'}/${s.range.stride}]`;
          return `${op}${s.tag}${r}`;
        })
        .join(' '),
    ),
  ]);
}

test('selector: tags, descent, union, groups', () => {
  assert.deepEqual(steps('strip'), [['strip']]);
  assert.deepEqual(steps('  grid   row '), [['grid row']]);
  assert.deepEqual(steps('sa, sb'), [['sa', 'sb']]);
  assert.deepEqual(steps('sa,sb;arc ; point'), [['sa', 'sb'], ['arc'], ['point']]);
  assert.deepEqual(steps('a.b-c/d_e9'), [['a.b-c/d_e9']]);
});

test('selector: > direct children and & intersection', () => {
  assert.deepEqual(steps('grid > row'), [['grid >row']]);
  assert.deepEqual(steps('grid >row'), [['grid >row']]);
  assert.deepEqual(steps('> panel'), [['>panel']]);
  assert.deepEqual(steps('strip & arc'), [['strip &arc']]);
  assert.deepEqual(parseSelector('strip & arc').groups[0].union[0][1].position, 8);
});

test('selector: ranges — index, span, even, odd, strides', () => {
  assert.deepEqual(steps('row[2]'), [['row[2..2/1]']]);
  assert.deepEqual(steps('row[1-3]'), [['row[1..3/1]']]);
  assert.deepEqual(steps('row[ 1 - 3 ]'), [['row[1..3/1]']]);
  assert.deepEqual(steps('row[even]'), [['row[0..end/2]']]);
  assert.deepEqual(steps('row[odd]'), [['row[1..end/2]']]);
  assert.deepEqual(steps('row[:3]'), [['row[0..end/3]']]);
  assert.deepEqual(steps('row[2:3]'), [['row[2..end/3]']]);
  assert.deepEqual(steps('row[0-10:5]'), [['row[0..10/5]']]);
  assert.deepEqual(steps('grid[1] > row[odd], strip[0]'), [['grid[1..1/1] >row[1..end/2]', 'strip[0..0/1]']]);
});

test('selector: * splits a group into one group per match', () => {
  assert.deepEqual(steps('strip*'), [['split:strip']]);
  assert.deepEqual(steps('grid * row[0], row[1]; arc'), [['split:grid', 'row[0..0/1]', 'row[1..1/1]'], ['arc']]);
  assert.deepEqual(steps('panel row*'), [['split:panel row']]);
});

test('selector: empty groups and queries are skipped, as LX skips them', () => {
  assert.deepEqual(steps(''), []);
  assert.deepEqual(steps('   '), []);
  assert.deepEqual(steps('a;;b;'), [['a'], ['b']]);
  assert.deepEqual(steps('a,,b,'), [['a', 'b']]);
  assert.equal(parseSelector('a; b').source, 'a; b');
});

function rejects(selector: string, position: number, pattern: RegExp): void {
  assert.throws(
    () => parseSelector(selector),
    (e: unknown) => {
      assert.ok(e instanceof SelectorSyntaxError, `not a SelectorSyntaxError: ${String(e)}`);
      assert.equal(e.code, 'invalid_argument');
      assert.equal(e.position, position, e.message);
      assert.match(e.message, pattern);
      assert.match(e.message, new RegExp(`at position ${position}`));
      return true;
    },
  );
}

test('selector: bad input names the problem and its position', () => {
  rejects('strip!', 5, /unexpected character "!"/);
  rejects('row[1-3', 3, /"\[" after tag "row" is never closed/);
  rejects('row[x]', 4, /bad range "\[x\]"/);
  rejects('row[]', 4, /bad range/);
  rejects('row[3-1]', 4, /ends before it starts/);
  rejects('row[:0]', 4, /stride must be at least 1/);
  rejects('row[-1]', 4, /bad range/);
  rejects('row[1]x', 6, /expected a space/);
  rejects('[1]', 0, /must follow a tag directly/);
  rejects('grid >', 6, /">" must be followed by a tag/);
  rejects('grid > > row', 7, /">" must be followed by a tag/);
  rejects('& arc', 0, /"&" needs a tag before it/);
  rejects('a, & b', 3, /"&" needs a tag before it/);
  rejects('a * b * c', 6, /only one "\*"/);
  rejects('* row', 0, /"\*" needs a tag path before it/);
  rejects('a, b * c', 1, /"," cannot come before "\*"/);
  rejects('a > *', 4, /">" must be followed by a tag/);
});

test('selector: the error message shows where, and how selectors are written', () => {
  try {
    parseSelector('grid # row');
    assert.fail('should throw');
  } catch (e) {
    assert.ok(e instanceof SelectorSyntaxError);
    assert.match(e.message, /^view selector "grid # row": unexpected character "#"/);
    assert.match(e.message, /grid ⟨here⟩# row/);
    assert.match(e.message, /Selectors are tags separated by spaces/);
  }
});
