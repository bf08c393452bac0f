import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { TOOLS } from '../../../src/tools/index.js';

test('docs/sound-tools.md lists every sound tool once, with an authorization class that matches its readOnlyHint', async () => {
  const doc = await readFile(new URL('../../../docs/sound-tools.md', import.meta.url), 'utf8');
  const rows = new Map([...doc.matchAll(/^\| `((?:sound|grid|song)_[a-z_]+)` \| ([^|]+) \|/gm)].map((m) => [m[1], m[2].trim()]));
  const sound = TOOLS.filter((t) => /^(sound|grid|song)_/.test(t.name));
  assert.deepEqual([...rows.keys()].sort(), sound.map((t) => t.name).sort());
  for (const tool of sound) {
    const cls = rows.get(tool.name)!;
    assert.ok(['read', 'workflow', 'selection', 'write', 'write + reviewed revision'].includes(cls), `${tool.name}: class ${cls}`);
    assert.equal(
      cls.startsWith('write') || cls === 'selection',
      !tool.annotations.readOnlyHint,
      `${tool.name}: class ${cls} but readOnlyHint ${tool.annotations.readOnlyHint}`,
    );
    // Every write takes a confirmation token except the selection tools, which run at once.
    if (!tool.annotations.readOnlyHint) assert.equal('confirmation_token' in tool.input.shape, cls !== 'selection', `${tool.name}: class ${cls}`);
    assert.equal(tool.mode, 'direct', `${tool.name}: protocol-3 I/O must not hold the engine queue`);
  }
});
