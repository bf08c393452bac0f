import type { DeviceEntry } from '../registry.js';
import { MacroKnobs } from '../modulation/modulators/macro-knobs.js';
import { MacroSwitches } from '../modulation/modulators/macro-switches.js';
import { MacroTriggers } from '../modulation/modulators/macro-triggers.js';
import { VariableLFO } from '../modulation/modulators/variable-lfo.js';

const src = (file: string): string => new URL(`../modulation/modulators/${file}`, import.meta.url).href;

const AUDIO = 'needs live audio input, which Footlight does not capture';
const DMX = 'needs DMX input, which Footlight does not receive';
const MIDI = 'needs MIDI input, which Footlight does not receive';

/** A modulator LX offers both in the global engine and inside devices. */
function both(className: string, name: string, category: string, rest: Partial<DeviceEntry>): DeviceEntry {
  return { kind: 'modulator', className, name, category, global: true, device: true, ...rest };
}

/**
 * Stock modulators in LX 1.2.1's registry order. `name` is the name LX shows when adding one;
 * the instance's default label can be shorter (VariableLFO "LFO", MultiStageEnvelope "Env").
 * Classes that need audio, DMX or MIDI input are listed as unavailable with the reason.
 */
export const MODULATORS: readonly DeviceEntry[] = [
  both('heronarts.lx.audio.BandFilter', 'Band Filter', 'Audio', { unavailable: AUDIO }),
  both('heronarts.lx.audio.BandGate', 'Beat Detect', 'Audio', { unavailable: AUDIO }),
  { kind: 'modulator', className: 'heronarts.lx.audio.SoundObject', name: 'Sound Object', category: 'Audio', global: true, device: false, unavailable: AUDIO },
  both('heronarts.lx.dmx.DmxModulator', 'DMX Channel', 'DMX', { unavailable: DMX }),
  both('heronarts.lx.dmx.DmxColorModulator', 'DMX Color', 'DMX', { unavailable: DMX }),
  both('heronarts.lx.modulator.MacroKnobs', 'Knobs', 'Macro', { create: () => new MacroKnobs(), sourceUrl: src('macro-knobs.ts') }),
  both('heronarts.lx.modulator.MacroSwitches', 'Switches', 'Macro', { create: () => new MacroSwitches(), sourceUrl: src('macro-switches.ts') }),
  both('heronarts.lx.modulator.MacroTriggers', 'Triggers', 'Macro', { create: () => new MacroTriggers(), sourceUrl: src('macro-triggers.ts') }),
  both('heronarts.lx.modulator.MidiNoteTrigger', 'MIDI Note', 'Trigger', { unavailable: MIDI }),
  both('heronarts.lx.modulator.VariableLFO', 'LFO', 'Core', { create: () => new VariableLFO(), sourceUrl: src('variable-lfo.ts') }),
];
