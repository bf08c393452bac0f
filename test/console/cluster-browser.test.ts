// The console of a cluster's nodes in a real headless Chromium: a render node's console says
// whose render node it is and that writes go to the leader, and its Undo button undoes the
// leader's step through the leader; the leader's console shows its role and the calls it logged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { NATS_SERVER, startNats, startNode, until } from '../cluster/nodes.js';
import { browserFor, chromiumMissing, openConsole } from './browser.js';
import { startShow } from '../helpers/show.js';
import { baseOf } from './helpers.js';

const skip = chromiumMissing() ?? (existsSync(NATS_SERVER) ? undefined : `${NATS_SERVER} is missing`);
const FADER = '/lx/mixer/channel/1/fader';

test('a render node’s console shows the cluster and sends its writes to the leader', { skip, timeout: 240_000 }, async (t) => {
  const browser = await browserFor(t);
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader');
  const render = await startNode(t, url, 'r1', 'render');
  const before = (await leader.call('get_parameter', { path: FADER })).parameter.value;
  await leader.call('set_parameter', { path: FADER, value: 0.3 });

  const { page, problems, external } = await openConsole(browser, baseOf(render.url));
  t.after(() => page.close());
  const bar = page.getByRole('region', { name: 'Cluster' });
  await bar.getByRole('status').waitFor();
  assert.equal(await bar.getByRole('status').textContent(), 'Render node r1 of lead: writes go to the leader');
  assert.equal(await bar.locator('[data-field="role"]').textContent(), 'render');
  assert.equal(await bar.locator('[data-field="leader"]').textContent(), 'lead');
  assert.equal(await bar.locator('[data-field="failed"]').textContent(), '0');

  // The leader's step reached the render node's history: its Undo goes to the leader.
  const undo = page.getByRole('button', { name: '↶ Undo' });
  await until('the replayed step to enable Undo', async () => ((await undo.isEnabled()) ? true : undefined), 30_000);
  await undo.click();
  await until('the leader to undo', async () => ((await leader.call('get_parameter', { path: FADER })).parameter.value === before ? true : undefined), 30_000);
  assert.equal((await render.call('get_parameter', { path: FADER })).parameter.value, before);
  assert.deepEqual((await leader.call('get_history', { limit: 20 })).steps, [], 'undone on the leader');
  assert.deepEqual(problems, []);
  assert.deepEqual(external, []);

  // The leader's console: its role, no banner, the calls it logged.
  const lead = await openConsole(browser, baseOf(leader.url));
  t.after(() => lead.page.close());
  const leadBar = lead.page.getByRole('region', { name: 'Cluster' });
  await leadBar.locator('[data-field="role"]').waitFor();
  assert.equal(await leadBar.locator('[data-field="role"]').textContent(), 'leader');
  assert.equal(await leadBar.getByRole('status').count(), 0, 'no banner on the leader');
  await until('the leader’s calls', async () => ((await leadBar.locator('[data-field="calls"]').textContent()) === '2' ? true : undefined), 10_000);
  assert.deepEqual(lead.problems, []);
});

test('a console outside a cluster shows no cluster bar', { skip: chromiumMissing(), timeout: 120_000 }, async (t) => {
  const browser = await browserFor(t);
  const show = await startShow(t);
  const page = await browser.newPage();
  t.after(() => page.close());
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/tools/get_cluster_status'));
  await page.goto(`${baseOf(show.url)}/`);
  const answer = await (await asked).text();
  assert.equal(JSON.parse(answer).clustered, false, answer);
  await page.getByRole('tab', { name: 'Light' }).waitFor();
  assert.equal(await page.getByRole('region', { name: 'Cluster' }).count(), 0);
});
