// The stock effect catalog of LX 1.2.1 (reference §10.3, observed by instantiating every class in
// LX and walking its parameters): class, name, category, and each parameter's key, label, type,
// range, default and flags, in registration order. Each implemented effect must match it.
import { SoundObjectSelector } from '../../../src/light/audio/sound-object-selector.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoundedParameter } from '../../../src/engine/parameters/bounded.js';
import { BooleanParameter } from '../../../src/engine/parameters/boolean.js';
import { ColorParameter, LinkedColorParameter } from '../../../src/engine/parameters/color.js';
import { DiscreteParameter } from '../../../src/engine/parameters/discrete.js';
import { EnumParameter } from '../../../src/engine/parameters/enum.js';
import type { Parameter } from '../../../src/engine/parameters/parameter.js';
import { TriggerParameter } from '../../../src/engine/parameters/trigger.js';
import { hsb } from '../../../src/light/color/lx-color.js';
import { Effect } from '../../../src/light/devices/effects/effect.js';
import { EFFECTS } from '../../../src/light/devices/library/effects.js';

type Row = [key: string, label: string, type: string, range: string, defaultValue: string, flags: string];
interface Entry {
  className: string;
  name: string;
  category: string;
  parameters: Row[];
}

const CATALOG: Record<string, Entry> = {
  SoundObjectEffect: {
    className: 'heronarts.lx.effect.audio.SoundObjectEffect',
    name: 'Sound Object',
    category: 'Audio',
    parameters: [
      ['baseSize', 'Size', 'Cmp', '0–1', '0.1', '%n'],
      ['signalToSize', 'Sig>Sz', 'Cmp', '-1–1', '0', '%n bi'],
      ['fadePercent', 'Contrast', 'Cmp', '0–1', '0.5', '%n'],
      ['baseBrightness', 'Level', 'Cmp', '0–1', '1', '%n'],
      ['modulationInput', 'Mod', 'Cmp', '0–1', '0', '%n'],
      ['modulationToSize', 'M>Sz', 'Cmp', '-1–1', '0', '%n bi'],
      ['modulationToBrt', 'M>Lev', 'Cmp', '-1–1', '0', '%n bi'],
      ['signalToBrt', 'Sig>Lev', 'Cmp', '0–1', '0', '%n'],
      ['selector', 'Object', 'SoundObjSel', '{None}', 'None', ''],
      ['positionMode', 'Position Mode', 'Enum', '{Abs, Radial, Box}', 'Abs', ''],
      ['shapeMode1', 'Shape Mode 1', 'Enum', '{Orb, Box, X, Y, Z}', 'Orb', ''],
      ['shapeMode2', 'Shape Mode 2', 'Enum', '{Orb, Box, X, Y, Z}', 'Box', ''],
      ['shapeLerp', 'Shaper Lerp', 'Cmp', '0–1', '0', '%n'],
      ['scopeAmount', 'ScpAmt', 'Cmp', '0–1', '0', '%n'],
      ['scopeTimeMs', 'ScpTim', 'Cmp', '100–30000', '2000', 'exp=2 ms'],
      ['maskDepth', 'Depth', 'Cmp', '0–1', '1', '%n'],
      ['maskMode', 'Mode', 'Enum', '{Mask, Spotlight, Highlight, Add, Lerp}', 'Mask', ''],
      ['cueMask', 'CUE', 'Bool', '', 'false', 'mom'],
    ],
  },
  BlurEffect: {
    className: 'heronarts.lx.effect.BlurEffect',
    name: 'Blur',
    category: 'Core',
    parameters: [
      ['level', 'Level', 'Cmp', '0–1', '0', '%n'],
      ['decay', 'Decay', 'Cmp', '0.01–60', '1', 'exp=3 s'],
      ['decayFactor', 'Factor', 'Cmp', '0.01–1', '0.5', '%n'],
      ['mode', 'Mode', 'Enum', '{Mix, Add, Screen, Multiply, Lightest}', 'Mix', ''],
    ],
  },
  FreezeEffect: {
    className: 'heronarts.lx.effect.FreezeEffect',
    name: 'Freeze',
    category: 'Core',
    parameters: [
      ['lock', 'Lock', 'Bool', '', 'false', ''],
      ['hold', 'Hold', 'Bool', '', 'false', 'mom'],
      ['resample', 'Resample', 'Trig', '', '', ''],
      ['mix', 'Mix', 'Cmp', '0–1', '1', '%n'],
      ['attackMs', 'Attack', 'Cmp', '0–1000', '0', 'ms-raw'],
      ['releaseMs', 'Release', 'Cmp', '0–10000', '50', 'exp=2 ms-raw'],
      ['mode', 'Mode', 'Enum', '{Replace, Multiply, Add, Spotlight, Highlight, Subtract, Difference}', 'Replace', ''],
    ],
  },
  ColorizeEffect: {
    className: 'heronarts.lx.effect.color.ColorizeEffect',
    name: 'Colorize',
    category: 'Color',
    parameters: [
      ['source', 'Source', 'Enum', '{Brightness, Luminosity, Red, Green, Blue, Min, Average, Alpha}', 'Brightness', ''],
      ['gradientHue', 'H-Offset', 'Cmp', '-360–360', '0', 'deg bi'],
      ['gradientSaturation', 'S-Offset', 'Cmp', '-100–100', '0', '% bi'],
      ['gradientBrightness', 'B-Offset', 'Cmp', '-100–100', '0', '% bi'],
      ['colorMode', 'Color Mode', 'Enum', '{Fixed, Relative, Linked, Palette}', 'Fixed', ''],
      ['blendMode', 'Blend Mode', 'Enum', '{RGB, HSV, HSV-Min, HSV-CW, HSV-CCW}', 'RGB', ''],
      ['color1', 'Color 1', 'Color', '', '0xff000000', ''],
      ['color1/brightness', 'Brightness', 'Cmp', '0–100', '0', '%'],
      ['color1/saturation', 'Saturation', 'Cmp', '0–100', '0', '%'],
      ['color1/hue', 'Hue', 'Cmp', '0–359', '0', 'wrap'],
      ['color2', 'Color 2', 'Color', '', '0xffffffff', ''],
      ['color2/brightness', 'Brightness', 'Cmp', '0–100', '100', '%'],
      ['color2/saturation', 'Saturation', 'Cmp', '0–100', '0', '%'],
      ['color2/hue', 'Hue', 'Cmp', '0–359', '0', 'wrap'],
      ['paletteIndex', 'Index', 'PaletteIndex', '{1, 2, 3, 4, 5}', '1', ''],
      ['paletteStops', 'Stops', 'Dsc', '2–5', '5', ''],
      ['paletteInvert', 'Invert', 'Bool', '', 'false', ''],
      ['paletteDepth', 'Depth', 'Cmp', '0–1', '1', '%n'],
      ['primaryHue', 'H-Linked', 'Cmp', '-360–360', '0', 'deg bi'],
      ['primarySaturation', 'S-Linked', 'Cmp', '-100–100', '0', '% bi'],
      ['primaryBrightness', 'B-Linked', 'Cmp', '-100–100', '0', '% bi'],
      ['amount', 'Amount', 'Cmp', '0–1', '1', '%n'],
      ['filterThreshold', 'Filter Threshold', 'Cmp', '0–1', '0', '%n'],
      ['filterMode', 'Filter Mode', 'Enum', '{Leave, Black, Clear}', 'Leave', ''],
    ],
  },
  ColorMaskEffect: {
    className: 'heronarts.lx.effect.color.ColorMaskEffect',
    name: 'Color Mask',
    category: 'Color',
    parameters: [
      ['depth', 'Depth', 'Cmp', '0–1', '1', '%n'],
      ['mode', 'Mode', 'Enum', '{Multiply, Add, Subtract, Difference, Spotlight, Highlight, Lerp}', 'Multiply', ''],
      ['color', 'Color', 'LinkedColor', '', '0xffffffff', ''],
      ['color/brightness', 'Brightness', 'Cmp', '0–100', '100', '%'],
      ['color/saturation', 'Saturation', 'Cmp', '0–100', '0', '%'],
      ['color/hue', 'Hue', 'Cmp', '0–359', '0', 'wrap'],
      ['color/mode', 'Mode', 'Enum', '{Static, Palette}', 'Static', ''],
      ['color/index', 'Palette Index', 'PaletteIndex', '{1, 2, 3, 4, 5}', '1', ''],
    ],
  },
  GradientMaskEffect: {
    className: 'heronarts.lx.effect.color.GradientMaskEffect',
    name: 'Gradient Mask',
    category: 'Color',
    parameters: [
      ['depth', 'Depth', 'Cmp', '0–1', '1', '%n'],
      ['mode', 'Mode', 'Enum', '{Multiply, Add, Subtract, Difference, Spotlight, Highlight, Lerp}', 'Multiply', ''],
      ['xAmount', 'X-Amt', 'Cmp', '-1–1', '0', '%n bi'],
      ['yAmount', 'Y-Amt', 'Cmp', '-1–1', '0', '%n bi'],
      ['zAmount', 'Z-Amt', 'Cmp', '-1–1', '0', '%n bi'],
      ['xOffset', 'X-Off', 'Cmp', '-1–1', '0', '%n bi'],
      ['yOffset', 'Y-Off', 'Cmp', '-1–1', '0', '%n bi'],
      ['zOffset', 'Z-Off', 'Cmp', '-1–1', '0', '%n bi'],
      ['colorMode', 'Color Mode', 'Enum', '{Fixed, Linked, Palette}', 'Linked', ''],
      ['blendMode', 'Blend Mode', 'Enum', '{RGB, HSV, HSV-Min, HSV-CW, HSV-CCW}', 'HSV', ''],
      ['gradient', 'Amount', 'Cmp', '-1–1', '0', '%n bi'],
      ['fixedColor', 'Fixed', 'Color', '', '0xffff0000', ''],
      ['fixedColor/brightness', 'Brightness', 'Cmp', '0–100', '100', '%'],
      ['fixedColor/saturation', 'Saturation', 'Cmp', '0–100', '100', '%'],
      ['fixedColor/hue', 'Hue', 'Cmp', '0–359', '0', 'wrap'],
      ['xMode', 'X Mode', 'Enum', '{Normal, Center, Radial}', 'Normal', ''],
      ['yMode', 'Y Mode', 'Enum', '{Normal, Center, Radial}', 'Normal', ''],
      ['zMode', 'Z Mode', 'Enum', '{Normal, Center, Radial}', 'Normal', ''],
      ['paletteIndex', 'Index', 'PaletteIndex', '{1, 2, 3, 4, 5}', '1', ''],
      ['paletteStops', 'Stops', 'Dsc', '2–5', '5', ''],
      ['gradientRange', 'Range', 'Cmp', '0–3600', '360', 'deg'],
      ['saturationRange', 'Saturation Range', 'Cmp', '0–100', '0', '%'],
      ['brightnessRange', 'Brightness Range', 'Cmp', '0–100', '0', '%'],
      ['gradientClamp', 'Clamp', 'Enum', '{Clamp, Wrap, Mirror}', 'Clamp', ''],
      ['gradientPhase', 'Phase', 'Cmp', '0–1', '0', '%n wrap'],
      ['gradientScale', 'Scale', 'Cmp', '0–10', '1', ''],
      ['gradientCompress', 'Compress', 'Cmp', '0–1', '1', '%n'],
      ['gradientInvert', 'Invert', 'Bool', '', 'false', ''],
      ['rotate', 'Rotate', 'Bool', '', 'false', ''],
      ['yaw', 'Yaw', 'Cmp', '0–360', '0', 'deg wrap'],
      ['pitch', 'Pitch', 'Cmp', '0–360', '0', 'deg wrap'],
      ['roll', 'Roll', 'Cmp', '0–360', '0', 'deg wrap'],
      ['cueMask', 'CUE', 'Bool', '', 'false', 'mom'],
    ],
  },
  TransparifyEffect: {
    className: 'heronarts.lx.effect.color.TransparifyEffect',
    name: 'Transparify',
    category: 'Color',
    parameters: [
      ['threshold', 'Threshold', 'Cmp', '0–1', '0', '%n'],
      ['feather', 'Feather', 'Cmp', '0–1', '1', '%n'],
      ['amount', 'Amount', 'Cmp', '0–1', '1', '%n'],
      ['source', 'Source', 'Enum', '{Brightness, Luminosity, Red, Green, Blue, Min, Average, Alpha}', 'Brightness', ''],
    ],
  },
  DynamicsEffect: {
    className: 'heronarts.lx.effect.DynamicsEffect',
    name: 'Dynamics',
    category: 'Color',
    parameters: [
      ['ceiling', 'Ceiling', 'Cmp', '0–1', '1', '%n'],
      ['contrast', 'Contrast', 'Cmp', '-1–1', '0', '%n bi'],
      ['gain', 'Gain', 'Cmp', '1–10', '1', 'exp=2'],
      ['floor', 'Floor', 'Cmp', '0–1', '0', '%n'],
      ['gate', 'Gate', 'Cmp', '0–1', '0', '%n'],
      ['shape', 'Shape', 'Cmp', '-1–1', '0', '%n bi'],
      ['red', 'Red', 'Cmp', '0–1', '1', '%n'],
      ['green', 'Green', 'Cmp', '0–1', '1', '%n'],
      ['blue', 'Blue', 'Cmp', '0–1', '1', '%n'],
    ],
  },
  InvertEffect: {
    className: 'heronarts.lx.effect.InvertEffect',
    name: 'Invert',
    category: 'Color',
    parameters: [
      ['amount', 'Amount', 'Cmp', '0–1', '1', '%n'],
      ['redAmount', 'Red', 'Cmp', '0–1', '1', '%n'],
      ['greenAmount', 'Green', 'Cmp', '0–1', '1', '%n'],
      ['blueAmount', 'Blue', 'Cmp', '0–1', '1', '%n'],
    ],
  },
  HueSaturationEffect: {
    className: 'heronarts.lx.effect.HueSaturationEffect',
    name: 'Hue + Saturation',
    category: 'Color',
    parameters: [
      ['hue', 'Hue', 'Cmp', '-360–360', '0', 'bi'],
      ['saturation', 'Saturation', 'Cmp', '-100–100', '0', '% bi'],
      ['brightness', 'Brightness', 'Cmp', '-100–100', '0', '% bi'],
    ],
  },
  LinearMaskEffect: {
    className: 'heronarts.lx.effect.LinearMaskEffect',
    name: 'Linear Mask',
    category: 'Core',
    parameters: [
      ['offset', 'Offset', 'Cmp', '0–1', '0', '%n'],
      ['size', 'Size', 'Cmp', '0–1', '0.5', '%n'],
      ['fade', 'Fade', 'Cmp', '0–1', '0.25', '%n'],
      ['invert', 'Invert', 'Bool', '', 'false', ''],
      ['axis', 'Axis', 'Enum', '{X-axis, Y-axis, Z-axis, Radial}', 'Y-axis', ''],
      ['mode', 'Mode', 'Enum', '{Abs, Pos, Neg}', 'Abs', ''],
      ['fadePosition', 'Fade Position', 'Enum', '{Outer, Inner, Middle}', 'Outer', ''],
      ['fadeSize', 'Fade Size', 'Enum', '{Abs, Rel}', 'Abs', ''],
      ['cue', 'CUE', 'Bool', '', 'false', 'mom'],
      ['mask', 'Mask', 'Enum', '{Fade, Whiteout}', 'Fade', ''],
      ['rotate', 'Rotate', 'Bool', '', 'false', ''],
      ['yaw', 'Yaw', 'Cmp', '0–360', '0', 'deg wrap'],
      ['pitch', 'Pitch', 'Cmp', '0–360', '0', 'deg wrap'],
      ['roll', 'Roll', 'Cmp', '0–360', '0', 'deg wrap'],
    ],
  },
  SparkleEffect: {
    className: 'heronarts.lx.effect.SparkleEffect',
    name: 'Sparkle',
    category: 'Texture',
    parameters: [
      ['amount', 'Amount', 'Cmp', '0–1', '1', '%n'],
      ['density', 'Density', 'Cmp', '0–400', '50', 'exp=2 %'],
      ['speed', 'Speed', 'Cmp', '0–1', '0.5', '%n bi'],
      ['variation', 'Variation', 'Cmp', '0–100', '25', '%'],
      ['duration', 'Duration', 'Cmp', '0–100', '100', '%'],
      ['sharp', 'Sharp', 'Cmp', '-1–1', '0', '%n bi'],
      ['waveshape', 'Wave', 'Obj', '{Triangle, Sine, Up, Down, Square}', 'Triangle', ''],
      ['minInterval', 'Fast', 'Cmp', '0.1–60', '1', 'exp=2 s'],
      ['maxInterval', 'Slow', 'Cmp', '0.1–60', '1', 'exp=2 s'],
      ['minLevel', 'Min', 'Cmp', '0–100', '75', '%'],
      ['maxLevel', 'Max', 'Cmp', '0–100', '100', '%'],
      ['maskMode', 'Mode', 'Enum', '{Mask, Add, Spotlight, Highlight, Subtract, Difference, Lerp}', 'Mask', ''],
    ],
  },
  StrobeEffect: {
    className: 'heronarts.lx.effect.StrobeEffect',
    name: 'Strobe',
    category: 'Core',
    parameters: [
      ['speed', 'Speed', 'Cmp', '0–1', '0.5', 'exp=2 %n'],
      ['depth', 'Depth', 'Cmp', '0–1', '0.5', '%n'],
      ['bias', 'Bias', 'Cmp', '-1–1', '0', '%n bi'],
      ['waveshape', 'Waveshape', 'Obj', '{Sine, Triangle, Square, Up, Down}', 'Sine', ''],
      ['tempoSync', 'Sync', 'Bool', '', 'false', ''],
      ['tempoDivision', 'Division', 'Enum', '{1/16, 1/8T, 1/8, 3/16, 1/4, 1/4T, 1/2T, 3/8, 1/2, 3/4, 1, 3/2, 2, 4, 8, 16}', '1/4', ''],
      ['tempoPhaseOffset', 'Phase Offset', 'Bnd', '0–1', '0', '%n'],
      ['minFrequency', 'Min Freq', 'Bnd', '0.1–1', '0.5', 'Hz'],
      ['maxFrequency', 'Max Freq', 'Bnd', '1–30', '5', 'Hz'],
    ],
  },
  GateEffect: {
    className: 'heronarts.lx.effect.midi.GateEffect',
    name: 'Gate',
    category: 'MIDI',
    parameters: [
      ['initial', 'Initial', 'Cmp', '0–1', '0', '%n'],
      ['peak', 'Peak', 'Cmp', '0–1', '1', '%n'],
      ['delay', 'Delay', 'Cmp', '0–5000', '0', 'exp=2 ms'],
      ['attack', 'Attack', 'Cmp', '0–5000', '100', 'exp=2 ms'],
      ['hold', 'Hold', 'Cmp', '0–5000', '0', 'exp=2 ms'],
      ['decay', 'Decay', 'Cmp', '0–5000', '1000', 'exp=2 ms'],
      ['sustain', 'Sustain', 'Cmp', '0–1', '1', '%n'],
      ['release', 'Release', 'Cmp', '0–5000', '1000', 'exp=2 ms'],
      ['shape', 'Shape', 'Cmp', '-1–1', '0', '%n bi'],
      ['envelopeMode', 'Mode', 'Enum', '{Gate, 1-Shot}', 'Gate', ''],
      ['triggerMode', 'Trigger Mode', 'Enum', '{Retrig, Legato, Reset}', 'Retrig', ''],
      ['manualTrigger', 'Trigger', 'Bool', '', 'false', 'mom'],
      ['targetTrigger', 'Trigger', 'Trig', '', '', ''],
      ['midiVelocityResponse', 'Velocity', 'Bnd', '-100–100', '25', '%'],
      ['midiNoteResponse', 'Note Response', 'Bnd', '-100–100', '0', '%'],
    ],
  },
};

const BASE_KEYS = ['label', 'view', 'viewPriority', 'enabled', 'locked'];
const UNITS: Record<string, string> = {
  '%n': 'percentNormalized',
  '%': 'percent',
  ms: 'milliseconds',
  'ms-raw': 'millisecondsRaw',
  s: 'seconds',
  deg: 'degrees',
  Hz: 'hertz',
  dB: 'decibels',
};

function parseRange(range: string): [number, number] | undefined {
  const m = /^(-?[\d.]+)–(-?[\d.]+)$/.exec(range);
  return m === null ? undefined : [Number(m[1]), Number(m[2])];
}

function options(range: string): string[] {
  return range.replace(/^\{|\}$/g, '').split(', ');
}

function check(p: Parameter, [key, label, type, range, def, flags]: Row, where: string): void {
  const at = `${where} ${key}`;
  const flagList = flags.split(' ').filter((f) => f.length > 0);
  assert.equal(p.label, label, `${at}: label`);
  const units = flagList.map((f) => UNITS[f]).find((u) => u !== undefined);
  switch (type) {
    case 'Cmp':
    case 'Bnd': {
      assert.ok(p instanceof BoundedParameter, `${at}: bounded`);
      assert.equal(p.modulatable, type === 'Cmp', `${at}: modulatable`);
      const [min, max] = parseRange(range)!;
      assert.deepEqual([p.min, p.max], [min, max], `${at}: range`);
      assert.equal(p.defaultValue, Number(def), `${at}: default`);
      const exp = flagList.find((f) => f.startsWith('exp='));
      assert.equal(p.exponent, exp === undefined ? 1 : Number(exp.slice(4)), `${at}: exponent`);
      assert.equal(p.units, units ?? 'none', `${at}: units`);
      assert.equal(p.polarity, flagList.includes('bi') ? 'bipolar' : 'unipolar', `${at}: polarity`);
      assert.equal(p.wrappable, flagList.includes('wrap'), `${at}: wrappable`);
      break;
    }
    case 'Dsc':
    case 'PaletteIndex': {
      assert.ok(p instanceof DiscreteParameter && !(p instanceof EnumParameter), `${at}: discrete`);
      const bounds = type === 'Dsc' ? parseRange(range)! : [1, 5];
      assert.deepEqual([p.min, p.max], bounds, `${at}: range`);
      assert.equal(p.defaultValue, Number(def), `${at}: default`);
      break;
    }
    case 'Enum':
    case 'Obj': {
      assert.ok(p instanceof EnumParameter, `${at}: enum`);
      assert.equal(p.objectChooser, type === 'Obj', `${at}: saved as index only`);
      assert.deepEqual(
        p.choices.map((c) => c.label),
        options(range),
        `${at}: options`,
      );
      assert.equal(p.choices[p.defaultValue].label, def, `${at}: default`);
      if (type === 'Enum') for (const c of p.choices) assert.match(c.name ?? '', /^[A-Z][A-Z0-9_]*$/, `${at}: constant name of ${c.label}`);
      break;
    }
    case 'SoundObjSel': {
      assert.ok(p instanceof SoundObjectSelector, `${at}: a Sound Object selector`);
      assert.equal(p.objectChooser, true, `${at}: saved as index only`);
      assert.deepEqual(
        p.choices.map((c) => c.label),
        options(range),
        `${at}: options (no Sound Object yet)`,
      );
      assert.equal(p.choices[p.defaultValue].label, def, `${at}: default`);
      break;
    }
    case 'Bool':
      assert.ok(p instanceof BooleanParameter && !(p instanceof TriggerParameter), `${at}: boolean`);
      assert.equal(p.defaultValue, def === 'true' ? 1 : 0, `${at}: default`);
      assert.equal(p.mode, flagList.includes('mom') ? 'momentary' : 'toggle', `${at}: mode`);
      break;
    case 'Trig':
      assert.ok(p instanceof TriggerParameter, `${at}: trigger`);
      break;
    case 'Color':
    case 'LinkedColor': {
      assert.ok(p instanceof ColorParameter, `${at}: color`);
      assert.equal(p instanceof LinkedColorParameter, type === 'LinkedColor', `${at}: linked`);
      const c = hsb(p.hue.defaultValue, p.saturation.defaultValue, p.brightness.defaultValue);
      assert.equal(c, Number(def), `${at}: default color`);
      break;
    }
    default:
      assert.fail(`${at}: unhandled type ${type}`);
  }
}

for (const [simpleName, entry] of Object.entries(CATALOG)) {
  const lib = EFFECTS.find((e) => e.className === entry.className);
  test(`catalog ${simpleName}: class, name, category${lib?.create ? ', parameters in LX order' : ' (listed as unavailable)'}`, () => {
    assert.ok(lib, `${entry.className} is in the library`);
    assert.equal(lib.kind, 'effect');
    assert.equal(lib.name, entry.name);
    assert.equal(lib.category, entry.category);
    if (lib.create === undefined) {
      assert.ok((lib.unavailable ?? '').length > 20, 'says why it is unavailable');
      return;
    }
    const effect = lib.create();
    assert.ok(effect instanceof Effect);
    assert.equal(effect.lxClass, entry.className);
    assert.equal(effect.label.getString(), entry.name, 'default label');
    const keys = [...effect.parameters.keys()];
    assert.deepEqual(keys.slice(0, BASE_KEYS.length), BASE_KEYS);
    assert.deepEqual(
      keys.slice(BASE_KEYS.length),
      entry.parameters.map((r) => r[0]),
      'keys in LX order',
    );
    for (const row of entry.parameters) check(effect.parameters.get(row[0])!, row, simpleName);
  });
}

test("catalog: the library lists LX's 14 stock effects in registry order", () => {
  assert.deepEqual(
    EFFECTS.map((e) => e.className),
    Object.values(CATALOG).map((e) => e.className),
  );
});
