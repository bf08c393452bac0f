import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startShow, tempHome } from '../helpers/show.js';
import { api, baseOf, raw } from './helpers.js';

const FADER = '/lx/mixer/channel/1/fader';

test('console API: state lists the mixer with the one parameter serializer', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const { status, body } = await api(base, '/api/state');
  assert.equal(status, 200);
  assert.equal(body.light.channels.length, 2);
  const fromMcp = await show.call('get_parameter', { path: FADER });
  assert.deepEqual(body.light.channels[0].params.fader, fromMcp.parameter, 'a parameter looks the same over MCP and in the console');
  assert.equal(body.light.pointCount, 1024);
  assert.deepEqual(body.policy, { agentsReadOnly: false, soundCooperative: false });
  assert.match(body.connect.mcpUrl, /\/mcp$/);
  assert.ok(body.connect.clients.some((c: { name: string }) => c.name === 'Cursor'));
});

test('console API: a console edit lands in the engine, attributed to the console; undo restores it', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const set = await api(base, '/api/parameter', { path: FADER, value: 0.3 }, { 'x-footlight-connection': 'c7' });
  assert.equal(set.status, 200);
  assert.equal(set.body.parameter.value, 0.3);
  assert.equal((await show.call('get_parameter', { path: FADER })).parameter.value, 0.3);
  const history = await show.call('get_history', {});
  assert.equal(history.steps[0].surface, 'console');
  assert.equal(history.steps[0].session, 'c7');
  const undo = await api(base, '/api/tools/undo', {});
  assert.equal(undo.body.changed, true);
  assert.equal((await show.call('get_parameter', { path: FADER })).parameter.value, 1);
});

test('console API: one fader gesture is one undo step', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const depth = (await show.call('get_history', {})).undoDepth;
  for (const v of [0.9, 0.7, 0.5, 0.2])
    assert.equal((await api(base, '/api/parameter', { path: FADER, value: v, gesture: 'g1' }, { 'x-footlight-connection': 'c1' })).status, 200);
  assert.equal((await show.call('get_history', {})).undoDepth, depth + 1);
  await api(base, '/api/tools/undo', {});
  assert.equal((await show.call('get_parameter', { path: FADER })).parameter.value, 1, 'undo takes back the whole drag');
  await api(base, '/api/tools/redo', {});
  assert.equal((await show.call('get_parameter', { path: FADER })).parameter.value, 0.2);
});

test('console undo reverts an agent change', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  await show.call('set_parameter', { path: FADER, value: 0.4 });
  const h = await api(base, '/api/history');
  assert.equal(h.body.steps[0].surface, 'mcp');
  assert.equal(h.body.steps[0].client, 'footlight-test');
  const undo = await api(base, '/api/tools/undo', {});
  assert.equal(undo.body.step.surface, 'mcp');
  assert.equal((await show.call('get_parameter', { path: FADER })).parameter.value, 1);
});

test('console API: bad input → MCP error codes, state and history unchanged', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const state = await api(base, '/api/state');
  const cases: [string, unknown, number, string, RegExp][] = [
    ['/api/parameter', { path: FADER, value: 7 }, 400, 'invalid_argument', /0–1/],
    ['/api/parameter', { path: '/lx/mixer/channel/9/fader', value: 0.5 }, 404, 'not_found', /channel/],
    ['/api/parameter', { path: FADER }, 400, 'invalid_argument', /value/],
    ['/api/parameter', { path: FADER, value: 0.5, extra: 1 }, 400, 'invalid_argument', /extra/],
    ['/api/tools/fire_trigger', { path: FADER }, 400, 'invalid_argument', /not a trigger/],
    ['/api/tools/add_pattern', { containerPath: '/lx/mixer/channel/1', class: 'Nope' }, 404, 'not_found', /Nope/],
    ['/api/tools/move_pattern', { path: '/lx/mixer/channel/1/pattern/1', index: 4 }, 400, 'invalid_argument', /index/],
    ['/api/nothing', {}, 404, 'not_found', /no console API/],
  ];
  for (const [path, body, status, code, message] of cases) {
    const r = await api(base, path, body);
    assert.equal(r.status, status, `${path} ${JSON.stringify(body)}`);
    assert.equal(r.body.error, code);
    assert.match(r.body.message, message);
  }
  const notJson = await raw(base, '/api/parameter', { 'content-type': 'text/plain', host: new URL(base).host }, 'POST', 'x');
  assert.equal(notJson.status, 400);
  assert.equal(JSON.parse(notJson.text).error, 'invalid_argument');
  const big = await api(base, '/api/parameter', { path: FADER, value: 'x'.repeat(70_000) });
  assert.equal(big.status, 413);
  assert.equal(big.body.error, 'invalid_argument');
  const after = await api(base, '/api/state');
  assert.deepEqual(after.body.light, state.body.light);
  assert.deepEqual(after.body.history, state.body.history);
});

test('console API: patterns added, moved, activated and removed are console steps that undo', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const added = await api(base, '/api/tools/add_pattern', { containerPath: '/lx/mixer/channel/1', class: 'Solid' });
  assert.equal(added.status, 200);
  assert.equal(added.body.pattern.path, '/lx/mixer/channel/1/pattern/2');
  assert.equal((await api(base, '/api/tools/activate_pattern', { path: added.body.pattern.path })).status, 200);
  assert.equal((await api(base, '/api/tools/move_pattern', { path: added.body.pattern.path, index: 0 })).status, 200);
  let full = await show.call('list_channels', { detail: 'full' });
  assert.equal(full.channels[0].activePattern.label, 'Solid');
  assert.equal(full.channels[0].activePattern.index, 0);
  assert.equal((await api(base, '/api/tools/remove_pattern', { path: '/lx/mixer/channel/1/pattern/1' })).status, 200);
  full = await show.call('list_channels', { detail: 'full' });
  assert.equal(full.channels[0].patterns.length, 1);
  const steps = (await show.call('get_history', {})).steps;
  assert.deepEqual(
    steps.slice(0, 4).map((s: { surface: string }) => s.surface),
    ['console', 'console', 'console', 'console'],
  );
  for (let i = 0; i < 4; i++) await api(base, '/api/tools/undo', {});
  full = await show.call('list_channels', { detail: 'full' });
  assert.deepEqual(
    full.channels[0].patterns.map((p: { label: string }) => p.label),
    ['Gradient'],
  );
  assert.equal(full.channels[0].activePattern.label, 'Gradient');
});

test('agent write switch: the next agent write fails with a clear error; reads still work', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const r = await api(base, '/api/policy', { agentsReadOnly: true });
  assert.deepEqual(r.body.policy, { agentsReadOnly: true, soundCooperative: false });
  assert.match(await show.callError('set_parameter', { path: FADER, value: 0.5 }), /^invalid_argument: the operator has set agents to read-only/);
  assert.equal((await show.call('get_parameter', { path: FADER })).parameter.value, 1);
  const console = await api(base, '/api/parameter', { path: FADER, value: 0.5 });
  assert.equal(console.status, 200, 'the operator still edits');
  await api(base, '/api/policy', { agentsReadOnly: false, soundCooperative: false });
  assert.equal(show.app.services.policy.soundCooperative, false);
  assert.equal((await show.call('set_parameter', { path: FADER, value: 0.6 })).parameter.value, 0.6);
});

test('activity: MCP calls are recorded with session, client, short arguments, outcome and undo step', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  await show.call('set_parameter', { path: FADER, value: 0.45 });
  await show.callError('set_parameter', { path: FADER, value: 9 });
  await show.call('get_parameter', { path: FADER });
  const r = await api(base, '/api/activity');
  const [set, bad, get] = r.body.items.slice(-3);
  assert.equal(set.tool, 'set_parameter');
  assert.equal(set.ok, true);
  assert.equal(set.client, 'footlight-test');
  assert.equal(typeof set.session, 'string');
  assert.match(set.args, /"value":0.45/);
  assert.equal(set.step, (await show.call('get_history', {})).steps[0].seq);
  assert.equal(bad.ok, false);
  assert.match(bad.error, /^invalid_argument/);
  assert.equal(bad.step, undefined);
  assert.equal(get.step, undefined);
  assert.equal(r.body.sessions.length, 1);
  assert.equal(r.body.sessions[0].client, 'footlight-test');
});

test('save: atomic write of the .lxp, refuses to overwrite without confirmation', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const dir = await tempHome(t);
  const path = join(dir, 'show.lxp');
  const first = await api(base, '/api/save', { path });
  assert.equal(first.status, 200);
  const saved = JSON.parse(await readFile(path, 'utf8'));
  assert.equal(saved.engine.children.mixer.channels.length, 2);
  assert.equal((await show.call('get_project_info', {})).projectPath, path);
  await writeFile(path, 'keep me');
  const again = await api(base, '/api/save', { path });
  assert.equal(again.status, 409);
  assert.equal(again.body.exists, true);
  assert.equal(again.body.error, 'invalid_argument');
  assert.equal(await readFile(path, 'utf8'), 'keep me', 'nothing was overwritten');
  const confirmed = await api(base, '/api/save', { path, overwrite: true });
  assert.equal(confirmed.status, 200);
  assert.notEqual(await readFile(path, 'utf8'), 'keep me');
  for (const bad of ['relative.lxp', join(dir, 'show.txt'), join(dir, 'missing', 'x.lxp')]) {
    const r = await api(base, '/api/save', { path: bad });
    assert.ok(r.status === 400 || r.status === 404, `${bad}: ${r.status}`);
  }
});

test('Host and Origin are refused on /api, the page and the WebSocket upgrade', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const host = new URL(base).host;
  for (const path of ['/api/state', '/']) {
    assert.equal((await raw(base, path, { host: 'evil.example' })).status, 403, `${path} with a foreign Host`);
    assert.equal((await raw(base, path, { host, origin: 'http://evil.example' })).status, 403, `${path} with a foreign Origin`);
  }
  assert.equal(
    (await raw(base, '/api/policy', { host, origin: 'http://evil.example', 'content-type': 'application/json' }, 'POST', '{"agentsReadOnly":true}')).status,
    403,
  );
  assert.equal(show.app.services.policy.agentsReadOnly, false);
  const refused = (headers: Record<string, string>): Promise<number> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => reject(new Error('upgrade was accepted')));
      ws.on('error', () => undefined);
    });
  assert.equal(await refused({ origin: 'http://evil.example' }), 403);
  assert.equal(await refused({ host: 'evil.example:80' }), 403);
});

test('the page is served with a strict content security policy; traversal is refused', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const page = await raw(base, '/', { host: new URL(base).host });
  assert.equal(page.status, 200);
  assert.match(page.text, /<script type="module" src="app.js">/);
  assert.match(String(page.headers['content-security-policy']), /default-src 'self'/);
  const js = await raw(base, '/app.js', { host: new URL(base).host });
  assert.equal(js.status, 200);
  assert.match(String(js.headers['content-type']), /javascript/);
  for (const p of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json'])
    assert.equal((await raw(base, p, { host: new URL(base).host })).status, 404, p);
});

test('sound: the console reads the host and drives transport, tracks and controls as console steps', async (t) => {
  const show = await startShow(t, { soundPort: 0 });
  const base = baseOf(show.url);
  const state = (await api(base, '/api/state')).body.sound;
  assert.equal(state.available, true);
  assert.ok(state.song.inventory.tracks.length > 0);
  assert.ok(
    state.arranger.some((a: { clips: unknown[] }) => a.clips.length > 0),
    'the demo has arranger clips',
  );
  const tempo = await api(base, '/api/sound/transport', { action: 'tempo', bpm: 96 }, { 'x-footlight-connection': 'c3' });
  assert.equal(tempo.status, 200, JSON.stringify(tempo.body));
  const history = await show.call('get_history', {});
  assert.equal(history.steps[0].surface, 'console');
  assert.equal((await api(base, '/api/state')).body.sound.song.transport.tempo, 96);
  await api(base, '/api/tools/undo', {});
  assert.equal((await api(base, '/api/state')).body.sound.song.transport.tempo, 120);
  assert.equal((await api(base, '/api/sound/transport', { action: 'play' })).status, 200);
  assert.equal((await api(base, '/api/state')).body.sound.song.transport.playing, true);
  assert.equal((await api(base, '/api/sound/transport', { action: 'stop' })).status, 200);
  const control = await api(base, '/api/sound/control', { index: 1, value: 0.25 });
  assert.equal(control.status, 200, JSON.stringify(control.body));
  assert.equal((await api(base, '/api/sound/control', { index: 1, value: 3 })).body.error, 'invalid_argument');
  assert.equal((await api(base, '/api/sound/transport', { action: 'tempo' })).body.error, 'invalid_argument');
});

test('sound: seek, the loop range (one undo step), solo (one undo step) and group folding from the console; bad input changes nothing', async (t) => {
  const show = await startShow(t, { soundPort: 0 });
  const base = baseOf(show.url);
  const song = async () => (await api(base, '/api/state')).body.sound.song;
  const host = show.app.sound;
  const steps = () => show.app.engine.history.undoDepth;
  const unchanged = async (body: unknown, path: string, error: RegExp) => {
    const [fp, depth] = [host.fingerprint(), steps()];
    const r = await api(base, path, body);
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.match(`${r.body.error}: ${r.body.message}`, error);
    assert.equal(host.fingerprint(), fp, `${JSON.stringify(body)} changed the host`);
    assert.equal(steps(), depth, `${JSON.stringify(body)} made an undo step`);
  };

  // Seek: not an undo step.
  assert.equal((await api(base, '/api/sound/transport', { action: 'seek', beats: 6 })).status, 200);
  assert.equal((await song()).transport.position_beats, 6);
  assert.equal(steps(), 0);
  await unchanged({ action: 'seek', beats: -1 }, '/api/sound/transport', /^invalid_argument: POSITION_BEATS takes/);
  await unchanged({ action: 'seek' }, '/api/sound/transport', /^invalid_argument: .*beats/);

  // The loop range: start, duration and the loop on, in one step; undo restores all three.
  const loopOf = async () => {
    const tr = (await song()).transport;
    return [tr.arranger_loop_enabled, tr.arranger_loop_start, tr.arranger_loop_duration];
  };
  const loop0 = await loopOf();
  const set = await api(base, '/api/sound/transport', { action: 'loop_range', start: 4, duration: 8 });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  assert.deepEqual(await loopOf(), [true, 4, 8]);
  assert.equal(steps(), 1, 'one undo step');
  assert.equal((await show.call('get_history', {})).steps[0].surface, 'console');
  await api(base, '/api/tools/undo', {});
  assert.deepEqual(await loopOf(), loop0, 'undo restores the loop');
  await unchanged({ action: 'loop_range', start: 4, duration: 0 }, '/api/sound/transport', /^invalid_argument: the loop takes/);
  await unchanged({ action: 'loop_range', start: -2, duration: 4 }, '/api/sound/transport', /^invalid_argument: the loop takes/);
  await unchanged({ action: 'loop_range', start: 24570, duration: 8 }, '/api/sound/transport', /^invalid_argument: the loop takes/);

  // Solo: one undo step; effect and master tracks refuse.
  const tracks = async () =>
    (await song()).inventory.tracks as { index: number; name: string; type: string; soloed: boolean; group_expanded: boolean | null }[];
  const bass = (await tracks()).find((x) => x.name === 'Bass')!;
  const depth = steps();
  assert.equal((await api(base, '/api/sound/track', { index: bass.index, soloed: true, select: false })).status, 200);
  assert.equal((await tracks()).find((x) => x.name === 'Bass')!.soloed, true);
  assert.equal(steps(), depth + 1);
  await api(base, '/api/tools/undo', {});
  assert.equal((await tracks()).find((x) => x.name === 'Bass')!.soloed, false, 'undo unsolos');
  for (const type of ['effect', 'master']) {
    const x = (await tracks()).find((y) => y.type === type)!;
    await unchanged({ index: x.index, soloed: true, select: false }, '/api/sound/track', new RegExp(`^invalid_argument: track ${x.index} .* only instrument`));
  }

  // Folding: view state, not an undo step; only groups fold.
  const drums = (await tracks()).find((x) => x.type === 'group')!;
  const folded = drums.group_expanded;
  assert.equal((await api(base, '/api/sound/track', { index: drums.index, expanded: !folded, select: false })).status, 200);
  assert.equal((await tracks()).find((x) => x.index === drums.index)!.group_expanded, !folded);
  assert.equal(steps(), depth, 'folding is not an undo step');
  await unchanged({ index: bass.index, expanded: true, select: false }, '/api/sound/track', /^invalid_argument: track \d+ \(Bass\) is not a group/);
});

test('console API: edits are the tools, run through one path: the same reply as MCP (remove_pattern names its kind), the same refusals', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const added = await api(base, '/api/tools/add_pattern', { containerPath: '/lx/mixer/channel/1', class: 'Solid' });
  assert.equal(added.status, 200);
  const removed = await api(base, '/api/tools/remove_pattern', { path: added.body.pattern.path, id: added.body.pattern.id });
  assert.equal(removed.status, 200);
  assert.equal(removed.body.kind, 'pattern');
  assert.equal(removed.body.id, added.body.pattern.id);
  await api(base, '/api/tools/undo', {});
  const overMcp = await show.call('remove_pattern', { path: added.body.pattern.path, id: added.body.pattern.id });
  assert.deepEqual(Object.keys(removed.body).sort(), Object.keys(overMcp).sort());
  await show.call('undo', {});
  await api(base, '/api/tools/undo', {});

  // Labels: what MCP refuses, the console refuses, with the same wording; nothing changes, history included.
  const state = await api(base, '/api/state');
  for (const label of ['two\nlines', '\u202eevil', '\u200b\u200b']) {
    const r = await api(base, '/api/tools/add_channel', { label });
    assert.equal(r.status, 400, JSON.stringify(label));
    assert.equal(r.body.error, 'invalid_argument');
    const overMcp = await show.callError('add_channel', { label });
    assert.equal(`invalid_argument: ${r.body.message}`, overMcp);
  }
  // Unknown tools, and the sound tools (they drive another process), are not console routes.
  assert.equal((await api(base, '/api/tools/no_such_tool', {})).status, 404);
  assert.equal((await api(base, '/api/tools/sound_get_status', {})).status, 404);
  const after = await api(base, '/api/state');
  assert.deepEqual(after.body.light, state.body.light);
  assert.deepEqual(after.body.history, state.body.history);
});

test('console API: a fader gesture merges into one console step through set_parameter; undo restores', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const before = (await show.call('get_parameter', { path: FADER })).parameter.value;
  const depth = (await show.call('get_history', {})).undoDepth;
  for (const value of [0.2, 0.3, 0.4]) assert.equal((await api(base, '/api/parameter', { path: FADER, value, gesture: 'g1' })).status, 200);
  const reply = await api(base, '/api/parameter', { path: FADER, value: 0.5, gesture: 'g1' });
  assert.equal(reply.body.parameter.value, 0.5);
  assert.equal(reply.body.changed, true);
  assert.equal((await show.call('get_history', {})).undoDepth, depth + 1);
  await api(base, '/api/tools/undo', {});
  assert.equal((await show.call('get_parameter', { path: FADER })).parameter.value, before);
  assert.equal((await show.call('get_history', {})).undoDepth, depth);
});

test('console API: "Add cue at playhead" snaps to the beat or the grid chosen, with a fade, one console step; bad input changes nothing', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  await show.call('add_clip', { bus: '/lx/mixer/channel/1', slot: 1, label: 'Drop', length: { beats: 4 } });
  await show.app.engine.queue.submit(() => {
    show.app.sound.transport.position = 20.426666666666666;
  });
  const cues = () => [...show.app.services.lightCues!.list()];
  for (const [snap, beat] of [
    [undefined, 20],
    [0.25, 20.5],
    [0, 20.426666666666666],
  ] as const) {
    const depth = (await show.call('get_history', {})).undoDepth;
    const r = await api(base, '/api/cue/place', { playhead: true, scene: 1, fade: { beats: 2 }, ...(snap === undefined ? {} : { snap }) });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.placed, { beat, scene: 1, fade: { beats: 2 } }, `snap ${snap}`);
    assert.deepEqual(cues(), [{ beat, scene: 1, fade: { beats: 2 } }]);
    const history = await show.call('get_history', {});
    assert.equal(history.undoDepth, depth + 1, 'one undo step');
    assert.equal(history.steps[0].surface, 'console');
    await api(base, '/api/tools/undo', {});
    assert.deepEqual(cues(), [], 'undo removes the cue');
  }
  const before = (await api(base, '/api/state')).body;
  for (const body of [
    { playhead: true, scene: 1, snap: -1 },
    { beat: 3, snap: 1, scene: 1 },
    { playhead: true, scene: 1, fade: { beats: 2, ms: 100 } },
  ]) {
    const r = await api(base, '/api/cue/place', body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.equal(r.body.error, 'invalid_argument', JSON.stringify(r.body));
  }
  assert.deepEqual(cues(), []);
  const after = (await api(base, '/api/state')).body;
  assert.deepEqual(after.light, before.light);
  assert.deepEqual(after.history, before.history);
});
