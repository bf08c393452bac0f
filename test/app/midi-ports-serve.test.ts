// `footlight serve --midi-ports` with the real optional package (@julusian/midi) on a machine with no
// ALSA sequencer (a container without /dev/snd, as the test machines are): the banner says why in
// one line, nothing else is printed about it (RtMidi's own ALSA errors are not reached), status.json
// and list_midi_inputs say native MIDI is off and why, and the show runs on: an MCP call still answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { tempHome } from '../helpers/show.js';
import { BIN, exitOf, until } from '../helpers/serve-process.js';

test('serve --midi-ports without an ALSA sequencer: one line says why, status says off, the show runs on', { skip: existsSync('/dev/snd/seq') }, async (t) => {
  const home = await tempHome(t);
  const args = ['serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', 'off', '--midi-ports', 'APC mini,Twister'];
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  t.after(() => child.kill('SIGKILL'));
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  await until('the banner', async () => (/Press Ctrl-C/.test(out) ? true : undefined));
  const why = 'there is no ALSA sequencer (/dev/snd/seq is missing: load the snd-seq module, or give a container /dev/snd)';
  const lines = out.split('\n').filter((l) => /MIDI/.test(l) && !/Timecode/.test(l));
  assert.deepEqual(lines, [`  MIDI:    system ports off: ${why}; the console's Web MIDI still works`]);
  assert.doesNotMatch(err, /ALSA lib|RtMidi|MidiInAlsa/, 'RtMidi is not asked to open a sequencer that is not there');
  const status = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
  assert.deepEqual(status.midiPorts, { on: false, reason: why, devices: [] });
  const client = new Client({ name: 'midi-ports-test', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(status.url)));
  t.after(() => client.close());
  const r = await client.callTool({ name: 'list_midi_inputs', arguments: {} });
  assert.deepEqual((r.structuredContent as { systemPorts: unknown }).systemPorts, { on: false, reason: why, ports: [] });
  const st = await client.callTool({ name: 'get_status', arguments: {} });
  assert.equal((st.structuredContent as { engine: { running: boolean } }).engine.running, true, 'the show runs on');
  child.kill('SIGTERM');
  assert.equal(await exitOf(child), 0);
});
