// The global audio meter over real MCP: readable with get_parameter, a modulation source for
// wire_modulation (the meter and one of its bands), undoable; its read-only bands are refused
// as targets by the modulation rules like any other non-modulatable knob.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';

test('MCP: /lx/audio/meter reads through get_parameter and wires as a modulation source; undo restores', async (t) => {
  const show = await startShow(t);
  const read = async (path: string): Promise<unknown> => (await show.call('get_parameter', { path })).parameter.value;
  assert.deepEqual(
    await Promise.all(['gain', 'range', 'attack', 'release', 'slope', 'band-1', 'band-16'].map((k) => read(`/lx/audio/meter/${k}`))),
    [0, 48, 10, 100, 4.5, 0, 0],
  );
  assert.equal(await read('/lx/audio/enabled'), false);
  const before = (await show.call('list_modulations', {})) as unknown;
  await show.call('wire_modulation', { sourcePath: '/lx/audio/meter', targetPath: '/lx/mixer/channel/1/fader', range: 0.5 });
  await show.call('wire_modulation', { sourcePath: '/lx/audio/meter/band-1', targetPath: '/lx/mixer/channel/2/fader', range: 1 });
  const wired = JSON.stringify(await show.call('list_modulations', {}));
  assert.match(wired, /\/lx\/audio\/meter"/);
  assert.match(wired, /\/lx\/audio\/meter\/band-1/);
  await show.call('undo');
  await show.call('undo');
  assert.deepEqual(await show.call('list_modulations', {}), before);
  const history = await show.call('get_history');
  const err = await show.callError('wire_modulation', { sourcePath: '/lx/mixer/channel/1/fader', targetPath: '/lx/audio/meter/band-1', range: 1 });
  assert.match(err, /^invalid_argument: .*not modulatable/);
  assert.deepEqual(await show.call('list_modulations', {}), before, 'nothing changed');
  assert.deepEqual(await show.call('get_history'), history, 'history included');
});
