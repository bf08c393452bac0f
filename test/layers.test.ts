import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, dirname, resolve } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  if (/\.(ts|tsx)$/.test(dir)) return [dir];
  let entries;
  try {
    entries = await readdir(join(ROOT, dir), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await files(p)));
    else if (/\.(ts|tsx)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Every relative import of a file, resolved to a path from the project root. */
async function imports(file: string): Promise<string[]> {
  const text = await readFile(join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    // A `.js` specifier names the `.ts` source beside it.
    out.push(relative(ROOT, resolve(join(ROOT, dirname(file)), m[1])).replace(/\.js$/, '.ts'));
  }
  return out;
}

async function assertNoImports(from: string, forbidden: string[]): Promise<void> {
  for (const file of await files(from)) {
    for (const target of await imports(file)) {
      for (const f of forbidden) assert.ok(!target.startsWith(`${f}/`) && target !== f, `${file} imports ${target}: ${from} must not depend on ${f}`);
    }
  }
}

/** Every relative import of every file under `from` lands inside one of `allowed` (folders or files). */
async function assertOnlyImports(from: string, allowed: string[]): Promise<void> {
  const list = await files(from);
  assert.ok(list.length > 0, `${from} holds no source: update this test for the new place`);
  for (const file of list) {
    for (const target of await imports(file)) {
      const ok = allowed.some((a) => target === a || target.startsWith(`${a}/`));
      assert.ok(ok, `${file} imports ${target}: ${from} may import only ${allowed.join(', ')}`);
    }
  }
}

test('imports point downward', async () => {
  await assertNoImports('src/engine', [
    'src/light',
    'src/show',
    'src/sound',
    'src/tools',
    'src/mcp',
    'src/http',
    'src/protocol3',
    'src/osc',
    'src/console',
    'src/cli',
    'src/app',
  ]);
  await assertNoImports('src/light', ['src/sound', 'src/show', 'src/tools', 'src/mcp', 'src/http', 'src/protocol3', 'src/console', 'src/cli']);
  await assertNoImports('src/sound', ['src/light', 'src/show', 'src/tools', 'src/mcp', 'src/http', 'src/osc', 'src/console', 'src/cli']);
  await assertNoImports('src/tools', ['src/mcp', 'src/http', 'src/console', 'src/cli']);
  // The console runs tools through the registry's one call path (src/tools/invoke.ts), never through MCP.
  await assertNoImports('src/console', ['src/mcp', 'src/osc', 'src/cli']);
  await assertNoImports('src/osc', ['src/mcp', 'src/console', 'src/cli', 'src/app']);
  // The sound tools reach the host only through protocol 3: its client, never the host or the server.
  await assertNoImports('src/tools/sound', ['src/sound', 'src/protocol3/server']);
  // The audio engine is a floor under the host: the kernel and the sound model only.
  await assertNoImports('src/sound/audio', [
    'src/light',
    'src/tools',
    'src/mcp',
    'src/http',
    'src/protocol3',
    'src/osc',
    'src/console',
    'src/cli',
    'src/app',
    'src/sound/host.ts',
    'src/sound/commands.ts',
    'src/sound/song.ts',
  ]);
  // Shared HTTP helpers (Host/Origin guard, bounded bodies, JSON replies, route types): a floor
  // below every surface, importing nothing of Footlight's; the surfaces never import the server.
  await assertNoImports('src/net', [
    'src/engine',
    'src/light',
    'src/show',
    'src/sound',
    'src/tools',
    'src/mcp',
    'src/http',
    'src/protocol3',
    'src/osc',
    'src/console',
    'src/cli',
    'src/app',
    'src/main.ts',
  ]);
  for (const surface of ['src/mcp', 'src/console', 'src/osc', 'src/protocol3']) await assertNoImports(surface, ['src/http']);
  // The sound tools' protocol-3 client (src/tools/sound/adapter): the kernel's plain parts and the protocol-3 client only.
  await assertOnlyImports('src/tools/sound/adapter', ['src/engine', 'src/protocol3/client', 'src/protocol3/wire.ts', 'src/tools/sound/adapter']);
  // Protocol 3 is split: the client imports nothing of the server (or of the host), so it drives any protocol-3 host.
  await assertOnlyImports('src/protocol3/client', ['src/protocol3/client', 'src/protocol3/wire.ts']);
  await assertOnlyImports('src/protocol3/wire.ts', []);
  await assertNoImports('src/protocol3/server', ['src/protocol3/client', 'src/tools', 'src/mcp', 'src/console', 'src/cli', 'src/light']);
});

test('the DSP runs anywhere: src/sound/audio/dsp imports only itself, no Node or package modules', async () => {
  for (const file of await files('src/sound/audio/dsp')) {
    const text = await readFile(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const spec = m[1];
      assert.ok(spec.startsWith('./'), `${file} imports ${spec}: the DSP must run in an AudioWorklet (relative imports inside dsp/ only)`);
    }
    assert.doesNotMatch(
      text,
      /\b(process\.|Buffer\.|require\(|Date\.now|new Date|Math\.random|setTimeout|setInterval|performance\.)/,
      `${file} uses a Node API, the wall clock or unseeded randomness`,
    );
  }
});
