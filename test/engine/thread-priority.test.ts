import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { loadConfig } from '../../src/app/config.js';
import type { Logger } from '../../src/engine/log.js';
import { setRenderPriority } from '../../src/engine/thread-priority.js';

/** The nice value of `high` (src/engine/thread-priority.ts). */
const HIGH_PRIORITY_NICE = -10;
import { tempHome } from '../helpers/show.js';

const CHILD = new URL('./fixtures/priority-child.ts', import.meta.url).pathname;
/** As root, the same child also runs without CAP_SYS_NICE through util-linux's setpriv, to see the refusal for real. */
const WITHOUT_SYS_NICE = ['/usr/bin/setpriv', '--bounding-set', '-sys_nice', '--inh-caps', '-sys_nice'];

interface ChildReport {
  result: { requested: string; nice: number; before: number; refused?: string };
  inherited: { started: number; now: number };
  lowered: { started: number; now: number };
  restored: number;
}

function runChild(prefix: string[] = []): ChildReport | { setprivFailed: string } {
  const [command, ...args] = [...prefix, process.execPath, '--import', 'tsx', CHILD];
  const run = spawnSync(command, args, { encoding: 'utf8' });
  if (run.status !== 0 && run.stderr.startsWith('setpriv:')) return { setprivFailed: run.stderr.trim() };
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

function assertRefused({ result, inherited, restored }: ChildReport): void {
  assert.match(result.refused ?? '', /^E(ACCES|PERM): raising a thread priority needs root, CAP_SYS_NICE \(`sudo setcap cap_sys_nice\+ep/);
  assert.equal(result.nice, result.before);
  assert.deepEqual(inherited, { started: result.before, now: result.before });
  assert.equal(restored, result.before);
}
const BIN = new URL('../../bin/footlight.js', import.meta.url).pathname;

test('render priority high: the engine thread and the workers it starts run at nice −10, analysis workers drop back, and closing restores it', () => {
  // In a child process: a priority raised here would stay with the test runner.
  const report = runChild() as ChildReport;
  const { result, inherited, lowered, restored } = report;
  assert.equal(result.requested, 'high');
  if (result.refused !== undefined) return assertRefused(report); // no privilege here: the show says why, every thread stays as it was
  assert.equal(result.nice, HIGH_PRIORITY_NICE);
  assert.deepEqual(inherited, { started: HIGH_PRIORITY_NICE, now: HIGH_PRIORITY_NICE }, 'a render worker inherits the priority');
  assert.deepEqual(lowered, { started: HIGH_PRIORITY_NICE, now: 0 }, 'an analysis worker drops back to normal');
  assert.equal(restored, result.before, 'closing the show puts the priority back');
});

test('render priority high without the privilege: refused with the errno and how to grant it, and nothing changes', (t) => {
  if (process.getuid?.() !== 0 || !existsSync(WITHOUT_SYS_NICE[0])) return t.skip('needs root and setpriv to run a child without the privilege');
  const report = runChild(WITHOUT_SYS_NICE);
  if ('setprivFailed' in report) return t.skip(`setpriv cannot drop the capability here: ${report.setprivFailed}`);
  assertRefused(report);
});

test('render priority normal leaves the thread as it was started (a show run under `nice` keeps it)', () => {
  const result = setRenderPriority('normal');
  assert.deepEqual(result, { requested: 'normal', nice: result.before, before: result.before });
});

test('config.json renderPriority and serve --render-priority: normal or high; anything else is refused with the choices', async (t) => {
  const home = await tempHome(t);
  const warnings: string[] = [];
  const log = { warn: (f: unknown, m: string) => warnings.push(`${m} ${JSON.stringify(f)}`), info() {}, debug() {}, error() {} } as unknown as Logger;
  await writeFile(join(home, 'config.json'), '{"renderPriority": "normal"}');
  assert.deepEqual(await loadConfig(home, log), { renderPriority: 'normal' });
  await writeFile(join(home, 'config.json'), '{"renderPriority": "realtime"}');
  assert.deepEqual(await loadConfig(home, log), {});
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /config\.json is invalid; using defaults .*renderPriority/);
  const run = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', '--render-priority', 'realtime'], {
    encoding: 'utf8',
    env: { ...process.env, FOOTLIGHT_HOME: home },
  });
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /option '--render-priority <level>' argument 'realtime' is invalid\. normal or high/);
});

/** Starts `footlight serve` (through `prefix`), returns its banner and stderr once it is running, and stops it. */
async function serveBanner(t: TestContext, prefix: string[], args: string[]): Promise<{ banner: string; stderr: string }> {
  const home = await tempHome(t);
  const [command, ...rest] = [...prefix, process.execPath, BIN, 'serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', ...args];
  const child = spawn(command, rest, { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  let banner = '';
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = once(child, 'exit');
  for await (const d of child.stdout) {
    banner += d;
    if (banner.includes('Press Ctrl-C to stop.')) break;
  }
  child.kill('SIGTERM');
  await exited;
  return { banner, stderr };
}

test('serve without the privilege: its default says so in the banner and the log only; --render-priority high asked by name also warns', async (t) => {
  if (process.getuid?.() !== 0 || !existsSync(WITHOUT_SYS_NICE[0])) return t.skip('needs root and setpriv to run serve without the privilege');
  const refused = /Render: +\d+ threads?, normal priority \(high was refused: EACCES: raising a thread priority needs root, CAP_SYS_NICE/;
  const byDefault = await serveBanner(t, WITHOUT_SYS_NICE, []);
  assert.match(byDefault.banner, refused);
  assert.doesNotMatch(byDefault.stderr, /normal priority/, 'the default is not a warning on the terminal');
  const asked = await serveBanner(t, WITHOUT_SYS_NICE, ['--render-priority', 'high']);
  assert.match(asked.banner, refused);
  assert.match(asked.stderr, /warning: the engine thread runs at normal priority/);
  const normal = await serveBanner(t, [], ['--render-priority', 'normal']);
  assert.match(normal.banner, /Render: +\d+ threads?, normal priority \(nice 0\)/);
});
