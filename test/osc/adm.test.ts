// ADM-OSC over a real UDP socket (node-osc's own codec): a Sound Object with ADM Sync follows
// its object's positions; other objects and malformed messages leave it alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from 'node-osc';
import { startShow } from '../helpers/show.js';

test('OSC /adm/obj/<n>/aed and /azim move a Sound Object with ADM Sync on object n', async (t) => {
  const show = await startShow(t, { oscReceivePort: 0, realtime: true }); // frames run: Sound Objects read ADM positions each frame
  const port = show.app.osc?.receivePort;
  assert.ok(port !== undefined && port > 0);
  const client = new Client('127.0.0.1', port);
  t.after(() => client.close());
  const { modulator } = await show.call('add_modulator', { class: 'SoundObject' });
  const path = modulator.path as string;
  await show.call('set_parameter', { path: `${path}/admSync`, value: true });
  await show.call('set_parameter', { path: `${path}/admObjId`, value: 2 });
  const position = async (): Promise<unknown[]> =>
    Promise.all(['azimuth', 'elevation', 'distance'].map(async (k) => (await show.call('get_parameter', { path: `${path}/${k}` })).parameter.value));
  const until = async (want: unknown[]): Promise<void> => {
    const end = Date.now() + 5000;
    for (;;) {
      const got = await position();
      if (JSON.stringify(got) === JSON.stringify(want)) return;
      if (Date.now() > end) assert.deepEqual(got, want);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await client.send('/adm/obj/1/aed', { type: 'float', value: 45 }, { type: 'float', value: 10 }, { type: 'float', value: 0.25 });
  await client.send('/adm/obj/2/aed', { type: 'float', value: 90 }, { type: 'float', value: 30 }, { type: 'float', value: 0.5 });
  await until([-90, 30, 0.5]); // ADM counts azimuth counter-clockwise, LX clockwise: LX negates it
  await client.send('/adm/obj/2/aed', { type: 'float', value: 1 }); // malformed: ignored
  await client.send('/adm/obj/2/azim', { type: 'float', value: -120 });
  await until([120, 30, 0.5]);
});
