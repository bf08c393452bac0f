import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';

test('completion/complete: declared; canonical paths complete to the real children', async (t) => {
  const show = await startShow(t);
  assert.ok(show.client.getServerCapabilities()?.completions !== undefined, 'completions capability declared');
  const complete = async (
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string },
    name: string,
    value: string,
    args?: Record<string, string>,
  ) => (await show.client.complete({ ref, argument: { name, value }, ...(args === undefined ? {} : { context: { arguments: args } }) })).completion;
  const prompt = { type: 'ref/prompt' as const, name: 'set_a_parameter' };
  assert.deepEqual((await complete(prompt, 'path', '/lx/mixer/ch')).values, ['/lx/mixer/channel/1', '/lx/mixer/channel/2']);
  assert.deepEqual((await complete(prompt, 'path', '/lx/mixer/channel/')).values, ['/lx/mixer/channel/1', '/lx/mixer/channel/2']);
  const inside = (await complete(prompt, 'path', '/lx/mixer/channel/1/fa')).values;
  assert.deepEqual(inside, ['/lx/mixer/channel/1/fader']);
  assert.deepEqual((await complete(prompt, 'path', '/')).values, ['/lx']);
  assert.deepEqual((await complete(prompt, 'path', '/lx/nope/')).values, []);
  // Option names of the enum the other argument names.
  assert.deepEqual((await complete(prompt, 'value', '', { path: '/lx/mixer/channel/1/compositeMode' })).values, ['Playlist', 'Blend']);
  assert.deepEqual((await complete(prompt, 'value', 'bl', { path: '/lx/mixer/channel/1/compositeMode' })).values, ['Blend']);
  assert.deepEqual((await complete(prompt, 'value', '0', { path: '/lx/mixer/channel/1/fader' })).values, [], 'a number has no options');
  assert.deepEqual((await complete({ type: 'ref/prompt', name: 'why_is_it_dark' }, 'channel', 'chan')).values, ['Channel-1', 'Channel-2']);
  const resource = { type: 'ref/resource' as const, uri: 'footlight://light{+path}' };
  assert.deepEqual((await complete(resource, 'path', '/lx/mixer/channel/2/pat')).values, ['/lx/mixer/channel/2/pattern/1']);
  assert.deepEqual((await complete({ type: 'ref/resource', uri: 'footlight://tool-schema/{name}' }, 'name', 'find_')).values, ['find_tools']);
  // Completion reads; it never changes the show.
  assert.deepEqual((await show.call('get_history')).steps, []);
});

test("completion/complete: the conformance suite's completion-complete request gets a values array", async (t) => {
  const show = await startShow(t);
  // The exact request of @modelcontextprotocol/conformance 0.1.16's completion-complete scenario.
  const r = await show.client.complete({ ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' }, argument: { name: 'arg1', value: 'test' } });
  assert.ok(Array.isArray(r.completion.values));
  const modern = await show.connect('modern-agent', 'auto');
  const m = await modern.complete({ ref: { type: 'ref/prompt', name: 'set_a_parameter' }, argument: { name: 'path', value: '/lx/mix' } });
  assert.deepEqual(m.completion.values, ['/lx/mixer']);
});

test('resources: a component or parameter by path', async (t) => {
  const show = await startShow(t);
  const read = async (uri: string) => JSON.parse(((await show.client.readResource({ uri })).contents[0] as { text: string }).text);
  assert.equal((await read('footlight://light/lx/mixer/channel/2/fader')).parameter.value, 0.25);
  const channel = await read('footlight://light/lx/mixer/channel/2');
  assert.equal(channel.label, 'Channel-2');
  assert.ok(channel.next.includes('/lx/mixer/channel/2/fader'));
  await assert.rejects(show.client.readResource({ uri: 'footlight://light/lx/nope' }), /nope/);
});

test("completion/complete: mix_a_track completes the sound host's track names", async (t) => {
  const show = await startShow(t);
  const complete = async (value: string) =>
    (await show.client.complete({ ref: { type: 'ref/prompt', name: 'mix_a_track' }, argument: { name: 'track', value } })).completion;
  const tracks = ((await show.call('sound_list_tracks')).native.tracks as { name: string }[]).map((x) => x.name);
  assert.ok(tracks.length > 1);
  assert.deepEqual((await complete('')).values, tracks);
  const first = tracks[1];
  const got = (await complete(first.slice(0, 2).toLowerCase())).values;
  assert.ok(got.includes(first), `${first} in ${got}`);
  assert.ok(got.every((n) => n.toLowerCase().startsWith(first.slice(0, 2).toLowerCase())));
  assert.deepEqual((await complete('zzz-no-such')).values, []);
});
