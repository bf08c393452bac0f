// The knowledge tools over real HTTP: get_component_doc, list_available_*, describe_model.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { digest } from '../../src/engine/guards.js';
import { BUILTIN_NOTES_DIR } from '../../src/light/docs/component-docs.js';
import { createLibrary } from '../../src/light/devices/library.js';
import { rewriteFrontmatter } from '../../src/light/docs/note-format.js';
import { GOLDEN_DIR } from '../helpers/golden-dir.js';
import { startShow, type TestShow } from '../helpers/show.js';

const GRADIENT = 'heronarts.lx.pattern.color.GradientPattern';
const KINDS = ['pattern', 'effect', 'modulator'] as const;

/** State and history of the show, to check that a call changed nothing. */
async function fingerprint(show: TestShow): Promise<string> {
  return show.app.engine.queue.submit(() =>
    digest({ light: show.app.light.lx.save(), history: show.app.engine.history.recent(1000).map((e) => [e.seq, e.command.label]) }),
  );
}

async function expectError(show: TestShow, tool: string, args: Record<string, unknown>, pattern: RegExp): Promise<string> {
  const before = await fingerprint(show);
  const text = await show.callError(tool, args);
  assert.match(text, pattern);
  assert.equal(await fingerprint(show), before, `${tool} ${JSON.stringify(args)} changed the show`);
  return text;
}

test('list_available_*: every class in registry order, with documented and availability flags', async (t) => {
  const show = await startShow(t);
  const library = createLibrary();
  for (const kind of KINDS) {
    const { [`${kind}s`]: list } = await show.call(`list_available_${kind}s`);
    assert.deepEqual(
      list.map((e: { class: string }) => e.class),
      library.list(kind).map((e) => e.className),
      `${kind}s in registry order`,
    );
    for (const e of list) {
      const entry = library.byClassName(e.class)!;
      assert.equal(e.kind, kind);
      assert.equal(e.name, entry.name);
      assert.equal(e.category, entry.category);
      assert.equal(e.documented, true, `${e.class} has a note`);
      assert.equal(e.available, entry.create !== undefined);
      assert.equal(e.unavailableReason, entry.create === undefined ? entry.unavailable : undefined);
      if (kind === 'modulator') {
        assert.equal(e.global, entry.global);
        assert.equal(e.device, entry.device);
      } else {
        assert.ok(!('global' in e) && !('device' in e), `${e.class}: placement is for modulators only`);
      }
    }
  }
});

test('get_component_doc: every class has a current note, and documented agrees with the lists', async (t) => {
  const show = await startShow(t);
  for (const kind of KINDS) {
    const { [`${kind}s`]: list } = await show.call(`list_available_${kind}s`);
    for (const e of list) {
      const doc = await show.call('get_component_doc', { class: e.class });
      assert.equal(doc.class, e.class);
      assert.equal(doc.kind, kind);
      assert.equal(doc.documented, e.documented, `${e.class}: documented flags agree`);
      for (const section of ['summary', 'parameterInteractions', 'usageTips']) assert.ok(doc[section].length > 40, `${e.class}: ${section}`);
      if (e.available) {
        assert.equal(
          doc.freshness.stale,
          false,
          `${e.class}: note is stale; review it against ${doc.freshness.implementation}, then npm run docs:components:pin`,
        );
        assert.equal(doc.freshness.sourceSha256, doc.freshness.currentSha256);
        assert.match(doc.freshness.implementation, /^src\/light\/.*\.ts$/);
        assert.equal(doc.freshness.origin, 'builtin');
      } else {
        // Nothing runs, so there is no implementation to compare with.
        assert.equal(doc.freshness.stale, 'unknown');
        assert.equal(doc.unavailableReason, e.unavailableReason);
        assert.ok(!('currentSha256' in doc.freshness) && !('implementation' in doc.freshness));
      }
    }
  }
});

test('get_component_doc: full, simple and display names, any case; ambiguous and unknown names', async (t) => {
  const show = await startShow(t);
  for (const name of [GRADIENT, 'GradientPattern', 'Gradient', 'gradient', 'GRADIENTPATTERN']) {
    assert.equal((await show.call('get_component_doc', { class: name })).class, GRADIENT, name);
  }
  const lfo = await show.call('get_component_doc', { class: 'LFO' });
  assert.equal(lfo.class, 'heronarts.lx.modulator.VariableLFO');
  assert.equal(lfo.global, true);
  assert.equal(lfo.device, true);
  // "Sound Object" names a pattern and a modulator (and an effect once effects land).
  const text = await expectError(show, 'get_component_doc', { class: 'Sound Object' }, /^invalid_argument: .*several classes/);
  assert.match(text, /heronarts\.lx\.pattern\.audio\.SoundObjectPattern/);
  assert.match(text, /heronarts\.lx\.audio\.SoundObject\b/);
  assert.equal((await show.call('get_component_doc', { class: 'Sound Object', kind: 'modulator' })).class, 'heronarts.lx.audio.SoundObject');
  // A pattern and an effect share "Sparkle"; a pattern and a modulator share "Noise".
  assert.match(await expectError(show, 'get_component_doc', { class: 'Sparkle' }, /^invalid_argument: /), /SparklePattern.*SparkleEffect/);
  assert.equal((await show.call('get_component_doc', { class: 'Sparkle', kind: 'effect' })).class, 'heronarts.lx.effect.SparkleEffect');
  assert.equal((await show.call('get_component_doc', { class: 'noise', kind: 'modulator' })).class, 'heronarts.lx.modulator.NoiseModulator');
  await expectError(show, 'get_component_doc', { class: 'NoSuchPattern' }, /^not_found: /);
  await expectError(show, 'get_component_doc', { class: 'Gradient', kind: 'effect' }, /^not_found: /);
  await expectError(show, 'get_component_doc', {}, /^invalid_argument: name the component/);
  await expectError(show, 'get_component_doc', { class: 'Gradient', path: '/lx/mixer/channel/1/pattern/1' }, /^invalid_argument: pass either class or path/);
});

test("get_component_doc: by a live instance's path or id", async (t) => {
  const show = await startShow(t);
  const byPath = await show.call('get_component_doc', { path: '/lx/mixer/channel/1/pattern/1' });
  assert.equal(byPath.class, GRADIENT);
  assert.equal(byPath.instance.path, '/lx/mixer/channel/1/pattern/1');
  const byId = await show.call('get_component_doc', { id: byPath.instance.id });
  assert.deepEqual(byId, byPath);
  // Its knobs, in order: the live instance's, and the class's (a fresh instance) when asked by name.
  const listed = (await show.call('list_parameters', { path: '/lx/mixer/channel/1/pattern/1' })).parameters.map((p: { key: string }) => p.key);
  assert.deepEqual(byPath.parameterKeys, listed);
  assert.ok(listed.includes('gradientRange'), listed.join(' '));
  assert.deepEqual((await show.call('get_component_doc', { class: 'Gradient' })).parameterKeys, listed);
  const lfoKeys = (await show.call('get_component_doc', { class: 'LFO' })).parameterKeys;
  assert.ok(lfoKeys.includes('periodFast') && lfoKeys.includes('wave'), lfoKeys.join(' '));
  await expectError(show, 'get_component_doc', { path: '/lx/mixer/channel/1' }, /^invalid_argument: .*not a pattern, effect or modulator/);
  await expectError(show, 'get_component_doc', { path: '/lx/mixer/channel/1/pattern/1', kind: 'modulator' }, /^invalid_argument: .*is a pattern/);
  await expectError(show, 'get_component_doc', { path: '/lx/mixer/channel/9/pattern/1' }, /^not_found: /);
  await expectError(show, 'get_component_doc', { id: 999999 }, /^not_found: /);
});

test('get_component_doc: a note pinned to other code is stale; one without a hash is "unknown"', async (t) => {
  const show = await startShow(t);
  const overlay = join(show.home, 'components');
  await mkdir(overlay, { recursive: true });
  const builtin = await readFile(join(BUILTIN_NOTES_DIR, `${GRADIENT}.md`), 'utf8');
  const fresh = await show.call('get_component_doc', { class: 'Gradient' });
  assert.ok(fresh.freshness.dependsOn.includes('src/light/color/gradient.ts'), 'the blend modes live in the gradient engine');

  await writeFile(join(overlay, `${GRADIENT}.md`), rewriteFrontmatter(builtin, { sourceSha256: '0'.repeat(64) }));
  const mismatched = await show.call('get_component_doc', { class: 'Gradient' });
  assert.equal(mismatched.freshness.stale, true);
  assert.equal(mismatched.freshness.sourceSha256, '0'.repeat(64));
  assert.equal(mismatched.freshness.currentSha256, fresh.freshness.currentSha256);
  assert.equal(mismatched.freshness.origin, 'overlay');
  assert.equal(mismatched.documented, true);

  await writeFile(join(overlay, `${GRADIENT}.md`), rewriteFrontmatter(builtin, { sourceSha256: undefined }));
  const unpinned = await show.call('get_component_doc', { class: 'Gradient' });
  assert.equal(unpinned.freshness.stale, 'unknown');
  assert.ok(!('sourceSha256' in unpinned.freshness));
  assert.equal(unpinned.summary, fresh.summary);

  await writeFile(join(overlay, `${GRADIENT}.md`), 'no frontmatter here');
  await expectError(show, 'get_component_doc', { class: 'Gradient' }, /^invalid_argument: your note .* cannot be read/);
});

/** A show opened from the golden "mixed" model project (gradient_fixed_rgb.lxp: grid, strips, arcs, points). */
function goldenShow(t: Parameters<typeof startShow>[0]): Promise<TestShow> {
  return startShow(t, { project: join(GOLDEN_DIR, 'gradient_fixed_rgb.lxp') });
}

test("describe_model: the golden mixed model gives LX's tags and point index ranges", async (t) => {
  const show = await goldenShow(t);
  const frames = JSON.parse(await readFile(join(GOLDEN_DIR, 'gradient_fixed_rgb.frames.json'), 'utf8')) as { points: number };
  const out = await show.call('describe_model', { depth: 1 });
  assert.equal(out.totalPoints, frames.points);
  assert.equal(out.fixtureCount, 11);
  assert.equal(out.truncated, false);
  assert.deepEqual(out.tagVocabulary, {
    model: 1,
    grid: 1,
    panel: 1,
    row: 16,
    column: 20,
    strip: 4,
    sa: 1,
    sb: 1,
    arc: 2,
    aa: 1,
    ab: 1,
    point: 6,
    lamp: 6,
    l1: 1,
    l2: 1,
    l3: 1,
    l4: 1,
    l5: 1,
    l6: 1,
  });
  const root = out.node;
  assert.equal(root.path, '/model');
  assert.deepEqual(root.pointIndexRange, { first: 0, last: frames.points - 1 });
  const ranges = root.children.map((c: { path: string; pointIndexRange: { first: number; last: number }; fixture: { label: string } }) => [
    c.path,
    c.fixture.label,
    c.pointIndexRange.first,
    c.pointIndexRange.last,
  ]);
  assert.deepEqual(ranges, [
    ['/model/grid[0]', 'Panel', 0, 319],
    ['/model/strip[0]', 'StripA', 320, 379],
    ['/model/strip[1]', 'StripB', 380, 424],
    ['/model/arc[0]', 'ArcA', 425, 472],
    ['/model/arc[1]', 'ArcB', 473, 496],
    ['/model/point[0]', 'Lamp1', 497, 497],
    ['/model/point[1]', 'Lamp2', 498, 498],
    ['/model/point[2]', 'Lamp3', 499, 499],
    ['/model/point[3]', 'Lamp4', 500, 500],
    ['/model/point[4]', 'Lamp5', 501, 501],
    ['/model/point[5]', 'Lamp6', 502, 502],
  ]);
  assert.equal(root.children[0].childCount, 36);
  assert.equal(root.children[0].childrenOmitted, true);
  assert.equal(root.children[0].fixture.path, '/lx/structure/fixture/1');
  assert.deepEqual(root.children[5].bounds, { xMin: -60, xMax: -60, yMin: 120, yMax: 120, zMin: 10, zMax: 10 });

  const row = await show.call('describe_model', { path: '/model/grid[0]/row[2]' });
  assert.equal(row.node.kind, 'submodel');
  assert.equal(row.node.size, 20);
  assert.deepEqual(row.node.pointIndexRange, { first: 40, last: 59 });
  assert.equal(row.node.contiguous, true);
  assert.ok(!('tagVocabulary' in row), 'the vocabulary comes with the root only');
  const column = await show.call('describe_model', { path: '/model/grid[0]/column[3]' });
  assert.equal(column.node.size, 16);
  assert.deepEqual(column.node.pointIndexRange, { first: 3, last: 303 });
  assert.equal(column.node.contiguous, false);
});

test('describe_model: depth, size limit and paging of wide nodes', async (t) => {
  const show = await goldenShow(t);
  const full = await show.call('describe_model', {});
  assert.equal(full.truncated, false);
  assert.equal(full.node.children[0].children.length, 36);
  const shallow = await show.call('describe_model', { depth: 0 });
  assert.equal(shallow.node.childrenOmitted, true);
  assert.ok(!('children' in shallow.node));
  // 11 fixtures fit; the grid's 36 submodels do not fit in what is left of 20.
  const limited = await show.call('describe_model', { limit: 20 });
  assert.equal(limited.truncated, true);
  assert.equal(limited.node.children.length, 11);
  assert.equal(limited.node.children[0].childrenOmitted, true);
  // A node with more children than the limit pages them.
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const p = await show.call('describe_model', { path: '/model/grid[0]', limit: 10, ...(cursor !== undefined ? { cursor } : {}) });
    assert.ok(p.node.children.length <= 10);
    seen.push(...p.node.children.map((c: { path: string }) => c.path));
    cursor = p.nextCursor;
  } while (cursor !== undefined);
  assert.equal(seen.length, 36);
  assert.equal(new Set(seen).size, 36);
  assert.deepEqual(seen.slice(14, 18), ['/model/grid[0]/row[14]', '/model/grid[0]/row[15]', '/model/grid[0]/column[0]', '/model/grid[0]/column[1]']);
  // The model changing between pages fails loudly.
  const first = await show.call('describe_model', { path: '/model/grid[0]', limit: 10 });
  await show.app.engine.queue.submit(() => show.app.light.structure.rebuild()); // any model rebuild
  await expectError(show, 'describe_model', { path: '/model/grid[0]', limit: 10, cursor: first.nextCursor }, /^stale: /);
});

test('describe_model: bad paths', async (t) => {
  const show = await startShow(t);
  await expectError(show, 'describe_model', { path: '/lx/structure/fixture/1' }, /^invalid_argument: model paths start at \/model/);
  await expectError(show, 'describe_model', { path: '/model/grid[7]' }, /^not_found: \/model has no child grid\[7\]/);
  await expectError(show, 'describe_model', { path: '/model/grid[0]/row[99]' }, /^not_found: \/model\/grid\[0\] has no child row\[99\]/);
  await expectError(show, 'describe_model', { path: '/model/grid[0]', cursor: 'bogus' }, /^invalid_argument: cursor/);
  await expectError(show, 'describe_model', { depth: 11 }, /^invalid_argument|^MCP error/);
});

test('list_available_fixtures: the stock classes; no JSON types without a media folder', async (t) => {
  const show = await startShow(t);
  const out = await show.call('list_available_fixtures');
  assert.deepEqual(
    out.classes.map((c: { name: string }) => c.name),
    ['Arc', 'Grid', 'Point', 'Spiral', 'Strip'],
  );
  const grid = out.classes[1];
  assert.equal(grid.class, 'heronarts.lx.structure.GridFixture');
  assert.deepEqual(grid.defaultTags, ['grid']);
  assert.ok(grid.parameters.some((p: { key: string; default: unknown }) => p.key === 'numRows' && p.default === 10));
  assert.ok(out.commonParameters.some((p: { key: string }) => p.key === 'tags'));
  assert.deepEqual(out.jsonTypes, []);
  assert.ok(!('fixturesFolder' in out));
});

test("list_available_fixtures: the .lxf types of the project's media folder", async (t) => {
  const media = await mkdtemp(join(tmpdir(), 'footlight-media-'));
  t.after(() => rm(media, { recursive: true, force: true }));
  await mkdir(join(media, 'Projects'), { recursive: true });
  await mkdir(join(media, 'Fixtures', 'bars'), { recursive: true });
  await writeFile(join(media, 'Projects', 'show.lxp'), await readFile(join(GOLDEN_DIR, 'gradient_fixed_rgb.lxp'), 'utf8'));
  await writeFile(
    join(media, 'Fixtures', 'bars', 'Bar.lxf'),
    JSON.stringify({ label: 'Bar', parameters: { n: { type: 'int', default: 4 } }, components: [{ type: 'strip', numPoints: '$n' }] }),
  );
  await writeFile(join(media, 'Fixtures', 'Bad.lxf'), '[');
  const show = await startShow(t, { project: join(media, 'Projects', 'show.lxp') });
  const out = await show.call('list_available_fixtures');
  assert.equal(out.fixturesFolder, join(media, 'Fixtures'));
  assert.deepEqual(out.jsonTypes, [{ type: 'bars/Bar', label: 'Bar', isVisible: true, parameters: [{ key: 'n', kind: 'int', label: 'n', default: 4 }] }]);
  assert.deepEqual(
    out.errors.map((e: { type: string }) => e.type),
    ['Bad'],
  );
});

test('get_component_doc: a live effect, a saved class Footlight cannot run, and a class it does not know', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-project-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const project = JSON.parse(await readFile(join(GOLDEN_DIR, 'gradient_fixed_rgb.lxp'), 'utf8'));
  const channel = project.engine.children.mixer.channels[0];
  channel.effects = [...(channel.effects ?? []), { id: 90001, class: 'heronarts.lx.effect.midi.GateEffect', parameters: { label: 'Gate' } }];
  channel.patterns.push({ id: 90002, class: 'com.example.CustomPattern', parameters: { label: 'Custom' } });
  await writeFile(join(dir, 'show.lxp'), JSON.stringify(project));
  const show = await startShow(t, { project: join(dir, 'show.lxp') });
  const added = await show.call('add_effect', { containerPath: '/lx/mixer/channel/1', class: 'Strobe' });
  const strobe = await show.call('get_component_doc', { path: added.effect.path });
  assert.equal(strobe.class, 'heronarts.lx.effect.StrobeEffect');
  assert.equal(strobe.instance.id, added.effect.id);
  assert.equal(strobe.freshness.stale, false);
  const gate = await show.call('get_component_doc', { path: `/lx/mixer/channel/1/effect/${channel.effects.length}` });
  assert.equal(gate.class, 'heronarts.lx.effect.midi.GateEffect');
  assert.equal(gate.available, false);
  assert.match(gate.unavailableReason, /MIDI/);
  assert.equal(gate.documented, true);
  await expectError(
    show,
    'get_component_doc',
    { path: '/lx/mixer/channel/1/pattern/2' },
    /^not_found: .*com\.example\.CustomPattern.*not in Footlight's library/,
  );
});
