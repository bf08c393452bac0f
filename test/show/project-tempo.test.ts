// Opening a project keeps what it says (issue #35): an LX project at 137 bpm in 3/4 opens at 137 in
// 3/4 (the built-in song takes the light's tempo and meter: one clock), reads so over MCP and
// protocol 3, and saves back as it was read — in process, through the console's save, and through
// `footlight serve --project`.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { createLogger } from '../../src/engine/log.js';
import { saveProject } from '../../src/sound/model/components.js';
import { PROJECT_FORMAT, PROJECT_FORMAT_VERSION, readProjectFile } from '../../src/sound/model/project-file.js';
import { openProject as openSong } from '../../src/sound/operations/project.js';
import { createLibrary } from '../../src/light/devices/library.js';
import { renderShow } from '../../src/show/render-show.js';
import { GOLDEN_DIR } from '../helpers/golden-dir.js';
import { shortSong } from '../helpers/short-song.js';
import { callOk, startShow, tempHome, type TestShow } from '../helpers/show.js';
import { api, baseOf } from '../console/helpers.js';

const BIN = new URL('../../bin/footlight.js', import.meta.url).pathname;

type Reply = Record<string, any> & { ok: boolean };
interface LxTempo {
  bpm: number;
  period: number;
  beatsPerBar: number;
}

/** The tempo parameters a saved `.lxp` holds. */
function tempoOf(project: any): LxTempo {
  const p = project.engine.children.tempo.parameters;
  return { bpm: p.bpm, period: p.period, beatsPerBar: p.beatsPerBar };
}

/** An LX project (a golden scene's shape) with its tempo set by hand, as LX saves it: bpm, its period, beats per bar. */
async function projectAt(t: TestContext, bpm: number, beatsPerBar: number): Promise<string> {
  const project = JSON.parse(await readFile(join(GOLDEN_DIR, 'noise_perlin.lxp'), 'utf8'));
  Object.assign(project.engine.children.tempo.parameters, { bpm, period: 60_000 / bpm, beatsPerBar });
  const path = join(await tempHome(t), `tempo-${bpm}.lxp`);
  await writeFile(path, `${JSON.stringify(project, null, 2)}\n`);
  return path;
}

async function songState(host: string, port: number, t: TestContext): Promise<Reply> {
  const client = new Protocol3Client();
  await client.connect(host, port);
  t.after(() => client.close());
  const r = (await client.request('song-state')) as Reply;
  assert.equal(r.ok, true, JSON.stringify(r).slice(0, 300));
  return r;
}

async function lightTempo(show: TestShow): Promise<{ bpm: number; beatsPerBar: number }> {
  const bpm = (await show.call('get_parameter', { path: '/lx/tempo/bpm' })).parameter.value as number;
  const beatsPerBar = (await show.call('get_parameter', { path: '/lx/tempo/beatsPerBar' })).parameter.value as number;
  return { bpm, beatsPerBar };
}

test('serve opens a 137 bpm 3/4 project at 137 in 3/4: MCP and protocol 3 agree, and the console saves what it read', async (t) => {
  const path = await projectAt(t, 137, 3);
  const read = tempoOf(JSON.parse(await readFile(path, 'utf8')));
  const show = await startShow(t, { project: path });
  assert.deepEqual(await lightTempo(show), { bpm: 137, beatsPerBar: 3 });
  const song = await songState(show.app.protocol3.host, show.app.protocol3.port, t);
  assert.equal(song.transport.tempo, 137);
  assert.deepEqual(song.transport.meter, { numerator: 3, denominator: 4 });
  assert.equal(song.project_modified, false, 'taking the project tempo is where the song starts, not an edit');
  assert.equal(show.app.engine.history.undoDepth, 0);

  // Frames go by (the song leads the beat while linked): nothing moves the tempo back to 120.
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(30, 1000 / 60));
  assert.deepEqual(await lightTempo(show), { bpm: 137, beatsPerBar: 3 });

  const saved = join(await tempHome(t), 'saved.lxp');
  const r = await api(baseOf(show.url), '/api/save', { path: saved });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(tempoOf(JSON.parse(await readFile(saved, 'utf8'))), read);
  await show.app.light.saveProject(path);
  assert.deepEqual(tempoOf(JSON.parse(await readFile(path, 'utf8'))), read, 'a save over the project writes the tempo it read');
});

test('a project tempo outside the song ranges is clamped on both sides, with a warning; a song opened later leads', async (t) => {
  const path = await projectAt(t, 236, 1);
  const lines: string[] = [];
  const show = await startShow(t, { project: path, log: createLogger({ level: 'warn', write: (l) => lines.push(l) }) });
  assert.deepEqual(await lightTempo(show), { bpm: 220, beatsPerBar: 2 });
  const song = await songState(show.app.protocol3.host, show.app.protocol3.port, t);
  assert.equal(song.transport.tempo, 220);
  assert.equal(song.transport.meter.numerator, 2);
  assert.ok(
    lines.some((l) => /236 bpm, 1 beats per bar\) is outside the song's ranges.*220 bpm, 2 beats per bar/.test(l)),
    `warned: ${lines.join('\n')}`,
  );

  // A light project opened in place leads too: the song follows it.
  await show.app.light.openProject(await projectAt(t, 96, 5));
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(1, 1000 / 60));
  assert.deepEqual(await lightTempo(show), { bpm: 96, beatsPerBar: 5 });
  const after = await songState(show.app.protocol3.host, show.app.protocol3.port, t);
  assert.equal(after.transport.tempo, 96);
  assert.equal(after.transport.meter.numerator, 5);

  // A song opened after it leads: the light takes the song's 100 bpm in 6/8 (six beats a bar).
  const sound = show.app.sound;
  const json = { ...saveProject(sound.project, { ids: false }), tempo: 100, meter: { numerator: 6, denominator: 8 } };
  await show.app.engine.queue.submit(() => openSong(sound, { surface: 'cli' }, json));
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(1, 1000 / 60));
  assert.deepEqual(await lightTempo(show), { bpm: 100, beatsPerBar: 6 });
});

test('without a project the song leads, as before: the demo light takes the song tempo', async (t) => {
  const show = await startShow(t);
  const song = await songState(show.app.protocol3.host, show.app.protocol3.port, t);
  assert.deepEqual(await lightTempo(show), { bpm: song.transport.tempo, beatsPerBar: song.transport.meter.numerator });
});

test('a light project and a song opened together (render-show): the song wins, its tempo and meter on both sides', async (t) => {
  const light = JSON.parse(await readFile(await projectAt(t, 137, 3), 'utf8'));
  const song = shortSong();
  const r = renderShow({ light, song, seconds: 0.5, registry: createLibrary() });
  const tempo = r.show.lx.tempo;
  assert.equal(tempo.bpm.getBaseValue(), song.tempo);
  assert.equal(tempo.beatsPerBar.getBaseValue(), song.meter.numerator);
  assert.notEqual(song.tempo, 137, 'the song is not at the project tempo, so the winner shows');
  // 30 frames at the song's tempo: the beat position is the song's.
  assert.ok(Math.abs(r.beats[r.frames - 1] - (song.tempo / 60) * 0.5) < 1e-6, `beat ${r.beats[r.frames - 1]}`);
});

interface Served {
  readonly url: string;
  readonly protocol3: { host: string; port: number };
  readonly mcp: Client;
  /** What the process logged so far (stdout and stderr). */
  readonly output: () => string;
  /** SIGTERM, then the exit code. */
  readonly stop: () => Promise<number>;
}

/** The real CLI, `footlight serve` on ephemeral ports with its home in a temp folder, and an SDK client over HTTP. */
async function serve(t: TestContext, home: string, args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args, '--port', '0', '--sound-port', '0', '--osc-port', '0'], {
    env: { ...process.env, FOOTLIGHT_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number>((r) => child.once('exit', (c) => r(c ?? -1)));
  t.after(() => child.kill('SIGKILL'));
  let status: { running?: boolean; url?: string; protocol3?: { host: string; port: number } } = {};
  const until = Date.now() + 60_000;
  while (Date.now() < until && status.running !== true) {
    try {
      status = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
    } catch {
      // not written yet
    }
    if (status.running !== true) await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(status.running, true, output);
  assert.ok(status.protocol3 !== undefined && status.url !== undefined);
  const mcp = new Client({ name: 'project-tempo-test', version: '1.0.0' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(status.url)));
  t.after(() => mcp.close().catch(() => undefined));
  return {
    url: status.url,
    protocol3: status.protocol3,
    mcp,
    output: () => output,
    stop: async () => {
      await mcp.close();
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The tempo component's `parameters` object exactly as the file spells it (its bytes, not its values). */
function tempoText(text: string): string {
  const m = /"class": "heronarts\.lx\.Tempo",[\s\S]*?"parameters": (\{[^}]*\})/.exec(text);
  assert.ok(m !== null, 'the project has a tempo component');
  return m[1] as string;
}

/** The light tempo three ways: MCP's get_tempo, the song over MCP, and the console's state. */
async function tempoEverywhere(s: Served): Promise<{ light: number[]; song: number[]; console: number[] }> {
  const lx = await callOk(s.mcp, 'get_tempo');
  const song = (await callOk(s.mcp, 'song_get_state')).native.transport;
  const state = (await api(baseOf(s.url), '/api/state')).body;
  const param = (key: string): number => state.light.tempo.params.find((p: { key: string }) => p.key === key).value;
  return {
    light: [lx.bpm.value, lx.beatsPerBar.value],
    song: [song.tempo, song.meter.numerator, song.meter.denominator],
    console: [param('bpm'), param('beatsPerBar')],
  };
}

test('footlight serve --project: 137 in 3/4 over MCP, the console and protocol 3; both saves write what was read', async (t) => {
  const home = await tempHome(t);
  const path = await projectAt(t, 137, 3);
  const before = await readFile(path, 'utf8');
  const s = await serve(t, home, ['--project', path, '--sound-output-root', join(home, 'songs')]);
  const expected = { light: [137, 3], song: [137, 3, 4], console: [137, 3] };
  assert.deepEqual(await tempoEverywhere(s), expected);
  const song = await songState(s.protocol3.host, s.protocol3.port, t);
  assert.equal(song.transport.tempo, 137);
  assert.equal(song.project_modified, false);

  // The console saves over the project it opened: the tempo's bytes are the ones it read.
  const r = await api(baseOf(s.url), '/api/save', { path, overwrite: true });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(tempoText(await readFile(path, 'utf8')), tempoText(before));

  // The song saved over MCP (preview, then the confirmation) holds the same tempo and meter.
  const preview = await callOk(s.mcp, 'song_save_project');
  assert.equal(preview.status, 'confirmation_required');
  const saved = await callOk(s.mcp, 'song_save_project', { confirmation_token: preview.confirmation.token });
  assert.equal(saved.status, 'native_save_completed', JSON.stringify(saved).slice(0, 400));
  const file = await readProjectFile(saved.project_file);
  assert.deepEqual([file.tempo, file.meter.numerator, file.meter.denominator], [137, 3, 4]);

  // Saving changed nothing: the show still reads 137 in 3/4, and the project opens so again.
  assert.deepEqual(await tempoEverywhere(s), expected);
  assert.equal(await s.stop(), 0);
  const again = await serve(t, home, ['--project', path]);
  assert.deepEqual(await tempoEverywhere(again), expected);
  assert.equal(await again.stop(), 0);
});

test('footlight serve --project --song: the song wins, both sides at its tempo and meter, and the log says what the project lost', async (t) => {
  const home = await tempHome(t);
  const path = await projectAt(t, 137, 3);
  const songFile = join(home, 'song.bwproject');
  const project = { ...shortSong(), tempo: 100, meter: { numerator: 6, denominator: 8 } };
  await writeFile(songFile, JSON.stringify({ format: PROJECT_FORMAT, version: PROJECT_FORMAT_VERSION, saved_by: { host: 'test', version: '0' }, project }));
  const s = await serve(t, home, ['--project', path, '--song', songFile]);
  assert.deepEqual(await tempoEverywhere(s), { light: [100, 6], song: [100, 6, 8], console: [100, 6] });
  assert.match(s.output(), /the light project's tempo \(137 bpm, 3 beats per bar\) gives way to the song's \(100 bpm, 6 beats per bar\)/);
  assert.equal(await s.stop(), 0);
});
