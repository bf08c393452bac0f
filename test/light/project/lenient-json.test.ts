// LX 1.2.1 reads .lxp/.lxf/.lxm with Gson's lenient reader: each accepted and refused form, and
// errors naming the file, line and column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LenientJsonError, parseLenientJson } from '../../../src/light/show/project/lenient-json.js';
import { mediaResolvers } from '../../../src/light/show/project/media.js';
import { ModelInputError } from '../../../src/light/model/index.js';

const parse = (text: string): unknown => parseLenientJson(text, 'x.lxf');

function refused(text: string, line: number, column: number, reason: RegExp): void {
  assert.throws(
    () => parse(text),
    (err: unknown) => {
      assert.ok(err instanceof LenientJsonError, String(err));
      assert.equal(err.file, 'x.lxf');
      assert.deepEqual([err.line, err.column], [line, column], err.message);
      assert.match(err.reason, reason);
      assert.ok(err.message.startsWith(`x.lxf:${line}:${column}: `), err.message);
      return true;
    },
  );
}

test('strict JSON reads as JSON.parse does', () => {
  const text = '{"a": [1, -2.5e3, 0, true, false, null, "s\\u00e9\\n\\"q\\"\\/"], "b": {}, "c": []}';
  assert.deepEqual(parse(text), JSON.parse(text));
});

test('block, line and hash comments are skipped before, inside and at the end of the object', () => {
  assert.deepEqual(parse('/* a\n b */ // c\n# d\n{ /* e */ "a" /* f */ : // g\n 1 # h\n , "b": [ /* i */ 2 // j\n ] }\n\n'), { a: 1, b: [2] });
});

test('unquoted names and values, single-quoted strings, = and => for :, ; for ,', () => {
  assert.deepEqual(parse("{ label: 'It\\'s \"x\"', type=strip; n=>3, v: abc, t: TRUE, f: False, z: NULL }"), {
    label: 'It\'s "x"',
    type: 'strip',
    n: 3,
    v: 'abc',
    t: true,
    f: false,
    z: null,
  });
  assert.deepEqual(parse('{a: [1; 2]}'), { a: [1, 2] });
});

test('an unquoted literal that is not a JSON number stays a string (as Gson reads it)', () => {
  assert.deepEqual(parse('{a: 01, b: 1., c: +1, d: NaN, e: 1.5x, f: -, g: trueish}'), { a: '01', b: '1.', c: '+1', d: 'NaN', e: '1.5x', f: '-', g: 'trueish' });
});

test('a trailing comma or an empty element in an array is a null element', () => {
  assert.deepEqual(parse('{"a": [1, 2,]}'), { a: [1, 2, null] });
  assert.deepEqual(parse('{"a": [,1]}'), { a: [null, 1] });
  assert.deepEqual(parse('{"a": [1,,2]}'), { a: [1, null, 2] });
  assert.deepEqual(parse('{"a": [,]}'), { a: [null, null] });
  assert.deepEqual(parse('{"a": []}'), { a: [] });
});

test('a trailing comma in an object is an error at the closing brace', () => {
  refused('{\n  "a": 1,\n}', 3, 1, /Expected name/);
  refused('{,}', 1, 2, /Expected name/);
});

test('anything after the closing brace is an error, a comment included; whitespace is not', () => {
  assert.deepEqual(parse('{"a": 1}\n \t\n'), { a: 1 });
  refused('{"a": 1}\n// done', 2, 1, /comment/);
  refused('{"a": 1} /* x */', 1, 10, /comment/);
  refused('{"a": 1}\n# x', 2, 1, /comment/);
  refused('{"a": 1}{}', 1, 9, /end of the file/);
  refused('{"a": 1},', 1, 9, /end of the file/);
});

test('malformed input names the line and column', () => {
  refused('{\n  label: Comment Panel\n}', 2, 18, /Unterminated object/);
  refused('{"a" 1}', 1, 6, /Expected ':'/);
  refused('{"a": [1 2]}', 1, 10, /Unterminated array/);
  refused('{"a": "open', 1, 7, /Unterminated string/);
  refused('{"a": 1 /* open', 1, 9, /Unterminated comment/);
  refused('{"a": "\\q"}', 1, 8, /Invalid escape/);
  refused('{"a":', 1, 6, /End of input/);
  refused('  \n /* only */ ', 2, 13, /empty/);
});

test('a raw line break inside a string is kept, and "__proto__" is an own key', () => {
  assert.deepEqual(parse('{"a": "x\ny"}'), { a: 'x\ny' });
  const o = parse('{"__proto__": {"p": 1}}') as Record<string, unknown>;
  assert.deepEqual(Object.keys(o), ['__proto__']);
  assert.equal(Object.getPrototypeOf(o), Object.prototype);
});

test("Gson's non-execute prefix )]}' is skipped", () => {
  assert.deepEqual(parse(')]}\'\n{"a": 1}'), { a: 1 });
});

test('a media folder .lxf and .lxm with comments load; a broken one fails with invalid_argument naming file, line and column', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-lenient-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, 'Fixtures'));
  await writeFile(join(dir, 'Fixtures', 'Good.lxf'), "// shared fixture\n{ label: 'Good', components: [ { type: 'points', coords: [ {x: 1} ] } ] }\n");
  await writeFile(join(dir, 'Fixtures', 'Bad.lxf'), '{\n  "label": "Bad",\n}\n');
  await mkdir(join(dir, 'Models'));
  await writeFile(join(dir, 'Models', 'Rig.lxm'), "# an external model\n{ fixtures: [ /* none yet */ ], 'label': 'Rig' }\n");
  const media = mediaResolvers(dir);
  assert.deepEqual(media.resolveLxf('Good'), { label: 'Good', components: [{ type: 'points', coords: [{ x: 1 }] }] });
  assert.deepEqual(media.resolveLxm('Rig'), { fixtures: [], label: 'Rig' });
  assert.throws(
    () => media.resolveLxf('Bad'),
    (err: unknown) => {
      assert.ok(err instanceof ModelInputError && err.code === 'invalid_argument', String(err));
      assert.match(err.message, /Bad\.lxf:3:1: Expected name/);
      return true;
    },
  );
});
