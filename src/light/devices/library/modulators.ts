import type { LXComponent } from '../../component/lx-component.js';
import type { DeviceEntry } from '../../component/registry.js';
import { BooleanLogic } from '../../modulation/modulators/boolean-logic.js';
import { ComparatorModulator } from '../../modulation/modulators/comparator-modulator.js';
import { CycleModulator } from '../../modulation/modulators/cycle-modulator.js';
import { Damper } from '../../modulation/modulators/damper.js';
import { Interval } from '../../modulation/modulators/interval.js';
import { MacroKnobs } from '../../modulation/modulators/macro-knobs.js';
import { MacroSwitches } from '../../modulation/modulators/macro-switches.js';
import { MacroTriggers } from '../../modulation/modulators/macro-triggers.js';
import { MultiModeEnvelope } from '../../modulation/modulators/multi-mode-envelope.js';
import { MultiStageEnvelope } from '../../modulation/modulators/multi-stage-envelope.js';
import { MultiTrig } from '../../modulation/modulators/multi-trig.js';
import { NoiseModulator } from '../../modulation/modulators/noise-modulator.js';
import { OperatorModulator } from '../../modulation/modulators/operator-modulator.js';
import { Quantizer } from '../../modulation/modulators/quantizer.js';
import { Randomizer } from '../../modulation/modulators/randomizer.js';
import { Scaler } from '../../modulation/modulators/scaler.js';
import { Smoother } from '../../modulation/modulators/smoother.js';
import { Spring } from '../../modulation/modulators/spring.js';
import { StepSequencer } from '../../modulation/modulators/step-sequencer.js';
import { Stepper } from '../../modulation/modulators/stepper.js';
import { Timer } from '../../modulation/modulators/timer.js';
import { VariableLFO } from '../../modulation/modulators/variable-lfo.js';
import type { Modulator } from '../../modulation/modulator.js';
import { BandFilter, BandGate } from '../../audio/band-filter.js';
import { SoundObject } from '../../audio/sound-object.js';
import { DmxColorModulator } from '../../modulation/modulators/dmx-color-modulator.js';
import { DmxModulator } from '../../modulation/modulators/dmx-modulator.js';
import { lightSourceUrl } from './source-url.js';

const src = (file: string): string => lightSourceUrl(`modulation/modulators/${file}`);

/** The band filter and beat detector hear the show's song (src/light/audio). */
const audioSrc = lightSourceUrl('audio/band-filter.ts');
const MIDI = 'needs MIDI input, which Footlight does not receive';

const LX_MODULATOR = 'heronarts.lx.modulator.';

/** A modulator LX offers both in the global engine and inside devices and buses. */
function both(className: string, name: string, category: string, rest: Partial<DeviceEntry<LXComponent>>): DeviceEntry<LXComponent> {
  return { kind: 'modulator', className, name, category, global: true, device: true, ...rest };
}

/** A stock modulator Footlight runs: `file` is its implementation under modulation/modulators. */
function stock(simpleName: string, name: string, category: string, file: string, create: () => Modulator, globalOnly = false): DeviceEntry<LXComponent> {
  return { kind: 'modulator', className: LX_MODULATOR + simpleName, name, category, global: true, device: !globalOnly, create, sourceUrl: src(file) };
}

/**
 * Stock modulators in LX 1.2.1's registry order. `name` is the name LX shows when adding one;
 * the instance's default label can differ (VariableLFO "LFO", MultiStageEnvelope "Env",
 * Randomizer "Random"). Timer and Sound Object are global-only. Band Filter and Beat Detect hear the
 * show's song, the DMX classes the DMX input (`/lx/dmx`); MIDI Note is listed as unavailable with the reason.
 */
export const MODULATORS: readonly DeviceEntry<LXComponent>[] = [
  both('heronarts.lx.audio.BandFilter', 'Band Filter', 'Audio', { create: () => new BandFilter(), sourceUrl: audioSrc }),
  both('heronarts.lx.audio.BandGate', 'Beat Detect', 'Audio', { create: () => new BandGate(), sourceUrl: audioSrc }),
  {
    kind: 'modulator',
    className: 'heronarts.lx.audio.SoundObject',
    name: 'Sound Object',
    category: 'Audio',
    global: true,
    device: false,
    create: () => new SoundObject(),
    sourceUrl: lightSourceUrl('audio/sound-object.ts'),
  },
  both('heronarts.lx.dmx.DmxModulator', 'DMX Channel', 'DMX', { create: () => new DmxModulator(), sourceUrl: src('dmx-modulator.ts') }),
  both('heronarts.lx.dmx.DmxColorModulator', 'DMX Color', 'DMX', { create: () => new DmxColorModulator(), sourceUrl: src('dmx-color-modulator.ts') }),
  stock('BooleanLogic', 'Logic', 'Trigger', 'boolean-logic.ts', () => new BooleanLogic()),
  stock('ComparatorModulator', 'Comparator', 'Trigger', 'comparator-modulator.ts', () => new ComparatorModulator()),
  stock('CycleModulator', 'Cycle', 'Core', 'cycle-modulator.ts', () => new CycleModulator()),
  stock('Damper', 'Damper', 'Core', 'damper.ts', () => new Damper()),
  stock('Interval', 'Interval', 'Trigger', 'interval.ts', () => new Interval()),
  stock('MacroKnobs', 'Knobs', 'Macro', 'macro-knobs.ts', () => new MacroKnobs()),
  stock('MacroSwitches', 'Switches', 'Macro', 'macro-switches.ts', () => new MacroSwitches()),
  stock('MacroTriggers', 'Triggers', 'Macro', 'macro-triggers.ts', () => new MacroTriggers()),
  both(`${LX_MODULATOR}MidiNoteTrigger`, 'MIDI Note', 'Trigger', { unavailable: MIDI }),
  stock('MultiStageEnvelope', 'Envelope', 'Core', 'multi-stage-envelope.ts', () => new MultiStageEnvelope()),
  stock('MultiModeEnvelope', 'AHDSR', 'Core', 'multi-mode-envelope.ts', () => new MultiModeEnvelope()),
  stock('MultiTrig', 'Multi Trig', 'Trigger', 'multi-trig.ts', () => new MultiTrig()),
  stock('NoiseModulator', 'Noise', 'Core', 'noise-modulator.ts', () => new NoiseModulator()),
  stock('OperatorModulator', 'Operator', 'Core', 'operator-modulator.ts', () => new OperatorModulator()),
  stock('Quantizer', 'Quantizer', 'Trigger', 'quantizer.ts', () => new Quantizer()),
  stock('Randomizer', 'Randomizer', 'Core', 'randomizer.ts', () => new Randomizer()),
  stock('Scaler', 'Scaler', 'Core', 'scaler.ts', () => new Scaler()),
  stock('Smoother', 'Smoother', 'Core', 'smoother.ts', () => new Smoother()),
  stock('Spring', 'Spring', 'Core', 'spring.ts', () => new Spring()),
  stock('Stepper', 'Stepper', 'Core', 'stepper.ts', () => new Stepper()),
  stock('StepSequencer', 'Step Sequencer', 'Trigger', 'step-sequencer.ts', () => new StepSequencer()),
  stock('Timer', 'Timer', 'Trigger', 'timer.ts', () => new Timer(), true),
  stock('VariableLFO', 'LFO', 'Core', 'variable-lfo.ts', () => new VariableLFO()),
];
