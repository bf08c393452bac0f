// get_output_map and get_output_stats over MCP; output settings changed with set_parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Fixture } from '../../../src/light/structure/fixture.js';
import { startShow } from '../../helpers/show.js';
import { udpCapture } from '../../helpers/pcap.js';

const GRID = '/lx/structure/fixture/1';

test('output settings: do → map shows the allocation → undo → restored; a bad protocol changes nothing', async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const show = await startShow(t, { outputPorts: { artnet: cap.port } });
  const before = await show.call('get_output_map');
  assert.equal(before.live, true);
  assert.equal(before.fixtures[0].sending, false);
  assert.match(before.fixtures[0].idle, /protocol is None/);
  const history = await show.call('get_history');
  assert.match(await show.callError('set_parameter', { path: `${GRID}/protocol`, value: 'FOO' }), /^invalid_argument: .*Art-Net/);
  assert.deepEqual(await show.call('get_output_map'), before);
  assert.deepEqual(await show.call('get_history'), history);

  await show.call('set_parameter', { path: `${GRID}/protocol`, value: 'Art-Net' });
  await show.call('set_parameter', { path: `${GRID}/artNetUniverse`, value: 2 });
  const disabled = await show.call('get_output_map');
  assert.match(disabled.fixtures[0].idle, /enabled/);
  await show.call('set_parameter', { path: `${GRID}/enabled`, value: true });
  const map = await show.call('get_output_map');
  const grid = map.fixtures[0];
  assert.equal(grid.sending, true);
  assert.equal(grid.port, cap.port);
  assert.deepEqual(
    grid.allocation.map((a: { universe: number; pixels: number }) => [a.universe, a.pixels]),
    [
      [2, 170],
      [3, 170],
      [4, 170],
      [5, 170],
      [6, 170],
      [7, 170],
      [8, 4],
    ],
  );
  assert.equal(map.packetsPerFrame, 7);
  assert.deepEqual(map.collisions, []);

  await show.app.outputs.whenConnected();
  await show.app.engine.queue.submit(() => show.app.engine.clock.step(16));
  await show.app.outputs.flush();
  await cap.waitFor(7);
  const stats = await show.call('get_output_stats');
  assert.equal(stats.framesSent, 1);
  assert.deepEqual(
    stats.destinations.map((d: { packets: number; errors: number; active: boolean }) => [d.packets, d.errors, d.active]),
    [[7, 0, true]],
  );

  for (let i = 0; i < 3; i++) await show.call('undo');
  assert.deepEqual((await show.call('get_output_map')).fixtures, before.fixtures);
});

test('a host that is not an address or a host name sends nothing and says why; undo restores it', async (t) => {
  const show = await startShow(t);
  await show.call('set_parameter', { path: `${GRID}/protocol`, value: 'Art-Net' });
  await show.call('set_parameter', { path: `${GRID}/enabled`, value: true });
  const sending = await show.call('get_output_map');
  assert.equal(sending.fixtures[0].sending, true);
  await show.call('set_parameter', { path: `${GRID}/host`, value: 'not a host!!' });
  const map = await show.call('get_output_map');
  assert.equal(map.fixtures[0].sending, false);
  assert.match(map.fixtures[0].idle, /host "not a host!!" is not an IP address or a host name/);
  assert.equal(map.packetsPerFrame, 0);
  await show.call('undo');
  assert.deepEqual(await show.call('get_output_map'), sending);
});

test('get_output_map reports two fixtures writing the same channels, naming both', async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const show = await startShow(t, { outputPorts: { sacn: cap.port } });
  await show.app.engine.queue.submit(() => {
    const strip = new Fixture('StripFixture');
    show.app.light.structure.addFixture(strip);
    for (const f of show.app.light.structure.fixtures.items) {
      f.output?.protocol.setValue(2); // sACN
      f.output?.artNetUniverse.setValue(5);
      f.enabled.setValue(1);
    }
  });
  const map = await show.call('get_output_map');
  assert.deepEqual(map.collisions, [
    { destination: `sacn/udp/127.0.0.1:${cap.port}`, universe: 5, start: 0, end: 90, fixtures: ['/lx/structure/fixture/1', '/lx/structure/fixture/2'] },
  ]);
  assert.equal(map.fixtures[1].allocation[0].universe, 5);
});

test('sACN sync over MCP: the rig option and a fixture override show in get_output_map; undo restores; a bad sync universe changes nothing', async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const show = await startShow(t, { outputPorts: { sacn: cap.port } });
  await show.call('set_parameter', { path: `${GRID}/protocol`, value: 'SACN' });
  await show.call('set_parameter', { path: `${GRID}/artNetUniverse`, value: 1 });
  await show.call('set_parameter', { path: `${GRID}/enabled`, value: true });
  const before = await show.call('get_output_map');
  assert.equal(before.destinations[0].sync, undefined);
  assert.equal(before.fixtures[0].allocation[0].syncUniverse, undefined);
  const history = await show.call('get_history');
  assert.match(await show.callError('set_parameter', { path: '/lx/output/sacnSyncUniverse', value: 0 }), /^invalid_argument: .*1.*63999/);
  assert.match(await show.callError('set_parameter', { path: `${GRID}/sacnSync`, value: 'Sometimes' }), /^invalid_argument: .*Output.*On.*Off/);
  assert.deepEqual(await show.call('get_output_map'), before);
  assert.deepEqual(await show.call('get_history'), history);

  await show.call('set_parameter', { path: '/lx/output/sacnSync', value: true });
  await show.call('set_parameter', { path: '/lx/output/sacnSyncUniverse', value: 4000 });
  const synced = await show.call('get_output_map');
  assert.deepEqual(
    synced.destinations.map((d: { sync?: string; syncUniverse?: number; packetsPerFrame: number }) => [d.sync, d.syncUniverse, d.packetsPerFrame]),
    [['e131', 4000, before.packetsPerFrame + 1]],
  );
  assert.ok(synced.fixtures[0].allocation.every((a: { syncUniverse?: number }) => a.syncUniverse === 4000));
  await show.call('set_parameter', { path: `${GRID}/sacnSync`, value: 'Off' });
  const optedOut = await show.call('get_output_map');
  assert.deepEqual(optedOut.destinations, before.destinations, 'the only fixture opted out: no sync address, no sync packet');
  for (let i = 0; i < 3; i++) await show.call('undo');
  assert.deepEqual(await show.call('get_output_map'), before);
});
