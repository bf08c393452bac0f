// Cue lists over OSC, sent by node-osc (an independent OSC implementation): /footlight/cues/<list>/<action>
// runs the list as run_cue_list does, a button's release (0) is ignored, the list is found by its
// name's OSC label, and addresses that name no list or action are counted and change nothing.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { test, type TestContext } from 'node:test';
import { Client, Server } from 'node-osc';
import { startShow, type TestShow } from '../helpers/show.js';
import { history } from '../light/operations/helpers.js';

const F1 = '/lx/mixer/channel/1/fader';

async function rig(t: TestContext): Promise<{ show: TestShow; client: Client; sync: () => Promise<void> }> {
  const peer = new Server(0, '127.0.0.1');
  await once(peer, 'listening');
  const replies: string[] = [];
  peer.on('message', (m: [string]) => replies.push(m[0]));
  t.after(() => peer.close());
  const show = await startShow(t, { oscReceivePort: 0, oscTransmitPort: (peer._sock.address() as { port: number }).port });
  const client = new Client('127.0.0.1', show.app.osc?.receivePort ?? 0);
  t.after(() => client.close());
  // /lx/framerate is answered once every datagram sent before it has been handled.
  const sync = async (): Promise<void> => {
    const from = replies.length;
    await client.send('/lx/framerate');
    const end = Date.now() + 5000;
    while (!replies.slice(from).includes('/lx/framerate')) {
      if (Date.now() > end) throw new Error('no /lx/framerate reply');
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  return { show, client, sync };
}

async function status(show: TestShow): Promise<{ state: string; current: { number: number } | null }> {
  return await show.call('get_cue_list_status', { list: 'Main Stage' });
}

test('OSC runs a cue list: go, goto, back, pause, resume, release; button releases ignored; history untouched', async (t) => {
  const { show, client, sync } = await rig(t);
  await show.call('create_cue_list', { name: 'Main Stage' });
  await show.call('record_cue', { list: 'Main Stage', blind: true, values: [{ path: F1, value: 0.2 }] });
  await show.call('record_cue', { list: 'Main Stage', blind: true, values: [{ path: F1, value: 0.6 }], fadeInMs: 60_000 });
  await show.call('record_cue', { list: 'Main Stage', blind: true, values: [{ path: F1, value: 0.9 }] });
  const h = await history(show);
  const cues = '/footlight/cues/Main-Stage';

  await client.send(`${cues}/go`);
  await sync();
  assert.deepEqual([(await status(show)).state, (await status(show)).current?.number], ['running', 1]);
  await client.send(`${cues}/go`, { type: 'integer', value: 0 }); // the Go button let go: nothing
  await sync();
  assert.equal((await status(show)).current?.number, 1);
  await client.send(`${cues}/go`, { type: 'float', value: 1 }); // pressed
  await sync();
  assert.equal((await status(show)).current?.number, 2);
  await client.send(`${cues}/pause`, true);
  await sync();
  assert.equal((await status(show)).state, 'paused');
  await client.send(`${cues}/resume`);
  await sync();
  assert.equal((await status(show)).state, 'running');
  await client.send(`${cues}/goto`, '3');
  await sync();
  assert.equal((await status(show)).current?.number, 3);
  await client.send(`${cues}/back`);
  await sync();
  assert.equal((await status(show)).current?.number, 2);
  await client.send(`${cues}/release`);
  await sync();
  assert.equal((await status(show)).state, 'released');
  assert.deepEqual(await history(show), h, 'running a list is live, not an undo step');
});

test('OSC cue addresses that name no list, no action or no cue number change nothing and are counted', async (t) => {
  const { show, client, sync } = await rig(t);
  await show.call('create_cue_list', { name: 'Main Stage' });
  await show.call('record_cue', { list: 'Main Stage', blind: true, values: [{ path: F1, value: 0.2 }] });
  const h = await history(show);
  const before = show.app.osc?.stats.unknown ?? 0;
  for (const address of [
    '/footlight/cues/Main Stage/go',
    '/footlight/cues/Nope/go',
    '/footlight/cues/Main-Stage/jump',
    '/footlight/cues/Main-Stage',
    '/footlight/cues/Main-Stage/goto',
  ])
    await client.send(address);
  await client.send('/footlight/cues/Main-Stage/goto', 'two');
  await sync();
  assert.equal((show.app.osc?.stats.unknown ?? 0) - before, 6);
  assert.equal((await status(show)).state, 'released');
  assert.deepEqual(await history(show), h);
  // A goto to a cue the list lacks is refused by run_cue_list, as over MCP.
  const rejected = show.app.osc?.stats.rejected ?? 0;
  await client.send('/footlight/cues/Main-Stage/goto', { type: 'float', value: 7 });
  await sync();
  assert.equal((show.app.osc?.stats.rejected ?? 0) - rejected, 1);
  assert.equal((await status(show)).state, 'released');
});
