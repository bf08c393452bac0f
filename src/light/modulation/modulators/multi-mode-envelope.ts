import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import { TriggerParameter } from '../../../engine/parameters/trigger.js';
import { AHDSREnvelope } from '../ahdsr-envelope.js';

const time = (label: string, value: number): BoundedParameter =>
  new BoundedParameter(label, value, { v1: 5000, exponent: 2, units: 'milliseconds', modulatable: true, description: `${label} time` });

/**
 * LX's MultiModeEnvelope ("AHDSR"): an AHDSR envelope (see AHDSREnvelope) with knobs for every
 * time and level and a Shape knob (exponent lerp(1, 3, s), or 1/lerp(1, 3, −s) below 0). The
 * Trigger button and trigger mappings into `targetTrigger` open the gate at full peak. The MIDI
 * response settings are kept for project files; Footlight receives no MIDI.
 */
export class MultiModeEnvelope extends AHDSREnvelope {
  readonly lxClass = 'heronarts.lx.modulator.MultiModeEnvelope';
  readonly initial = new BoundedParameter('Initial', 0, {
    modulatable: true,
    units: 'percentNormalized',
    description: 'Level before the attack and after the release',
  });
  readonly peak = new BoundedParameter('Peak', 1, { modulatable: true, units: 'percentNormalized', description: 'Level at the top of the attack' });
  readonly delay = time('Delay', 0);
  readonly attack = time('Attack', 100);
  readonly hold = time('Hold', 0);
  readonly decay = time('Decay', 1000);
  readonly sustain = new BoundedParameter('Sustain', 1, {
    modulatable: true,
    units: 'percentNormalized',
    description: 'Sustain level, between initial and peak',
  });
  readonly release = time('Release', 1000);
  readonly shape = new BoundedParameter('Shape', 0, {
    v0: -1,
    v1: 1,
    polarity: 'bipolar',
    modulatable: true,
    units: 'percentNormalized',
    description: 'Curvature of attack, decay and release',
  });
  readonly manualTrigger = new BooleanParameter('Trigger', false, { mode: 'momentary', description: 'Holds the gate open at full peak while pressed' });
  readonly targetTrigger = new TriggerParameter('Trigger', {
    description: 'Opens and closes the gate at full peak at once (for trigger mappings): turn Oneshot on, or the envelope releases before it rises',
  });
  readonly midiVelocityResponse = new BoundedParameter('Velocity', 25, {
    v0: -100,
    v1: 100,
    units: 'percent',
    description: 'How much MIDI velocity scales the peak',
  });
  readonly midiNoteResponse = new BoundedParameter('Note Response', 0, {
    v0: -100,
    v1: 100,
    units: 'percent',
    description: 'How much the MIDI note scales the peak',
  });
  readonly midiLegato = new BooleanParameter('Legato', false, { description: 'Overlapping MIDI notes do not retrigger' });

  constructor(label = 'AHDSR') {
    super(label, {
      delay: () => this.delay.getValue(),
      attack: () => this.attack.getValue(),
      hold: () => this.hold.getValue(),
      decay: () => this.decay.getValue(),
      sustain: () => this.sustain.getValue(),
      release: () => this.release.getValue(),
      initial: () => this.initial.getValue(),
      peak: () => this.peak.getValue(),
      shape: () => {
        const s = this.shape.getValue();
        return s > 0 ? 1 + 2 * s : 1 / (1 + 2 * -s);
      },
    });
    this.addParameter('initial', this.initial);
    this.addParameter('peak', this.peak);
    this.addParameter('delay', this.delay);
    this.addParameter('attack', this.attack);
    this.addParameter('hold', this.hold);
    this.addParameter('decay', this.decay);
    this.addParameter('sustain', this.sustain);
    this.addParameter('release', this.release);
    this.addParameter('shape', this.shape);
    this.addParameter('manualTrigger', this.manualTrigger);
    this.addParameter('targetTrigger', this.targetTrigger);
    this.addParameter('midiVelocityResponse', this.midiVelocityResponse);
    this.addParameter('midiNoteResponse', this.midiNoteResponse);
    this.addParameter('midiLegato', this.midiLegato);
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (p === this.manualTrigger) {
      this.peak.setValue(1);
      this.engage.setOn(this.manualTrigger.isOn());
    } else if (p === this.targetTrigger) {
      // LX sees a trigger go on and straight back off: the gate opens and closes at once.
      this.peak.setValue(1);
      this.engage.setOn(true);
      this.engage.setOn(false);
    }
  }
}
