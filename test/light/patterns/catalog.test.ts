// Every stock pattern's parameters against the catalog observed from LX 1.2.1 (reference §10.2):
// keys in LX's order, labels, kinds, ranges, defaults, units, exponents, polarity, wrapping.
// The tables are read from the shared reference so a drift on either side shows up here.
import { SoundObjectSelector } from '../../../src/light/audio/sound-object-selector.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BooleanParameter } from '../../../src/engine/parameters/boolean.js';
import { BoundedParameter } from '../../../src/engine/parameters/bounded.js';
import { ColorParameter, LinkedColorParameter } from '../../../src/engine/parameters/color.js';
import { DiscreteParameter } from '../../../src/engine/parameters/discrete.js';
import { EnumParameter } from '../../../src/engine/parameters/enum.js';
import type { Parameter } from '../../../src/engine/parameters/parameter.js';
import { StringParameter } from '../../../src/engine/parameters/string.js';
import { TriggerParameter } from '../../../src/engine/parameters/trigger.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import type { LXComponent } from '../../../src/light/component/lx-component.js';
import { Plane } from '../../../src/light/devices/patterns/form/planes-pattern.js';
import { PATTERNS } from '../../../src/light/devices/library/patterns.js';

/** §10.2 of the shared reference, committed in test/reference (FOOTLIGHT_REFERENCE: the full reference file instead). */
const REFERENCE = process.env.FOOTLIGHT_REFERENCE ?? fileURLToPath(new URL('../../reference/lx-pattern-catalog.md', import.meta.url));

/** Keys every pattern has from the LXPattern base; the catalog leaves them out. */
const BASE_KEYS = new Set([
  'label',
  'enabled',
  'recall',
  'launch',
  'compositeBlend',
  'compositeLevel',
  'hasCustomCycleTime',
  'customCycleTimeSecs',
  'autoMute',
  'cueActive',
  'auxActive',
  'view',
  'viewPriority',
]);

/** Index knobs LX sizes from the model at construction (the catalog shows 0–0 for an empty model). */
const MODEL_SIZED = new Set(['heronarts.lx.pattern.test.TestPattern:fixedIndex', 'heronarts.lx.pattern.test.TestPattern:tagIndex']);

interface Row {
  path: string;
  label: string;
  type: string;
  range: string;
  def: string;
  flags: string[];
}

/** The parameter tables of §10.2, by simple class name; Planes' layer table is under `Plane`. */
function readCatalog(): Map<string, Row[]> {
  const text = readFileSync(REFERENCE, 'utf8');
  const start = text.indexOf('### 10.2 Patterns');
  const end = text.indexOf('### 10.3', start);
  const lines = text.slice(start, end).split('\n');
  const out = new Map<string, Row[]>();
  let current: Row[] | undefined;
  for (const line of lines) {
    const h = /^#### (\w+) /.exec(line);
    if (h) {
      current = [];
      out.set(h[1], current);
      continue;
    }
    if (line.startsWith('Each of the 8 `Plane` layers')) {
      current = [];
      out.set('Plane', current);
      continue;
    }
    const m = /^\| `([^`]+)` \| ([^|]*) \| ([^|]*) \| ([^|]*) \| ([^|]*) \| ([^|]*) \|$/.exec(line);
    if (m && current)
      current.push({
        path: m[1],
        label: m[2].trim(),
        type: m[3].trim(),
        range: m[4].trim(),
        def: m[5].trim(),
        flags: m[6].trim().split(/\s+/).filter(Boolean),
      });
  }
  return out;
}

function kindOf(p: Parameter): string {
  if (p instanceof LinkedColorParameter) return 'LinkedColor';
  if (p instanceof ColorParameter) return 'Color';
  if (p instanceof TriggerParameter) return 'Trig';
  if (p instanceof BooleanParameter) return 'Bool';
  if (p instanceof SoundObjectSelector) return 'SoundObjSel';
  if (p instanceof EnumParameter) return p.objectChooser ? 'Obj' : 'Enum';
  if (p instanceof DiscreteParameter) return p.label === 'Index' || p.label === 'Palette Index' ? 'PaletteIndex' : 'Dsc';
  if (p instanceof BoundedParameter) return p.modulatable ? 'Cmp' : 'Bnd';
  if (p instanceof StringParameter) return 'Str';
  return 'unknown';
}

const UNIT_FLAGS: Record<string, string> = { '%n': 'percentNormalized', '%': 'percent', ms: 'milliseconds', s: 'seconds', deg: 'degrees', Hz: 'hertz' };

function checkRow(where: string, row: Row, p: Parameter): void {
  const at = `${where} ${row.path}`;
  assert.equal(p.label, row.label, `${at}: label`);
  const kind = kindOf(p);
  assert.equal(kind, row.type === 'PaletteIndex' ? 'PaletteIndex' : row.type, `${at}: kind`);
  const flags = new Set(row.flags);
  if (p instanceof EnumParameter) {
    const options = row.range.replace(/^\{|\}$/g, '').split(', ');
    assert.deepEqual(
      p.choices.map((c) => c.label),
      options,
      `${at}: options`,
    );
    assert.equal(p.choices[p.getBaseValue()]?.label, row.def, `${at}: default`);
  } else if (p instanceof DiscreteParameter) {
    if (row.type === 'PaletteIndex') {
      assert.deepEqual([p.min, p.max], [1, 5], `${at}: range`);
    } else if (!MODEL_SIZED.has(`${where}:${row.path}`)) {
      const [lo, hi] = row.range.split('–').map(Number);
      assert.deepEqual([p.min, p.max], [lo, hi], `${at}: range`);
    }
    assert.equal(p.getBaseValue(), Number(row.def), `${at}: default`);
  } else if (p instanceof BooleanParameter) {
    if (!(p instanceof TriggerParameter)) assert.equal(p.getBaseValue() > 0, row.def === 'true', `${at}: default`);
    assert.equal(p.mode === 'momentary', flags.has('mom'), `${at}: momentary`);
  } else if (p instanceof BoundedParameter) {
    const m = /^(-?[\d.]+)–(-?[\d.]+)$/.exec(row.range);
    assert.ok(m, `${at}: range ${row.range}`);
    assert.deepEqual([p.min, p.max], [Number(m[1]), Number(m[2])], `${at}: range`);
    assert.equal(p.getBaseValue(), Number(row.def), `${at}: default`);
    const exp = row.flags.find((x) => x.startsWith('exp='));
    assert.equal(p.exponent, exp === undefined ? 1 : Number(exp.slice(4)), `${at}: exponent`);
    const unit = row.flags.find((x) => x in UNIT_FLAGS);
    assert.equal(p.units, unit === undefined ? 'none' : UNIT_FLAGS[unit], `${at}: units`);
    assert.equal(p.polarity, flags.has('bi') ? 'bipolar' : 'unipolar', `${at}: polarity`);
    assert.equal(p.wrappable, flags.has('wrap'), `${at}: wrappable`);
  } else if (p instanceof StringParameter) {
    assert.equal(JSON.stringify(p.getString()), row.def, `${at}: default`);
  }
}

function checkComponent(where: string, rows: Row[], c: LXComponent): void {
  const ours = [...c.parameters.keys()].filter((k) => !BASE_KEYS.has(k));
  assert.deepEqual(
    ours,
    rows.map((r) => r.path),
    `${where}: parameter keys in LX's order`,
  );
  for (const row of rows) checkRow(where, row, c.parameters.get(row.path)!);
}

test("catalog: every available stock pattern has LX 1.2.1's parameters", { skip: !existsSync(REFERENCE) && 'reference not found' }, () => {
  const catalog = readCatalog();
  let checked = 0;
  for (const entry of PATTERNS) {
    // The rack's parameters are its pattern engine's (test/light/engine covers them).
    if (entry.create === undefined || entry.className === 'heronarts.lx.pattern.PatternRack') continue;
    const simple = entry.className.slice(entry.className.lastIndexOf('.') + 1);
    const rows = catalog.get(simple);
    assert.ok(rows && rows.length > 0, `${simple}: no catalog table`);
    checkComponent(entry.className, rows, entry.create());
    checked++;
  }
  checkComponent('Plane', catalog.get('Plane')!, new Plane(0));
  assert.equal(checked, 11);
});

test("catalog: the registry lists patterns in LX's order, with names and categories, every one available", () => {
  const lib = createLibrary();
  const list = lib.list('pattern');
  assert.deepEqual(
    list.map((e) => e.className.slice(e.className.lastIndexOf('.') + 1)),
    [
      'DmxPattern',
      'PatternRack',
      'SoundObjectPattern',
      'GradientPattern',
      'SolidPattern',
      'PlanesPattern',
      'ChasePattern',
      'NoisePattern',
      'SparklePattern',
      'TestPattern',
      'AlternatingPattern',
      'GraphicEqualizerPattern',
    ],
  );
  const byName = Object.fromEntries(list.map((e) => [e.name, e.category]));
  assert.deepEqual(byName, {
    DMX: 'Other',
    'Pattern Rack': 'Other',
    'Sound Object': 'Audio',
    Gradient: 'Color',
    Solid: 'Color',
    Planes: 'Form',
    Chase: 'Strip',
    Noise: 'Texture',
    Sparkle: 'Texture',
    Test: 'Test',
    Alternating: 'Color',
    'Graphic Equalizer': 'Form',
  });
  assert.deepEqual(
    list.filter((e) => e.create === undefined),
    [],
    'every stock pattern runs (DMX reads /lx/dmx)',
  );
  for (const e of list)
    if (e.create !== undefined) {
      const p = e.create();
      assert.equal(p.lxClass, e.className);
      // LX labels a new rack "Rack" and an equalizer by its class name, "GraphicEqualizer".
      assert.equal(p.label.getString(), ({ 'Pattern Rack': 'Rack', 'Graphic Equalizer': 'GraphicEqualizer' } as Record<string, string>)[e.name] ?? e.name);
    }
});
