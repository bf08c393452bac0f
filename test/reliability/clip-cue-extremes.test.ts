// Extreme values where the clip and cue tools (and the console's cue routes) take numbers, sent
// with arguments that are otherwise valid, so the value itself reaches the domain (issue #26:
// a clip length of 1e308 ms was applied, then every list_clips answered internal). Each call is
// refused with a client error and changes nothing, or is applied with payloads every tool can
// still serialize; list_clips, get_clip_lane and the cue list answer after every call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';
import { api, baseOf } from '../console/helpers.js';
import { fingerprint } from './helpers.js';

const CH = '/lx/mixer/channel/1';
const EXTREMES: readonly unknown[] = [1e308, -1e308, 1e-308, -0, 2 ** 53, -1, 86_400_001, 24_577, 1.5, 'x', null, true, [], {}];

/** Sets the value at a dotted path of a copy of `args` ("length.ms", "events.0.beats"). */
function withValue(args: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(args);
  const keys = path.split('.');
  let node = copy as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) node = node[k] as Record<string, unknown>;
  node[keys[keys.length - 1]] = value;
  return copy;
}

test('clip and cue tools with extreme numbers in otherwise valid calls: refused and unchanged, or applied and still listable', {
  timeout: 900_000,
}, async (t) => {
  const show = await startShow(t, { demo: 'stage' }); // its clips fill scenes 0–6: the fuzz uses 10–12
  await show.call('add_clip', { bus: CH, slot: 10, label: 'Fuzz', length: { beats: 8 } });
  await show.call('set_clip_lane', { bus: CH, slot: 10, lane: `${CH}/fader`, events: [{ ms: 0, value: 0.2 }] });
  const cases: [string, Record<string, unknown>, string[]][] = [
    ['add_clip', { bus: CH, slot: 11, length: { ms: 1000 } }, ['slot', 'length.ms']],
    ['add_clip', { bus: CH, slot: 11, length: { beats: 4 } }, ['length.beats']],
    ['set_clip', { bus: CH, slot: 10, length: { ms: 4000 } }, ['length.ms']],
    ['set_clip', { bus: CH, slot: 10, length: { beats: 8 } }, ['length.beats']],
    ['set_clip', { bus: CH, slot: 10, loopStart: { ms: 10 } }, ['loopStart.ms']],
    ['set_clip', { bus: CH, slot: 10, loopLength: { beats: 1 } }, ['loopLength.beats']],
    ['set_clip', { bus: CH, slot: 10, playStart: { ms: 10 } }, ['playStart.ms']],
    ['set_clip', { bus: CH, slot: 10, playEnd: { beats: 2 } }, ['playEnd.beats']],
    ['set_clip_lane', { bus: CH, slot: 10, lane: `${CH}/fader`, events: [{ ms: 10, value: 0.5 }] }, ['events.0.ms', 'events.0.value']],
    ['set_clip_lane', { bus: CH, slot: 10, lane: `${CH}/fader`, events: [{ beats: 1, normalized: 0.5 }] }, ['events.0.beats', 'events.0.normalized']],
    ['set_clip_lane', { bus: CH, slot: 10, lane: `${CH}/fader`, from: { ms: 0 }, to: { ms: 100 }, events: [] }, ['from.ms', 'to.ms']],
    ['get_clip_lane', { bus: CH, slot: 10, lane: 2 }, ['lane', 'slot']],
    ['copy_clip', { bus: CH, slot: 10, toSlot: 12 }, ['toSlot', 'slot']],
    ['launch_clip', { scene: 5 }, ['scene']],
    ['place_light_cue', { beat: 40, scene: 5 }, ['beat', 'scene']],
    ['place_light_cue', { marker: 'Drop', moveTo: 44 }, ['moveTo']],
  ];
  let calls = 0;
  let applied = 0;
  for (const [tool, base, paths] of cases) {
    for (const path of paths) {
      for (const value of EXTREMES) {
        const args = withValue(base, path, value);
        const label = `${tool} ${path}=${JSON.stringify(value)}`;
        const before = await fingerprint(show.app);
        const depth = show.app.engine.history.undoDepth;
        const r = await show.client.callTool({ name: tool, arguments: args });
        calls++;
        const text = (r.content as { text: string }[])[0].text;
        if (r.isError === true) {
          assert.match(text, /^(invalid_argument|not_found|stale): /, label);
          assert.equal(await fingerprint(show.app), before, `${label}: refused but changed the show`);
        } else applied++; // its payload passed the tool's output schema, or the call would have answered internal
        const listed = await show.client.callTool({ name: 'list_clips', arguments: { detail: 'full' } });
        assert.notEqual(listed.isError, true, `${label}: list_clips failed afterwards: ${JSON.stringify(listed.content).slice(0, 200)}`);
        // An applied edit is one step; undone, so the next value meets the same clip.
        if (show.app.engine.history.undoDepth > depth) await show.call('undo');
      }
    }
  }
  // The console's cue routes take the same bounds.
  const base = baseOf(show.url);
  for (const route of ['/api/cue/place', '/api/cue/move', '/api/cue/remove']) {
    for (const value of EXTREMES) {
      const body = route === '/api/cue/place' ? { beat: value, scene: 1 } : route === '/api/cue/move' ? { beat: 16, to: value } : { beat: value };
      const before = await fingerprint(show.app);
      const depth = show.app.engine.history.undoDepth;
      const reply = await api(base, route, body);
      calls++;
      assert.ok(reply.status < 500, `${route} ${JSON.stringify(body)}: ${reply.status} ${JSON.stringify(reply.body)}`);
      if (reply.status >= 400) assert.equal(await fingerprint(show.app), before, `${route} ${JSON.stringify(body)} refused but changed the show`);
      else if (show.app.engine.history.undoDepth > depth) await show.call('undo');
    }
  }
  t.diagnostic(`${calls} calls with extreme values, ${applied} applied (each undone)`);
});
