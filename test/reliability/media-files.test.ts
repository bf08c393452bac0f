// Files the show reads from its media folder are regular files inside it: a FIFO, a folder or a
// symbolic link out of Fixtures/ is refused at once with its reason (defects 2 and 11 of #26),
// and the server keeps answering. The server runs in its own process: a read that blocks would
// stop the test process's event loop with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { writeProject } from '../../src/light/show/project/project-file.js';
import { GOLDEN_DIR } from '../helpers/golden-dir.js';
import { startShow, tempHome } from '../helpers/show.js';
import { assertRefused } from '../light/operations/helpers.js';

const BIN = new URL('../../bin/footlight.js', import.meta.url).pathname;
const PANEL = join(GOLDEN_DIR, 'media', 'Fixtures', 'CommentPanel.lxf');

/** A media folder: Fixtures/ with a good panel, a FIFO, a folder, a link out and a link in; a project under Projects/. */
async function hostileMedia(home: string): Promise<{ media: string; project: string }> {
  const media = join(home, 'media');
  const fixtures = join(media, 'Fixtures');
  await mkdir(fixtures, { recursive: true });
  await mkdir(join(media, 'Projects'));
  await mkdir(join(home, 'outside'));
  await copyFile(PANEL, join(fixtures, 'Panel.lxf'));
  await copyFile(PANEL, join(home, 'outside', 'Secret.lxf'));
  assert.equal(spawnSync('mkfifo', [join(fixtures, 'Pipe.lxf')]).status, 0, 'mkfifo');
  await mkdir(join(fixtures, 'Folder.lxf'));
  await symlink(join('..', '..', 'outside', 'Secret.lxf'), join(fixtures, 'Escape.lxf'));
  await symlink('Panel.lxf', join(fixtures, 'Inner.lxf'));
  await symlink('.', join(fixtures, 'Loop'));
  return { media, project: join(media, 'Projects', 'show.lxp') };
}

function footlight(args: string[], home: string): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Waits for a child to exit, at most `ms`; a child still running then is killed and reported as hung. */
async function finished(child: ChildProcess, ms: number): Promise<{ code: number | 'hung'; out: string; err: string }> {
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const code = await new Promise<number | 'hung'>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('hung');
    }, ms);
    child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c ?? -1);
    });
  });
  return { code, out, err };
}

async function within<T>(what: string, ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([p, hung]);
  } finally {
    clearTimeout(timer);
  }
}

test('defects 2 and 11: a FIFO, a folder or a link out of Fixtures/ is refused at once; the server keeps answering', { timeout: 300_000 }, async (t) => {
  const home = await tempHome(t);
  const { media, project } = await hostileMedia(home);
  const source = await startShow(t);
  await writeFile(project, JSON.stringify(await source.app.engine.queue.submit(() => writeProject(source.app.light.lx, {}, 0))));

  const child = footlight(['serve', '--project', project, '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', 'off'], home);
  t.after(() => child.kill('SIGKILL'));
  let status: { running?: boolean; url?: string } = {};
  for (const until = Date.now() + 120_000; status.running !== true && Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
    status = await readFile(join(home, 'status.json'), 'utf8')
      .then((s) => JSON.parse(s))
      .catch(() => ({}));
  }
  assert.equal(status.running, true, 'the server started');
  const url = status.url!;
  const client = new Client({ name: 'media-files', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  t.after(() => client.close());
  const call = async (name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> => {
    const r = await within(name, 30_000, client.callTool({ name, arguments: args }));
    return { isError: r.isError === true, text: (r.content as { text: string }[])[0].text };
  };
  const health = async (): Promise<number> => (await within('/health', 30_000, fetch(new URL('/health', url)))).status;

  const refusals: [string, RegExp][] = [
    ['Pipe', /^invalid_argument: fixture type "Pipe": .*Pipe\.lxf is a FIFO \(named pipe\), not a regular file/],
    ['Folder', /^invalid_argument: fixture type "Folder": .*Folder\.lxf is a folder, not a regular file/],
    ['Escape', /^invalid_argument: fixture type "Escape": .*Escape\.lxf leads out of its folder/],
  ];
  for (const [type, expected] of refusals) {
    const r = await call('add_fixture', { type });
    assert.equal(r.isError, true, `${type}: ${r.text}`);
    assert.match(r.text, expected);
    assert.equal(await health(), 200, `/health answers after add_fixture ${type}`);
  }
  const fixtures = (await call('list_fixtures', {})).text;
  assert.doesNotMatch(fixtures, /Secret|Pipe|Folder/, 'nothing was added');
  const inner = await call('add_fixture', { type: 'Inner' });
  assert.equal(inner.isError, false, `a link inside Fixtures/ is followed: ${inner.text}`);
  const catalog = JSON.parse((await call('list_available_fixtures', {})).text) as { jsonTypes: { type: string }[]; errors: { type: string; error: string }[] };
  assert.deepEqual(catalog.jsonTypes.map((j) => j.type).sort(), ['Inner', 'Panel']);
  // A folder is walked as a folder (Folder.lxf/ holds nothing); the FIFO and the link out are listed with why.
  assert.deepEqual(catalog.errors.map((e) => e.type).sort(), ['Escape', 'Pipe']);
  assert.equal(await health(), 200);

  // The offline renders read the same files: a project whose fixture is the FIFO renders without it.
  const saved = JSON.parse(await readFile(project, 'utf8'));
  saved.model.fixtures.push({ id: 99_999, class: 'heronarts.lx.structure.JsonFixture', parameters: { label: 'Pipe', fixtureType: 'Pipe' } });
  const piped = join(media, 'Projects', 'piped.lxp');
  await writeFile(piped, JSON.stringify(saved));
  const render = await finished(footlight(['render', piped, '--frames', '2', '--delta-ms', '16'], home), 120_000);
  assert.equal(render.code, 0, render.err);
  assert.match(JSON.parse(render.out).notes, /Pipe\.lxf is a FIFO \(named pipe\), not a regular file/);
  const show = await finished(footlight(['render-show', '--project', piped, '--seconds', '0.5', '--out', join(home, 'out')], home), 180_000);
  assert.equal(show.code, 0, show.err);
  assert.match(JSON.parse(await readFile(join(home, 'out', 'frames.json'), 'utf8')).notes, /Pipe\.lxf is a FIFO/);
});

test('defect 11: add_fixture of a type that is a folder is invalid_argument (was internal) and changes nothing', async (t) => {
  const home = await tempHome(t);
  const media = join(home, 'media');
  await mkdir(join(media, 'Fixtures', 'Folder.lxf'), { recursive: true });
  await mkdir(join(media, 'Projects'));
  const project = join(media, 'Projects', 'show.lxp');
  const source = await startShow(t);
  await writeFile(project, JSON.stringify(await source.app.engine.queue.submit(() => writeProject(source.app.light.lx, {}, 0))));
  const show = await startShow(t, { project });
  await assertRefused(show, 'add_fixture', { type: 'Folder' }, /^invalid_argument: fixture type "Folder": .*Folder\.lxf is a folder, not a regular file$/, [
    () => show.call('list_fixtures'),
  ]);
});
