// Process-level faults, against `bin/footlight.js serve` in its own process with FOOTLIGHT_HOME in
// a temporary folder:
//   - SIGKILL at random moments while the console saves a large show over an existing file: the
//     file afterwards is the old one byte for byte or the complete new one; a kill mid-write can
//     leave only the dead process's hidden temporary folder, which the next save removes;
//   - a restart (after SIGKILL, and after SIGTERM): clients get 404 for their old sessions, a
//     fresh initialize works (even with the stale id still in the header), and status.json
//     describes the new process.
// Rounds: FOOTLIGHT_KILL_ROUNDS (default 12).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { writeFileAtomic } from '../../src/app/atomic-write.js';
import { tempHome } from '../helpers/show.js';
import { prng, RawMcp } from './helpers.js';

const BIN = new URL('../../bin/footlight.js', import.meta.url).pathname;
const ROUNDS = Number(process.env.FOOTLIGHT_KILL_ROUNDS ?? 12);

interface Served {
  readonly child: ChildProcess;
  readonly status: any;
  readonly base: string;
  readonly exited: Promise<number | null>;
}

async function readStatus(home: string): Promise<any> {
  try {
    return JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The processes and folders of one test: one after-hook kills every `footlight serve` it started,
 * waits for each to exit, then removes the folders (so no process still writes into them).
 */
function lab(t: TestContext): { dir(): Promise<string>; serve(home: string, args: string[]): Promise<Served> } {
  const children: Served[] = [];
  const dirs: string[] = [];
  t.after(async () => {
    for (const c of children) {
      c.child.kill('SIGKILL');
      await c.exited;
    }
    for (const d of dirs) await rm(d, { recursive: true, force: true, maxRetries: 5 }).catch(() => undefined);
  });
  return {
    async dir() {
      const d = await mkdtemp(join(tmpdir(), 'footlight-faults-'));
      dirs.push(d);
      return d;
    },
    /** Starts `footlight serve`; resolves once status.json names this process as running. */
    async serve(home, args) {
      const child = spawn(process.execPath, [BIN, 'serve', '--sound-port', '0', '--osc-port', '0', ...args], {
        env: { ...process.env, FOOTLIGHT_HOME: home },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const until = Date.now() + 60_000;
      for (;;) {
        const s = await readStatus(home);
        if (s?.pid === child.pid && s.running === true) {
          const served = { child, status: s, base: s.url.replace(/\/mcp$/, ''), exited };
          children.push(served);
          return served;
        }
        if (child.exitCode !== null || Date.now() > until) {
          child.kill('SIGKILL');
          throw new Error(`serve did not start (exit ${child.exitCode}): ${stderr}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A large LX project: a small grid (cheap frames), hundreds of channels, and other hosts' externals. */
function largeProject(channels: number): Record<string, unknown> {
  const classes = [
    'heronarts.lx.pattern.texture.NoisePattern',
    'heronarts.lx.pattern.color.GradientPattern',
    'heronarts.lx.pattern.form.PlanesPattern',
    'heronarts.lx.pattern.strip.ChasePattern',
  ];
  const list = Array.from({ length: channels }, (_, i) => ({
    id: 1000 + 10 * i,
    class: 'heronarts.lx.mixer.LXChannel',
    parameters: { label: `Channel-${i + 1}`, fader: 0.5, enabled: false, blendMode: 0 },
    children: {},
    effects: [],
    clips: [],
    patternIndex: 0,
    patterns: [
      { id: 1001 + 10 * i, class: classes[i % classes.length], parameters: { label: `Pattern ${i + 1}` }, children: {}, deviceVersion: -1, effects: [] },
    ],
  }));
  return {
    version: '1.2.1',
    timestamp: 0,
    model: {
      id: 2,
      class: 'heronarts.lx.structure.LXStructure',
      parameters: { label: 'LX' },
      children: {},
      fixtures: [{ id: 10, class: 'heronarts.lx.structure.GridFixture', parameters: { label: 'Grid', numRows: 8, numColumns: 8 } }],
    },
    engine: {
      id: 1,
      class: 'heronarts.lx.LXEngine',
      parameters: { label: 'Engine' },
      children: { mixer: { id: 20, class: 'heronarts.lx.mixer.LXMixerEngine', parameters: { label: 'Mixer' }, children: {}, channels: list } },
    },
    externals: { 'another.host': { notes: 'n'.repeat(2 * 1024 * 1024), kept: true } },
  };
}

/** A saved project without its timestamp, for comparing two saves of the same show. */
const canonical = (text: string): string => {
  const json = JSON.parse(text) as Record<string, unknown>;
  delete json.timestamp;
  return JSON.stringify(json);
};

test("SIGKILL during the console save of a large show: the old file or the whole new one, never a part; the next save clears a killed write's temporary", {
  timeout: 60_000 + ROUNDS * 60_000,
}, async (t) => {
  const l = lab(t);
  const home = await l.dir();
  const shows = await l.dir();
  const projectPath = join(home, 'large.lxp');
  await writeFile(projectPath, JSON.stringify(largeProject(400), null, 2));
  const target = join(shows, 'show.lxp');
  const OLD = `${JSON.stringify({ version: '1.2.1', note: "the operator's previous save", pad: 'o'.repeat(100_000) }, null, 2)}\n`;

  // Round 0: a save that is not interrupted, for the reference content and its duration.
  const first = await l.serve(home, ['--port', '0', '--project', projectPath]);
  await writeFile(target, OLD);
  const t0 = performance.now();
  const ok = await fetch(`${first.base}/api/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: target, overwrite: true }),
  });
  const saveMs = performance.now() - t0;
  assert.equal(ok.status, 200, await ok.text());
  const NEW = await readFile(target, 'utf8');
  assert.ok(NEW.length > 2_000_000, `a large save (${NEW.length} bytes)`);
  assert.deepEqual((JSON.parse(NEW) as { externals: unknown }).externals, largeProject(1).externals, "the project's externals are written back");
  first.child.kill('SIGKILL');
  await first.exited;

  const random = prng(0x9111);
  const outcomes = { old: 0, new: 0 };
  let debris = 0;
  for (let round = 0; round < ROUNDS; round++) {
    await writeFile(target, OLD);
    const s = await l.serve(home, ['--port', '0', '--project', projectPath]);
    // Even rounds: kill anywhere between sending the request and well after a normal save ends.
    // Odd rounds: kill while the file is being written (once its temporary appears beside it).
    const reply = fetch(`${s.base}/api/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: target, overwrite: true }),
    }).catch(() => undefined);
    let when: string;
    if (round % 2 === 0) {
      const delay = Math.floor(random() * saveMs * 3);
      await new Promise((r) => setTimeout(r, delay));
      when = `${delay} ms after the request`;
    } else {
      const until = Date.now() + saveMs * 3 + 5000;
      while (!(await readdir(shows)).some((n) => n.startsWith('.')) && Date.now() < until) await new Promise((r) => setImmediate(r));
      const delay = Math.floor(random() * 40);
      await new Promise((r) => setTimeout(r, delay));
      when = `${delay} ms after the temporary file appeared`;
    }
    s.child.kill('SIGKILL');
    await s.exited;
    await reply;
    const text = await readFile(target, 'utf8');
    if (text === OLD) outcomes.old++;
    else {
      assert.equal(
        canonical(text),
        canonical(NEW),
        `round ${round} (killed ${when}): the file is neither the old one nor the whole new one (${text.length} bytes)`,
      );
      outcomes.new++;
    }
    // A kill mid-write may leave the dead process's hidden temporary folder; nothing else.
    for (const name of await readdir(shows)) {
      if (name === 'show.lxp') continue;
      const pid = /^\.show\.lxp\.(\d+)\.[A-Za-z0-9]+$/.exec(name)?.[1];
      assert.ok(pid !== undefined && Number(pid) !== process.pid && !alive(Number(pid)), `round ${round} (killed ${when}): unexpected ${name} beside the show`);
      debris++;
    }
  }
  // The next save clears what killed saves left: nothing but the show remains.
  const last = await l.serve(home, ['--port', '0', '--project', projectPath]);
  const clean = await fetch(`${last.base}/api/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: target, overwrite: true }),
  });
  assert.equal(clean.status, 200);
  assert.deepEqual(await readdir(shows), ['show.lxp'], 'the next save removed every temporary a killed save left');
  assert.equal(canonical(await readFile(target, 'utf8')), canonical(NEW));
  t.diagnostic(
    `${ROUNDS} kills during a ${NEW.length}-byte save (~${Math.round(saveMs)} ms): old file intact ${outcomes.old}×, ` +
      `new file complete ${outcomes.new}×; ${debris} hidden temporaries left by killed writes, all removed by the next save`,
  );
});

test('restart: old sessions get 404, a fresh initialize works even with the stale id, status.json describes the new process', {
  timeout: 240_000,
}, async (t) => {
  const l = lab(t);
  const home = await l.dir();
  const port = await freePort();
  const a = await l.serve(home, ['--port', String(port)]);
  const url = a.status.url as string;
  const client = new Client({ name: 'survivor', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    await client.callTool({ name: 'get_status', arguments: {} });
    const raw = new RawMcp(url);
    await raw.initialize('raw-survivor');
    const staleA = raw.session;

    let current = a;
    for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
      const previous = await readStatus(home);
      const old = current;
      old.child.kill(signal);
      await old.exited;
      const after = await readStatus(home);
      if (signal === 'SIGKILL') assert.equal(after.running, true, 'a killed process cannot mark itself stopped: status.json still names it');
      else {
        assert.equal(after.running, false, 'a clean stop marks status.json stopped');
        assert.equal(typeof after.stoppedAt, 'string');
      }
      current = await l.serve(home, ['--port', String(port)]);
      const s = current.status;
      assert.equal(s.pid, current.child.pid);
      assert.notEqual(s.pid, previous.pid);
      assert.ok(Date.parse(s.startedAt) >= Date.parse(previous.startedAt), "startedAt is the new process's");
      assert.equal(s.url, url, 'same port, same URL');
      assert.equal(s.running, true);
      // The SDK client still holds its old session id: 404.
      await assert.rejects(client.callTool({ name: 'get_status', arguments: {} }), (err: unknown) => /404|Session not found/i.test(String(err)));
      // Bare: 404 with the JSON-RPC "session not found" error.
      const gone = await raw.post(raw.callBody('get_status', {}));
      assert.equal(gone.status, 404);
      assert.equal(gone.messages[0]?.error?.code, -32001);
      // Re-initialize with the stale id still in the header: a new session.
      const stale = raw.session;
      await raw.initialize('raw-survivor-again');
      assert.notEqual(raw.session, stale);
      assert.notEqual(raw.session, staleA);
      const again = await raw.call('get_status');
      assert.equal(again.status, 200);
      assert.notEqual(again.result?.isError, true);
    }
  } finally {
    // Closed before the servers are stopped: a client left open keeps retrying its event stream.
    await client.close().catch(() => undefined);
  }
});

test("atomic writes (status.json, light saves): a killed writer's temporary is removed by the next write; a live writer's is kept", async (t) => {
  const home = await tempHome(t);
  const dead = spawn(process.execPath, ['-e', '']);
  const deadPid = await new Promise<number>((resolve) => dead.once('exit', () => resolve(dead.pid!)));
  const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  t.after(() => live.kill('SIGKILL'));
  const stale = `.status.json.${deadPid}.deadbeef.tmp`;
  const busy = `.status.json.${live.pid}.cafef00d.tmp`;
  const unrelated = '.status.json.notes';
  for (const name of [stale, busy, unrelated]) await writeFile(join(home, name), 'partial');
  await writeFileAtomic(join(home, 'status.json'), '{}\n');
  assert.deepEqual((await readdir(home)).sort(), [busy, unrelated, 'status.json'].sort());
});
