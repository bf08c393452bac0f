import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readStatus } from '../../src/app/status-file.js';
import { silentLogger } from '../../src/engine/log.js';
import { startFootlight } from '../../src/main.js';
import { tempHome } from '../helpers/show.js';

test('status.json carries lastActivityAt from startup, before any call (the startup time)', async (t) => {
  const home = await tempHome(t);
  const app = await startFootlight({
    host: '127.0.0.1',
    port: 0,
    soundPort: 0,
    home,
    log: silentLogger,
    realtime: false,
    oscReceivePort: 0,
    oscTransmitPort: 0,
  });
  t.after(() => app.close());
  let status = await readStatus(home);
  for (let i = 0; i < 100 && status?.running !== true; i++) {
    await new Promise((r) => setTimeout(r, 20));
    status = await readStatus(home);
  }
  assert.equal(status?.running, true);
  assert.equal(status.connected, false);
  assert.equal(typeof status.lastActivityAt, 'string');
  assert.ok(Date.parse(status.lastActivityAt!) <= Date.parse(new Date().toISOString()));
  // Margin: on a loaded machine starting the show (sound host, workers, the demo) takes seconds.
  assert.ok(Math.abs(Date.parse(status.lastActivityAt!) - Date.parse(status.startedAt)) < 60_000, 'the startup time until something happens');
});
