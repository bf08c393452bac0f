import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';
import { Channel } from '../../src/light/mixer/channel.js';

test('search_components: by label and class, by kind, under a path', async (t) => {
  const show = await startShow(t);
  const solid = await show.call('search_components', { query: 'solid' });
  assert.equal(solid.results[0].kind, 'pattern');
  assert.equal(solid.results[0].class, 'heronarts.lx.pattern.color.SolidPattern');
  assert.equal(solid.results[0].path, '/lx/mixer/channel/2/pattern/1');
  const channels = await show.call('search_components', { query: '', kind: 'channel' });
  assert.deepEqual(
    channels.results.map((r: { label: string }) => r.label),
    ['Channel-1', 'Channel-2'],
  );
  const exactFirst = await show.call('search_components', { query: 'channel-2' });
  assert.equal(exactFirst.results[0].label, 'Channel-2');
  const under = await show.call('search_components', { query: '', underPath: '/lx/mixer/channel/1' });
  assert.ok(under.results.every((r: { path: string }) => r.path.startsWith('/lx/mixer/channel/1')));
  assert.deepEqual((await show.call('search_components', { query: 'zzz-nothing' })).results, []);
  assert.match(await show.callError('search_components', { query: 'x', kind: 'light' }), /^invalid_argument: kind: must be one of/);
  assert.match(await show.callError('search_components', { query: 'x', underPath: '/lx/nope' }), /^not_found: /);
});

test('search_components: pages are stable and a structure change makes the cursor stale', async (t) => {
  const show = await startShow(t);
  await show.app.engine.queue.submit(() => {
    for (let i = 0; i < 8; i++) show.app.light.mixer.channels.insert(new Channel(`Extra-${i}`));
  });
  const first = await show.call('search_components', { query: '', kind: 'channel', limit: 4 });
  assert.equal(first.total, 10);
  assert.equal(first.results.length, 4);
  const second = await show.call('search_components', { query: '', kind: 'channel', limit: 4, cursor: first.nextCursor });
  assert.equal(second.results[0].label, 'Extra-2');
  const third = await show.call('search_components', { query: '', kind: 'channel', limit: 4, cursor: second.nextCursor });
  assert.equal(third.results.length, 2);
  assert.equal(third.nextCursor, undefined);
  await show.app.engine.queue.submit(() => show.app.light.mixer.channels.insert(new Channel('Late')));
  assert.match(
    await show.callError('search_components', { query: '', kind: 'channel', limit: 4, cursor: first.nextCursor }),
    /^stale: the show's structure changed since the first page/,
  );
  assert.match(
    await show.callError('search_components', { query: '', kind: 'channel', cursor: 'garbage' }),
    /^invalid_argument: cursor is not a cursor from this list/,
  );
  assert.match(
    await show.callError('search_components', { query: 'other', kind: 'channel', cursor: first.nextCursor }),
    /^invalid_argument: cursor is not a cursor from this list/,
  );
});

test('search_components: parameters by key, label and path with their values, exact label first; a task in words', async (t) => {
  const show = await startShow(t);
  const fader = await show.call('search_components', { query: 'fader' });
  const paths = fader.parameters.map((p: { path: string }) => p.path);
  assert.ok(paths.includes('/lx/mixer/channel/1/fader') && paths.includes('/lx/mixer/channel/2/fader'), paths.join(' '));
  assert.equal(fader.parameters[0].label.toLowerCase(), 'fader', 'an exact label comes first');
  const two = fader.parameters.find((p: { path: string }) => p.path === '/lx/mixer/channel/2/fader');
  assert.equal(two.value, 0.25);
  assert.equal(two.component, 'Channel-2');
  assert.equal(two.oscAddress, '/lx/mixer/channel/2/fader', 'the address OSC reaches it at');
  assert.equal(fader.parameterTotal >= fader.parameters.length, true);
  const speed = await show.call('search_components', { query: 'speed', kind: 'parameter' });
  assert.ok(speed.parameters.length > 0 && speed.parameters.every((p: { key: string; label: string }) => /speed/i.test(p.key + p.label)));
  assert.deepEqual(speed.results, []);
  const task = await show.call('search_components', { query: 'make the second channel quieter' });
  assert.equal(task.parameters[0].path, '/lx/mixer/channel/2/fader');
  const byPath = await show.call('search_components', { query: 'channel/1/fad', kind: 'parameter' });
  assert.equal(byPath.parameters[0].path, '/lx/mixer/channel/1/fader');
  const onlyChannels = await show.call('search_components', { query: 'fader', kind: 'channel' });
  assert.deepEqual(onlyChannels.parameters, []);
});

test('search_components searches the song too: tracks by name with their mix, devices on them; kind narrows', async (t) => {
  const show = await startShow(t);
  const bass = await show.call('search_components', { query: 'bass volume' });
  assert.equal(bass.sound.tracks[0].name, 'Bass');
  const tracks = (await show.call('sound_list_tracks', {})).native.tracks;
  const listed = tracks.find((x: { name: string }) => x.name === 'Bass');
  assert.deepEqual(
    [bass.sound.tracks[0].index, bass.sound.tracks[0].track_id, bass.sound.tracks[0].volume_display],
    [listed.index, listed.track_id, listed.volume_display],
  );
  // A device by name, on every track that has one, in track order.
  const reverbs = await show.call('search_components', { query: 'reverb', kind: 'sound' });
  const expected = tracks.flatMap((x: { index: number; name: string; device_names: string[] }) =>
    x.device_names.flatMap((name, position) => (name === 'Reverb' ? [{ track_index: x.index, track_name: x.name, position, name }] : [])),
  );
  assert.ok(expected.length >= 2, JSON.stringify(expected));
  assert.deepEqual(reverbs.sound.devices, expected);
  assert.deepEqual(
    reverbs.sound.tracks.map((x: { name: string }) => x.name),
    ['Reverb Bus'],
  );
  assert.deepEqual([reverbs.results, reverbs.parameters], [[], []], 'kind sound leaves the light out');
  // A light kind leaves the song out; nothing matching gives empty lists.
  assert.equal((await show.call('search_components', { query: 'bass', kind: 'channel' })).sound, undefined);
  assert.deepEqual((await show.call('search_components', { query: 'zzzz' })).sound, { tracks: [], devices: [] });
});
