// A stand-in for LX's VariableLFO, for pattern tests only, until the modulation engine's own
// class lands: free-running (clock mode Fast), wave + period, phase/skew/shape/bias/exp at 0.
// It is registered only when the library has no VariableLFO of its own.
import { BoundedParameter } from '../../../src/engine/parameters/bounded.js';
import { EnumParameter } from '../../../src/engine/parameters/enum.js';
import { createLibrary } from '../../../src/light/library.js';
import { PeriodicState, variableLfoValue } from '../../../src/light/modulation/lfo-math.js';
import { Modulator } from '../../../src/light/modulation/modulator.js';
import { VARIABLE_LFO_WAVES } from '../../../src/light/modulation/waveshapes.js';
import type { DeviceRegistry } from '../../../src/light/registry.js';

const CLASS = 'heronarts.lx.modulator.VariableLFO';

class StubVariableLfo extends Modulator {
  readonly lxClass = CLASS;
  readonly periodFast = new BoundedParameter('Period', 1000, { v0: 100, v1: 60000, exponent: 4, units: 'milliseconds' });
  readonly wave = new EnumParameter('Wave', VARIABLE_LFO_WAVES.map((w) => ({ label: w.name })), 0, { objectChooser: true });
  private readonly state = new PeriodicState();

  constructor() {
    super('LFO');
    this.addParameter('periodFast', this.periodFast);
    this.addParameter('wave', this.wave);
  }

  protected computeValue(deltaMs: number): number {
    this.state.advance(deltaMs, this.periodFast.getValue(), true);
    return variableLfoValue(VARIABLE_LFO_WAVES[this.wave.getValue()], this.state.basis, 0, 0, 0, 0, 0);
  }
}

/** The stock library, plus the stand-in VariableLFO when the library lacks one. */
export function libraryWithLfo(): DeviceRegistry {
  const r = createLibrary();
  if (r.byClassName(CLASS)?.create === undefined && r.byClassName(CLASS) === undefined) {
    r.register({ kind: 'modulator', className: CLASS, name: 'VariableLFO', category: 'Core', create: () => new StubVariableLfo(), global: true, device: true });
  }
  return r;
}
