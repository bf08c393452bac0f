import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { LXComponent } from '../component/lx-component.js';

/** Toggle source → toggle target (LX's `LXTriggerModulation.ToggleMode`, in enum order). */
export const TOGGLE_MODES = Object.freeze([
  { name: 'DIRECT', label: 'Direct' },
  { name: 'INVERT', label: 'Invert' },
  { name: 'ALWAYS_ON', label: 'Any Change → On' },
  { name: 'ALWAYS_OFF', label: 'Any Change → Off' },
  { name: 'ALWAYS_TOGGLE', label: 'Any Change → Toggle' },
  { name: 'ON_ON', label: 'On → On' },
  { name: 'ON_OFF', label: 'On → Off' },
  { name: 'ON_TOGGLE', label: 'On → Toggle' },
  { name: 'OFF_ON', label: 'Off → On' },
  { name: 'OFF_OFF', label: 'Off → Off' },
  { name: 'OFF_TOGGLE', label: 'Off → Toggle' },
] as const);

/** Momentary source → toggle target (`MomentaryToggleMode`). */
export const MOMENTARY_TOGGLE_MODES = Object.freeze([
  { name: 'TOGGLE', label: 'Trigger → Toggle' },
  { name: 'ON', label: 'Trigger → On' },
  { name: 'OFF', label: 'Trigger → Off' },
  { name: 'DIRECT', label: 'Trigger → Direct' },
  { name: 'INVERT', label: 'Trigger → Invert' },
] as const);

/** Toggle source → momentary target (`ToggleMomentaryMode`). */
export const TOGGLE_MOMENTARY_MODES = Object.freeze([
  { name: 'ON', label: 'On → Trigger' },
  { name: 'OFF', label: 'Off → Trigger' },
  { name: 'ALWAYS', label: 'Any Change → Trigger' },
  { name: 'DIRECT', label: 'Direct' },
  { name: 'INVERT', label: 'Invert' },
] as const);

/**
 * What a mode does: on which change of the source it acts (turning on, turning off, any) and
 * what it then does to the target (on, off, toggle, follow the source, or its opposite).
 */
type Rule = readonly ['on' | 'off' | 'any', 'on' | 'off' | 'toggle' | 'follow' | 'invert'];

const TOGGLE_RULES: Readonly<Record<(typeof TOGGLE_MODES)[number]['name'], Rule>> = {
  DIRECT: ['any', 'follow'],
  INVERT: ['any', 'invert'],
  ALWAYS_ON: ['any', 'on'],
  ALWAYS_OFF: ['any', 'off'],
  ALWAYS_TOGGLE: ['any', 'toggle'],
  ON_ON: ['on', 'on'],
  ON_OFF: ['on', 'off'],
  ON_TOGGLE: ['on', 'toggle'],
  OFF_ON: ['off', 'on'],
  OFF_OFF: ['off', 'off'],
  OFF_TOGGLE: ['off', 'toggle'],
};

const MOMENTARY_TOGGLE_RULES: Readonly<Record<(typeof MOMENTARY_TOGGLE_MODES)[number]['name'], Rule>> = {
  TOGGLE: ['on', 'toggle'],
  ON: ['on', 'on'],
  OFF: ['on', 'off'],
  DIRECT: ['any', 'follow'],
  INVERT: ['any', 'invert'],
};

/** A momentary target is fired by setting it on. */
const TOGGLE_MOMENTARY_RULES: Readonly<Record<(typeof TOGGLE_MOMENTARY_MODES)[number]['name'], Rule>> = {
  ON: ['on', 'on'],
  OFF: ['off', 'on'],
  ALWAYS: ['any', 'on'],
  DIRECT: ['any', 'follow'],
  INVERT: ['any', 'invert'],
};

/**
 * The boolean a trigger mapping from `p` listens to. LX listens to a quantized trigger's `out`
 * (the launch on the tempo boundary); a parameter that exposes such an output as `out` is
 * followed the same way, anything else directly.
 */
function triggerSourceOf(p: BooleanParameter): BooleanParameter {
  const out = (p as { out?: unknown }).out;
  return out instanceof BooleanParameter ? out : p;
}

function isMomentary(p: BooleanParameter): boolean {
  return p.mode === 'momentary';
}

/**
 * A boolean → boolean mapping (LX's LXTriggerModulation). It reacts to every change of its
 * source (immediately, not per frame) according to the source and target kinds:
 * - momentary → momentary: the target mirrors the source;
 * - momentary → toggle: `momentaryToggleMode` (Toggle, On, Off on each press; Direct: on while
 *   held; Invert: off while held);
 * - toggle → momentary: `toggleMomentaryMode` (fire on On, on Off, on any change; Direct/Invert
 *   drive the target with the source's state or its opposite);
 * - toggle → toggle: `toggleMode` (Direct, Invert, any change → on/off/toggle, on → ..., off → ...).
 * A trigger source is seen as LX sees it: on, then off at once.
 */
export class TriggerModulation extends LXComponent {
  readonly lxClass = 'heronarts.lx.modulation.LXTriggerModulation';
  readonly enabled = new BooleanParameter('Enabled', true, { description: 'Whether the mapping applies' });
  readonly toggleMode = new EnumParameter('Toggle Mode', TOGGLE_MODES, 0, { description: 'How a toggle source drives a toggle target' });
  readonly momentaryToggleMode = new EnumParameter('Momentary → Toggle Mode', MOMENTARY_TOGGLE_MODES, 0, {
    description: 'How a momentary source drives a toggle target',
  });
  readonly toggleMomentaryMode = new EnumParameter('Toggle → Momentary Mode', TOGGLE_MOMENTARY_MODES, 0, {
    description: 'How a toggle source drives a momentary target',
  });
  private unsubscribe: (() => void) | null = null;
  private readonly listenTo: BooleanParameter;

  constructor(
    readonly source: BooleanParameter,
    readonly target: BooleanParameter,
  ) {
    super('LX');
    this.addParameter('enabled', this.enabled);
    this.addParameter('toggleMode', this.toggleMode);
    this.addParameter('momentaryToggleMode', this.momentaryToggleMode);
    this.addParameter('toggleMomentaryMode', this.toggleMomentaryMode);
    this.listenTo = triggerSourceOf(source);
  }

  get sourceMomentary(): boolean {
    return isMomentary(this.source);
  }

  get targetMomentary(): boolean {
    return isMomentary(this.target);
  }

  /** The mode parameter that applies to this source/target pair, or null (momentary → momentary). */
  get modeParameter(): EnumParameter | null {
    if (this.sourceMomentary) return this.targetMomentary ? null : this.momentaryToggleMode;
    return this.targetMomentary ? this.toggleMomentaryMode : this.toggleMode;
  }

  /** "source > target", as LX names a mapping in its UI. */
  get title(): string {
    return `${this.source.label} > ${this.target.label}`;
  }

  /** `source` and `target` are written by the engine (saveWiring), never kept from a load. */
  protected override extraSaveKeys(): readonly string[] {
    return ['source', 'target'];
  }

  get isConnected(): boolean {
    return this.unsubscribe !== null;
  }

  connect(): void {
    if (this.unsubscribe !== null) return;
    this.unsubscribe = this.listenTo.onChange((p: Parameter) => {
      const on = (p as BooleanParameter).getValue() > 0;
      this.apply(on);
      // A trigger reports only its press; LX's listeners then also see it fall back to off.
      if (on && p.kind === 'trigger') this.apply(false);
    });
  }

  disconnect(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Applies one change of the source (now `on`) to the target. */
  apply(on: boolean): void {
    if (!this.enabled.isOn()) return;
    if (this.sourceMomentary && this.targetMomentary) {
      this.target.setOn(on);
      return;
    }
    const [edge, action] = this.rule();
    if ((edge === 'on' && !on) || (edge === 'off' && on)) return;
    switch (action) {
      case 'on':
        this.target.setOn(true);
        break;
      case 'off':
        this.target.setOn(false);
        break;
      case 'toggle':
        this.target.toggle();
        break;
      case 'follow':
        this.target.setOn(on);
        break;
      case 'invert':
        this.target.setOn(!on);
        break;
    }
  }

  /** The rule of the mode that applies to this source/target pair (not momentary → momentary). */
  private rule(): Rule {
    if (this.sourceMomentary) return MOMENTARY_TOGGLE_RULES[MOMENTARY_TOGGLE_MODES[this.momentaryToggleMode.getValue()].name];
    if (this.targetMomentary) return TOGGLE_MOMENTARY_RULES[TOGGLE_MOMENTARY_MODES[this.toggleMomentaryMode.getValue()].name];
    return TOGGLE_RULES[TOGGLE_MODES[this.toggleMode.getValue()].name];
  }
}
