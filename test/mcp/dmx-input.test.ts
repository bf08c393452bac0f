// A desk drives the show over Art-Net, as docs/outputs-and-osc.md's "DMX in" walks through it: an
// agent adds a DMX pattern and a DMX Channel modulator on a fader (each one undoable step), the
// desk's packets (built from the Art-Net specification, sent over loopback UDP) reach the frame and
// the fader, and get_dmx_input and get_status say what arrives.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';
import { artDmx } from '../light/input/packets.js';

async function desk(t: TestContext, show: TestShow): Promise<(universe: number, data: number[]) => Promise<void>> {
  const port = show.app.dmxIn.bound.find((r) => r.protocol === 'artnet')!.port;
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  t.after(() => s.close());
  return async (universe, data) => {
    const applied = show.app.dmxIn.status().receivers[0].applied;
    await new Promise<void>((r, j) => s.send(artDmx({ portAddress: universe, data }), port, '127.0.0.1', (err) => (err ? j(err) : r())));
    for (let i = 0; i < 500 && show.app.dmxIn.status().receivers[0].applied === applied; i++) await new Promise((r) => setTimeout(r, 10));
  };
}

const frames = (show: TestShow, n = 1): Promise<void> => show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, 1000 / 60));

test('DMX in: a desk over Art-Net drives a DMX pattern and a DMX Channel modulator on a fader', async (t) => {
  const show = await startShow(t, { dmxIn: { receivers: ['artnet:0', 'sacn:0/1-4'] } });
  const send = await desk(t, show);
  await assertUndoable(
    show,
    () => show.call('add_channel', { class: 'DMX', label: 'Desk', fader: 1 }),
    (r) => {
      assert.equal(r.channel.label, 'Desk');
      assert.equal(r.channel.patterns[0].class, 'heronarts.lx.dmx.DmxPattern');
    },
  );
  const channel = (await show.call('add_channel', { class: 'DMX', label: 'Desk', fader: 1 })).channel;
  const pattern = `${channel.path}/pattern/1`;
  await show.call('set_parameter', { path: `${pattern}/universe`, value: 1 });
  // Solo the desk: the grid demo's other channels go dark.
  for (const c of (await show.call('list_channels')).channels)
    if (c.id !== channel.id) await show.call('set_parameter', { path: `${c.path}/enabled`, value: false });

  await assertUndoable(
    show,
    () => show.call('add_modulator', { class: 'DMX Channel', label: 'Desk fader' }),
    (r) => {
      assert.equal(r.modulator.class, 'heronarts.lx.dmx.DmxModulator');
      assert.equal(r.modulator.running, true);
      assert.equal(r.modulator.triggerSource, `${r.modulator.path}/rangeActive`);
    },
  );
  const modulator = (await show.call('add_modulator', { class: 'DMX Channel', label: 'Desk fader' })).modulator;
  await show.call('set_parameter', { path: `${modulator.path}/channel`, value: 100 });
  await show.call('set_parameter', { path: `${channel.path}/fader`, value: 0 });
  await show.call('wire_modulation', { sourcePath: modulator.path, targetPath: `${channel.path}/fader`, range: 1 });

  await send(1, [255, 0, 0, 0, 0, 255]);
  await send(0, [...new Array(100).fill(0), 51]);
  await frames(show, 2);
  const fader = (await show.call('get_parameter', { path: `${channel.path}/fader` })).parameter;
  assert.equal(fader.value, 0.2, 'the desk at 51/255 puts the fader at 0.2');
  const main = show.app.light.frame.main;
  // LX's fader math (covered exactly by the golden scenes) scales the desk's full red to about a fifth.
  const red = (main[0] >>> 16) & 0xff;
  assert.ok(red > 40 && red < 60, `point 0 red at the fader: ${red}`);
  assert.equal(main[0] & 0xffff, 0, 'point 0: only red');
  assert.equal(main[1] & 0xffffff, red, 'point 1: blue, as bright');

  const input = await show.call('get_dmx_input');
  assert.equal(input.enabled, true);
  assert.equal(input.receiving, true);
  assert.deepEqual(
    input.receivers.map((r: { protocol: string; listening: boolean; applied: number }) => [r.protocol, r.listening, r.applied]),
    [
      ['artnet', true, 2],
      ['sacn', true, 0],
    ],
  );
  assert.deepEqual(input.receivers[1].universes, [1, 2, 3, 4]);
  assert.deepEqual(
    input.universes.map((u: { universe: number; channels: number; first: number[] }) => [u.universe, u.channels, u.first.slice(0, 6)]),
    [
      [0, 101, [0, 0, 0, 0, 0, 0]],
      [1, 6, [255, 0, 0, 0, 0, 255]],
    ],
  );
  assert.equal(input.universes[0].values, undefined);
  const one = await show.call('get_dmx_input', { universes: [0], values: true });
  assert.equal(one.universes.length, 1);
  assert.equal(one.universes[0].values.length, 512);
  assert.equal(one.universes[0].values[100], 51);

  const status = await show.call('get_status');
  assert.equal(status.dmxIn.receiving, true);
  assert.equal(status.dmxIn.universes, 2);
  assert.deepEqual(
    status.dmxIn.receivers.map((r: { protocol: string; host: string }) => [r.protocol, r.host]),
    [
      ['artnet', '127.0.0.1'],
      ['sacn', '127.0.0.1'],
    ],
  );
  const file = JSON.parse(await readFile(join(show.home, 'status.json'), 'utf8'));
  assert.deepEqual(file.dmxIn, {
    host: '127.0.0.1',
    receivers: status.dmxIn.receivers.map((r: { protocol: string; port: number }) => ({ protocol: r.protocol, port: r.port })),
  });
});

test('get_dmx_input: bad arguments are refused and change nothing; no receivers is a plain answer', async (t) => {
  const show = await startShow(t);
  const input = await show.call('get_dmx_input');
  assert.deepEqual(input, { enabled: false, receiving: false, rate: 0, receivers: [], universes: [] });
  const status = await show.call('get_status');
  assert.deepEqual(status.dmxIn, { receivers: [], receiving: false, universes: 0, rate: 0 });
  const file = JSON.parse(await readFile(join(show.home, 'status.json'), 'utf8'));
  assert.equal('dmxIn' in file, false);
  await assertRefused(show, 'get_dmx_input', { universes: [512] }, /^invalid_argument: universes/);
  await assertRefused(show, 'get_dmx_input', { universes: [-1] }, /^invalid_argument: universes/);
  await assertRefused(show, 'get_dmx_input', { values: 'yes' }, /^invalid_argument: values/);
  await assertRefused(show, 'get_dmx_input', { channel: 1 }, /^invalid_argument: /);
});

test('DMX in: a mistyped receiver stops the start with the reason; LX’s /lx/dmx settings open no port', async (t) => {
  await assert.rejects(
    startShow(t, { dmxIn: { receivers: ['artnet:6454', 'sacn:6454'] } }),
    (err: Error & { code?: string }) => err.code === 'invalid_argument' && /two DMX inputs on port 6454/.test(err.message),
  );
  await assert.rejects(startShow(t, { dmxIn: { receivers: ['sacn/1-2'], multicast: true } }), (err: Error) =>
    /name its address with --dmx-in-host/.test(err.message),
  );
  const show = await startShow(t);
  const set = await show.call('set_parameter', { path: '/lx/dmx/artNetReceiveActive', value: true });
  assert.equal(set.parameter.value, true);
  assert.equal(show.app.dmxIn.enabled, false, 'a project or an agent turning on LX’s Art-Net receiver opens nothing');
  assert.deepEqual((await show.call('get_dmx_input')).receivers, []);
});
