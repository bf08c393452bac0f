// Every series in golden lfo_values.json, reproduced sample for sample with the LFO math.
// Protocol (from the file): construct, start(), then loop(deltaMs) once per frame; values[k] is
// getValue() after the (k+1)-th loop, frames 0..120.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readGolden } from '../noise/golden-lx.js';
import { PeriodicState, rangeValue, sinLfoShape, sawLfoShape, squareLfoShape, triangleLfoShape, variableLfoValue } from '../../../src/light/math/lfo-math.js';
import { VARIABLE_LFO_WAVES, waveshapeByName, type Waveshape } from '../../../src/light/math/waveshapes.js';

interface LfoValues {
  readonly deltaMs: number;
  readonly protocol: string;
  readonly modulators: Record<string, number[]>;
}

const golden = readGolden('lfo_values.json') as LfoValues;

/** Runs one range LFO for `frames` frames per the file's protocol. */
function series(periodMs: number, start: number, end: number, frames: number, shape: (basis: number) => number): number[] {
  const state = new PeriodicState();
  const out: number[] = [];
  for (let k = 0; k < frames; k++) {
    state.advance(golden.deltaMs, periodMs, true);
    out.push(rangeValue(start, end, shape(state.basis)));
  }
  return out;
}

function parseArgs(key: string): { name: string; args: string } {
  const m = /^(\w+)\((.*)\)$/.exec(key);
  assert.ok(m, `unrecognised series name ${key}`);
  return { name: m[1], args: m[2] };
}

function expected(key: string): number[] {
  const { name, args } = parseArgs(key);
  const n = golden.modulators[key].length;
  if (name === 'VariableLFO') {
    const kv: Record<string, string> = {};
    for (const part of args.split(',')) {
      const [k, v] = part.split('=');
      kv[k] = v;
    }
    const wave = waveshapeByName(kv.wave) as Waveshape;
    assert.ok(wave, `unknown wave ${kv.wave}`);
    const num = (k: string): number => (kv[k] === undefined ? 0 : Number(kv[k]));
    return series(num('periodFast'), 0, 1, n, (b) => variableLfoValue(wave, b, num('phase'), num('bias'), num('skew'), num('shape'), num('exp')));
  }
  const [start, end, period] = args.split(',').map(Number);
  const shape = { SinLFO: sinLfoShape, SawLFO: sawLfoShape, SquareLFO: squareLfoShape, TriangleLFO: triangleLfoShape }[name];
  assert.ok(shape, `unknown LFO class ${name}`);
  return series(period, start, end, n, shape);
}

test('lfo_values.json: protocol is the one these tests implement', () => {
  assert.match(golden.protocol, /start\(\)ed, then loop\(deltaMs\) is called once per frame/);
  assert.match(golden.protocol, /values\[0\] is already advanced by one deltaMs/);
  assert.equal(golden.deltaMs, 1000 / 60);
});

test('lfo_values.json: covers the four code LFOs and VariableLFO with every wave', () => {
  const keys = Object.keys(golden.modulators);
  for (const cls of ['SinLFO', 'SawLFO', 'SquareLFO', 'TriangleLFO'])
    assert.ok(
      keys.some((k) => k.startsWith(cls + '(')),
      cls,
    );
  for (const w of VARIABLE_LFO_WAVES)
    assert.ok(
      keys.some((k) => k.includes(`wave=${w.name}`)),
      w.name,
    );
  assert.equal(keys.length, 12);
});

for (const key of Object.keys(golden.modulators)) {
  test(`lfo_values.json: ${key} is bit-exact over ${golden.modulators[key].length} frames`, () => {
    const want = golden.modulators[key];
    const got = expected(key);
    const wrong: string[] = [];
    for (let k = 0; k < want.length; k++) {
      if (!Object.is(got[k], want[k])) wrong.push(`frame ${k}: got ${got[k]}, LX ${want[k]}`);
    }
    assert.deepEqual(wrong, []);
  });
}

test('lfo_values.json: the sine series need the correctly rounded sine (V8 Math.sin is 1 ulp off on some samples)', () => {
  // Documents why java-math.ts exists: with the platform sine some samples differ in the last bit.
  const want = golden.modulators['SinLFO(0,1,1000)'];
  const platform = series(1000, 0, 1, want.length, (b) => (1 + Math.sin(b * Math.PI * 2 - Math.PI / 2)) / 2);
  const ours = expected('SinLFO(0,1,1000)');
  let platformOff = 0;
  for (let k = 0; k < want.length; k++) {
    assert.equal(ours[k], want[k]);
    if (platform[k] !== want[k]) {
      platformOff++;
      assert.ok(Math.abs(platform[k] - want[k]) <= 2.3e-16, `frame ${k} differs by more than an ulp`);
    }
  }
  // V8's sine is fdlibm (Java's StrictMath); LX ran with HotSpot's intrinsic. Expect a few misses.
  assert.ok(platformOff <= 10, `platform sine missed ${platformOff} samples`);
});
