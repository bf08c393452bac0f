// Text a client gives Footlight to show (labels, names, string parameters) may not hide or reorder
// what it says: NUL and other control characters, bidi overrides and isolates, U+FEFF and unpaired
// surrogates are refused on MCP (set_parameter on a label, a tool's label argument, a batch's step
// label) and the console API, and nothing changes; accepted text is stored in NFC.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { displayTextProblem } from '../../src/engine/text.js';
import { startShow } from '../helpers/show.js';
import { api, baseOf } from '../console/helpers.js';
import { fingerprint, stateDigest } from './helpers.js';

const BAD = ['a\u0000b', 'x\u0007', 'evil\u202egnp.exe', 'a\u2066b\u2069', '\ufeffname', 'half \ud800', 'half \udc00 too', 'c1 \u0085', 'del \u007f'];
const LABEL = '/lx/mixer/channel/1/label';

test('display text: the shared check refuses what hides or reorders text and keeps the rest', () => {
  for (const s of BAD) assert.notEqual(displayTextProblem(s), undefined, JSON.stringify(s));
  for (const s of ['Wash', 'Café', 'العربية', '日本語', 'emoji 🎛️', 'two\nlines', 'tab\there', 'zwj 👩‍💻']) assert.equal(displayTextProblem(s), undefined, s);
});

test('display text: refused on every surface that sets a label or string; nothing changes; NFC is stored', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const before = await fingerprint(show.app);
  const state = await stateDigest(show.app);
  for (const s of BAD) {
    assert.match(await show.callError('set_parameter', { path: LABEL, value: s }), /^invalid_argument: /, JSON.stringify(s));
    assert.match(await show.callError('add_channel', { label: s }), /^invalid_argument: /, JSON.stringify(s));
    assert.match(
      await show.callError('apply_operations', { label: s, operations: [{ tool: 'set_parameter', args: { path: '/lx/mixer/channel/1/fader', value: 0.31 } }] }),
      /^invalid_argument: /,
    );
    const r = await api(base, '/api/parameter', { path: LABEL, value: s });
    assert.equal(r.status, 400, JSON.stringify(s));
    assert.equal(r.body.error, 'invalid_argument');
  }
  assert.equal(await fingerprint(show.app), before, 'nothing changed, history included');
  const decomposed = 'Cafe\u0301';
  const set = await show.call('set_parameter', { path: LABEL, value: decomposed });
  assert.equal(set.parameter.value, 'Caf\u00e9', 'stored in NFC');
  await show.call('undo');
  assert.equal(await stateDigest(show.app), state, 'undo restores the label');
});
