import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';
import { TOOLS } from '../../src/tools/index.js';
import { selectTools } from '../../src/tools/toolsets.js';
import { FootlightError } from '../../src/engine/errors.js';

test('toolsets: light, sound and named sets, always with status, history, batch and cluster', () => {
  const light = selectTools(TOOLS, { toolsets: ['light'] }).map((t) => t.toolset);
  assert.ok(!light.includes('sound') && !light.includes('grid') && !light.includes('song'));
  assert.ok(light.includes('structure') && light.includes('history'));
  const sound = new Set(selectTools(TOOLS, { toolsets: ['sound'] }).map((t) => t.toolset));
  assert.deepEqual([...sound].sort(), ['batch', 'cluster', 'grid', 'history', 'song', 'sound', 'status']);
  const few = selectTools(TOOLS, { toolsets: ['palette', 'look'] });
  assert.ok(few.length < 20, `${few.length} tools`);
  assert.ok(selectTools(TOOLS, { readOnly: true }).every((t) => t.annotations.readOnlyHint));
  assert.equal(selectTools(TOOLS).length, TOOLS.length);
  assert.throws(
    () => selectTools(TOOLS, { toolsets: ['lights'] }),
    (e: unknown) => e instanceof FootlightError && /unknown toolset "lights"; use default, all, light, sound/.test(e.message),
  );
});

test('toolsets: a server started with a selection lists only those tools', async (t) => {
  const show = await startShow(t, { toolsets: ['palette'], readOnlyTools: true });
  const { tools } = await show.client.listTools();
  assert.deepEqual(new Set(tools.map((x) => x.name)), new Set(['get_status', 'get_cluster_status', 'find_tools', 'get_history', 'get_palette']));
  const refused = await show.client.callTool({ name: 'set_parameter', arguments: { path: '/lx/mixer/channel/1/fader', value: 0.5 } }).then(
    (r) => `${r.isError === true} ${JSON.stringify(r.content)}`,
    (e: unknown) => String(e),
  );
  assert.match(refused, /set_parameter.*not found|not found.*set_parameter/i);
});
