// Global snapshots (LX's LXSnapshotEngine) at `/lx/snapshots`.
//
// A snapshot is a list of "views" (LX's term), each a saved value with a scope:
//   MIXER      crossfader; per channel its on switch and fader (CHANNEL_FADER) and crossfade group
//   PATTERNS   per channel its composite mode; in a playlist the active pattern (ACTIVE_PATTERN)
//              and that pattern's parameters, in blend mode every enabled pattern's parameters
//              (only `enabled` for the others)
//   EFFECTS    every bus effect's parameters (only `enabled` when it is off)
//   MASTER     master fader
//   MODULATION every global modulator's parameters
//   STAGE      every stage fixture's attributes (Footlight's own scope, always recalled)
// Views are kept as the JSON LX writes (`scope`, `type`, `enabled`, and per type
// `parameterPath` + `value` + `normalizedValue`, or `channelPath` + `channelEnabled` +
// `channelFader`, or `channelPath` + `activePatternIndex` + `patternId`), so a saved project
// round-trips exactly; paths are resolved when the snapshot is recalled.
//
// Recall sets every enabled view whose scope's recall switch is on. With a transition,
// numeric parameters (discrete and enum ones too) move in normalized space, strings
// change at the start, channels in FADE mode fade in from 0 when switched on and fade out
// before switching off, and every value is set exactly at the end. `recall` returns what it
// overwrote so a command can put it back (LX cannot undo a recall; Footlight can).
import type { Component } from '../../../engine/component.js';
import { resolvePath } from '../../../engine/paths.js';
import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { ColorParameter } from '../../../engine/parameters/color.js';
import { DiscreteParameter } from '../../../engine/parameters/discrete.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { NumericParameter } from '../../../engine/parameters/numeric.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import { StringParameter } from '../../../engine/parameters/string.js';
import { TriggerParameter } from '../../../engine/parameters/trigger.js';
import { SeededRandom } from '../../../engine/random.js';
import { LXComponent } from '../../component/lx-component.js';
import { Effect } from '../../devices/effects/effect.js';
import { AbstractChannel } from '../../mixer/bus.js';
import { Channel } from '../../mixer/channel.js';
import type { Mixer } from '../../mixer/mixer.js';
import { Modulator } from '../../modulation/modulator.js';
import { Pattern } from '../../devices/patterns/pattern.js';
import { isLxObject, lxArray, type LoadContext, type LxObject } from '../../component/lxp-types.js';
import type { StageRig } from '../stage-rig.js';

type SnapshotScope = 'MIXER' | 'PATTERNS' | 'EFFECTS' | 'MASTER' | 'MODULATION' | 'OUTPUT' | 'GLOBAL' | 'STAGE';

/** One saved value of a snapshot, as LX writes it. */
export type SnapshotView = LxObject & { scope?: string; type?: string; enabled?: boolean };

const PATTERN_NOT_SNAPSHOT = new Set(['recall', 'launch', 'hasCustomCycleTime', 'customCycleTimeSecs', 'autoMute', 'cueActive', 'auxActive']);

/** Whether a snapshot captures `p` (LX's isSnapshotControl rules). */
export function isSnapshotControl(owner: Component, p: Parameter): boolean {
  if (p.internal || p instanceof TriggerParameter || p instanceof ColorParameter) return false;
  if (p.key === 'label' || p.key === 'viewPriority') return false;
  if (p instanceof StringParameter && /^label\d+$/.test(p.key)) return false;
  if (owner instanceof Pattern && PATTERN_NOT_SNAPSHOT.has(p.key)) return false;
  const custom = (owner as { isSnapshotControl?: (p: Parameter) => boolean }).isSnapshotControl;
  return custom === undefined ? true : custom.call(owner, p);
}

function parameterView(scope: SnapshotScope, p: Parameter): SnapshotView {
  const view: SnapshotView = { scope, type: 'PARAMETER', enabled: true, parameterPath: p.path };
  if (p instanceof StringParameter) view.value = p.getString();
  else if (p instanceof NumericParameter) {
    const base = p.getBaseValue();
    view.value = p instanceof DiscreteParameter || p instanceof BooleanParameter ? Math.trunc(base) : base;
    view.normalizedValue = p.getBaseNormalized();
  }
  return view;
}

function componentParameterViews(scope: SnapshotScope, c: Component, out: SnapshotView[]): void {
  for (const p of c.parameters.values()) if (isSnapshotControl(c, p)) out.push(parameterView(scope, p));
}

/** One value a recall changed, and what it was before (for undo). */
export interface Overwritten {
  readonly kind: 'parameter' | 'pattern';
  readonly path: string;
  readonly before: number | string;
}

interface Tween {
  readonly param: NumericParameter | StringParameter;
  readonly from: number;
  readonly to: number;
  readonly normalized: boolean;
  readonly target: number | string;
}

interface FaderTween {
  readonly channel: AbstractChannel;
  readonly fromFader: number;
  readonly toFader: number;
  readonly fromEnabled: boolean;
  readonly toEnabled: boolean;
}

/** A saved snapshot (LX's LXGlobalSnapshot), `/lx/snapshots/snapshot/N`. */
export class Snapshot extends LXComponent {
  readonly lxClass = 'heronarts.lx.snapshot.LXGlobalSnapshot';
  readonly recall = new TriggerParameter('Recall', { description: "Restores the values this snapshot holds (with the engine's transition, if on)" });
  readonly autoCycleEligible = new BooleanParameter('Cycle', true, { description: 'Whether snapshot auto-cycle may pick this snapshot' });
  readonly hasCustomCycleTime = new BooleanParameter('Custom Cycle', false, { description: 'Stay on this snapshot for its own cycle time' });
  readonly cycleTimeSecs = new BoundedParameter('Cycle Time', 60, {
    v0: 0.1,
    v1: 86400,
    units: 'seconds',
    description: 'Auto-cycle time for this snapshot, when custom',
  });
  readonly hasCustomTransitionTime = new BooleanParameter('Custom Transition', false, { description: "Recall with this snapshot's own transition time" });
  readonly transitionTimeSecs = new BoundedParameter('Transition Time', 1, {
    v0: 0.1,
    v1: 180,
    units: 'seconds',
    description: 'Transition time for this snapshot, when custom',
  });
  views: SnapshotView[] = [];
  onRecall: ((s: Snapshot) => void) | undefined;

  constructor(label = 'Snapshot') {
    super(label);
    this.addParameter('recall', this.recall);
    this.addParameter('autoCycleEligible', this.autoCycleEligible);
    this.addParameter('hasCustomCycleTime', this.hasCustomCycleTime);
    this.addParameter('cycleTimeSecs', this.cycleTimeSecs);
    this.addParameter('hasCustomTransitionTime', this.hasCustomTransitionTime);
    this.addParameter('transitionTimeSecs', this.transitionTimeSecs);
    this.recall.onChange(() => {
      if (this.recall.getBaseValue() > 0) this.onRecall?.(this);
    });
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['views'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.views = this.views.map((v) => ({ ...v }));
  }

  protected override loadExtra(obj: LxObject, _ctx: LoadContext): void {
    if (Array.isArray(obj.views)) this.views = lxArray(obj.views).map((v) => ({ ...v }));
  }
}

/** The snapshot engine: saved snapshots, recall with transitions, auto-cycle. */
export class SnapshotEngine extends LXComponent {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'inTransition', 'tweens', 'faders', 'transitionBasis', 'autoCycleProgress', 'random'];
  }

  readonly lxClass = 'heronarts.lx.snapshot.LXSnapshotEngine';
  readonly recallMixer = new BooleanParameter('Mixer', true, { description: 'Recall restores the mixer (crossfader, channel faders and groups)' });
  readonly recallModulation = new BooleanParameter('Modulation', true, { description: 'Recall restores global modulators' });
  readonly recallPattern = new BooleanParameter('Patterns', true, { description: 'Recall restores patterns' });
  readonly recallEffect = new BooleanParameter('Effects', true, { description: 'Recall restores effects' });
  readonly recallMaster = new BooleanParameter('Master', true, { description: 'Recall restores the master fader' });
  readonly recallOutput = new BooleanParameter('Output', false, { description: 'Recall restores output settings' });
  readonly channelMode = new EnumParameter(
    'Channel Mode',
    [
      { label: 'Toggle', name: 'TOGGLE' },
      { label: 'Fade', name: 'FADE' },
    ],
    1,
    { description: 'In a transition, channels switch at once (Toggle) or fade in and out (Fade)' },
  );
  readonly missingChannelMode = new EnumParameter(
    'Missing Channels',
    [
      { label: 'Ignore', name: 'IGNORE' },
      { label: 'Disable', name: 'DISABLE' },
    ],
    0,
    { description: 'Channels the snapshot does not know: leave them, or switch them off' },
  );
  readonly transitionEnabled = new BooleanParameter('Transitions', false, { description: 'Recall blends into the snapshot over the transition time' });
  readonly transitionTimeSecs = new BoundedParameter('Transition Time', 5, {
    v0: 0.1,
    v1: 180,
    units: 'seconds',
    description: 'Length of a snapshot transition',
  });
  readonly autoCycleEnabled = new BooleanParameter('Auto-Cycle', false, { description: 'Recall the snapshots in turn automatically' });
  readonly autoCycleMode = new EnumParameter(
    'Auto-Cycle Mode',
    [
      { label: 'Next', name: 'NEXT' },
      { label: 'Random', name: 'RANDOM' },
    ],
    0,
    { description: 'Next eligible snapshot or a random one' },
  );
  readonly autoCycleTimeSecs = new BoundedParameter('Cycle Time', 60, {
    v0: 0.1,
    v1: 14400,
    units: 'seconds',
    description: 'Seconds between automatic recalls',
  });
  readonly autoCycleCursor = new DiscreteParameter('Auto-Cycle', -1, -1, -1, { description: 'The snapshot last recalled (-1: none)' });
  readonly triggerSnapshotCycle = new TriggerParameter('Trigger Cycle', { description: 'Recalls the next snapshot now (also mid-transition)' });
  readonly snapshots = this.addArray<Snapshot>('snapshot');
  private inTransition: Snapshot | null = null;
  private tweens: Tween[] = [];
  private faders: FaderTween[] = [];
  /** The transition's progress 0–1 (LX's LinearEnvelope basis: deltaMs / period summed frame by frame). */
  private transitionBasis = 0;
  private autoCycleProgress = 0;
  private readonly random = new SeededRandom(0x5a45);

  constructor() {
    super('Snapshots');
    this.addParameter('recallMixer', this.recallMixer);
    this.addParameter('recallModulation', this.recallModulation);
    this.addParameter('recallPattern', this.recallPattern);
    this.addParameter('recallEffect', this.recallEffect);
    this.addParameter('recallMaster', this.recallMaster);
    this.addParameter('recallOutput', this.recallOutput);
    this.addParameter('channelMode', this.channelMode);
    this.addParameter('missingChannelMode', this.missingChannelMode);
    this.addParameter('transitionEnabled', this.transitionEnabled);
    this.addParameter('transitionTimeSecs', this.transitionTimeSecs);
    this.addParameter('autoCycleEnabled', this.autoCycleEnabled);
    this.addParameter('autoCycleMode', this.autoCycleMode);
    this.addParameter('autoCycleTimeSecs', this.autoCycleTimeSecs);
    this.addParameter('autoCycleCursor', this.autoCycleCursor);
    this.addParameter('triggerSnapshotCycle', this.triggerSnapshotCycle);
    this.triggerSnapshotCycle.onChange(() => {
      // LX cycles even mid-transition (unlike the palette's trigger, which finishes a transition).
      if (this.triggerSnapshotCycle.getBaseValue() === 0) return;
      this.doCycle();
    });
    this.autoCycleEnabled.onChange(() => {
      this.autoCycleProgress = 0;
    });
  }

  private get root(): Component {
    let r: Component = this;
    while (r.parent !== null) r = r.parent;
    return r;
  }

  private get mixer(): Mixer | undefined {
    return (this.parent as { mixer?: Mixer } | null)?.mixer;
  }

  private get globalModulators(): readonly Component[] {
    const modulation = (this.parent as { modulation?: { modulators: { items: readonly Component[] } } } | null)?.modulation;
    return modulation?.modulators.items ?? [];
  }

  get transitioning(): boolean {
    return this.inTransition !== null;
  }

  // ---- capture ------------------------------------------------------------------------------

  /** The views a snapshot taken now would hold (LX's initialize). */
  capture(): SnapshotView[] {
    const views: SnapshotView[] = [];
    const mixer = this.mixer;
    if (mixer !== undefined) {
      views.push(parameterView('MIXER', mixer.crossfader));
      for (const c of mixer.channels.items) {
        views.push({
          scope: 'MIXER',
          type: 'CHANNEL_FADER',
          enabled: true,
          channelPath: c.path,
          channelEnabled: c.enabled.isOn(),
          channelFader: c.fader.getBaseValue(),
        });
        views.push(parameterView('MIXER', c.crossfadeGroup));
      }
      for (const c of mixer.channels.items) {
        if (c instanceof Channel) {
          const engine = c.patternEngine;
          views.push(parameterView('PATTERNS', engine.compositeMode));
          if (engine.isPlaylist) {
            const active = engine.activePattern;
            if (active !== undefined) {
              views.push({
                scope: 'PATTERNS',
                type: 'ACTIVE_PATTERN',
                enabled: true,
                channelPath: c.path,
                activePatternIndex: engine.activeIndex,
                patternId: active.id,
              });
              if (active instanceof Pattern) this.capturePattern(active, views);
            }
          } else {
            for (const p of c.patterns.items) {
              if (!(p instanceof Pattern)) continue;
              if (p.enabled.isOn()) this.capturePattern(p, views);
              else views.push(parameterView('PATTERNS', p.enabled));
            }
          }
        }
        for (const e of c.effects.items) if (e instanceof Effect) this.captureEffect(e, views);
      }
      views.push(parameterView('MASTER', mixer.master.fader));
      for (const e of mixer.master.effects.items) if (e instanceof Effect) this.captureEffect(e, views);
    }
    for (const m of this.globalModulators) if (m instanceof Modulator) componentParameterViews('MODULATION', m, views);
    // Footlight's own scope: every stage fixture's attributes (LX drops these views; docs/fixtures.md).
    const stage = (this.parent as { stage?: StageRig } | null)?.stage;
    for (const f of stage?.fixtures.items ?? []) for (const p of f.values) views.push(parameterView('STAGE', p));
    return views;
  }

  private capturePattern(p: Pattern, views: SnapshotView[]): void {
    componentParameterViews('PATTERNS', p, views);
    for (const e of p.effects.items) if (e instanceof Effect) this.captureEffect(e, views);
  }

  private captureEffect(e: Effect, views: SnapshotView[]): void {
    if (e.enabled.isOn()) componentParameterViews('EFFECTS', e, views);
    else views.push(parameterView('EFFECTS', e.enabled));
  }

  /** A new snapshot of the current state, labelled `Snapshot-<n>`. */
  newSnapshot(label = `Snapshot-${this.snapshots.length + 1}`): Snapshot {
    const s = new Snapshot(label);
    s.views = this.capture();
    return s;
  }

  attachSnapshot(s: Snapshot, index = this.snapshots.length): Snapshot {
    this.snapshots.insert(s, index);
    s.onRecall = (snap) => this.recall(snap);
    this.autoCycleCursor.setRange(-1, this.snapshots.length - 1);
    const cursor = this.autoCycleCursor.getValue();
    if (index <= cursor) this.autoCycleCursor.setValue(cursor + 1);
    return s;
  }

  detachSnapshot(s: Snapshot): number {
    if (this.inTransition === s) this.finishTransition();
    const index = this.snapshots.remove(s);
    s.onRecall = undefined;
    const cursor = this.autoCycleCursor.getValue();
    if (index <= cursor) this.autoCycleCursor.setValue(cursor - 1);
    this.autoCycleCursor.setRange(-1, this.snapshots.length - 1);
    return index;
  }

  // ---- recall -------------------------------------------------------------------------------

  private scopeOn(scope: unknown): boolean {
    switch (scope) {
      case 'MIXER':
        return this.recallMixer.isOn();
      case 'PATTERNS':
        return this.recallPattern.isOn();
      case 'EFFECTS':
        return this.recallEffect.isOn();
      case 'MASTER':
        return this.recallMaster.isOn();
      case 'MODULATION':
        return this.recallModulation.isOn();
      case 'OUTPUT':
        return this.recallOutput.isOn();
      default:
        return true;
    }
  }

  private resolveParameter(path: unknown): Parameter | undefined {
    if (typeof path !== 'string') return undefined;
    try {
      const r = resolvePath(this.root, path);
      return r.kind === 'parameter' ? r.parameter : undefined;
    } catch {
      return undefined;
    }
  }

  private resolveChannel(path: unknown): AbstractChannel | undefined {
    if (typeof path !== 'string') return undefined;
    try {
      const r = resolvePath(this.root, path);
      return r.kind === 'component' && r.component instanceof AbstractChannel ? r.component : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Recalls a snapshot. Recalling the snapshot that is transitioning just finishes it; recalling
   * another one abandons the running transition where it is, as LX does (its values stay part
   * way, a channel fading out stays on, and the new transition starts from there). With
   * transitions on, the transition runs its full time even when no value changes. Returns every
   * value it changed with its value before, in the order they were applied, for undo.
   */
  recall(s: Snapshot): Overwritten[] {
    const written: Overwritten[] = [];
    if (this.inTransition === s) {
      this.finishTransition();
      return written;
    }
    if (this.inTransition !== null) this.cancelTransition();
    this.autoCycleCursor.setValue(s.index);
    this.autoCycleProgress = 0;
    const transition = this.transitionEnabled.isOn();
    this.tweens = [];
    this.faders = [];
    const seen = new Set<AbstractChannel>();
    for (const view of s.views) {
      if (view.enabled === false || !this.scopeOn(view.scope)) continue;
      if (view.type === 'PARAMETER') {
        const p = this.resolveParameter(view.parameterPath);
        if (p === undefined) continue;
        this.applyParameter(p, view, transition, written);
      } else if (view.type === 'CHANNEL_FADER') {
        const c = this.resolveChannel(view.channelPath);
        if (c === undefined) continue;
        seen.add(c);
        this.applyFader(
          c,
          view.channelEnabled !== false,
          typeof view.channelFader === 'number' ? view.channelFader : c.fader.getBaseValue(),
          transition,
          written,
        );
      } else if (view.type === 'ACTIVE_PATTERN') {
        const c = this.resolveChannel(view.channelPath);
        if (!(c instanceof Channel)) continue;
        const byId = c.patterns.items.find((p) => p.id === view.patternId);
        const index = byId !== undefined ? c.patterns.indexOf(byId) : typeof view.activePatternIndex === 'number' ? view.activePatternIndex : -1;
        if (index < 0 || index >= c.patterns.length || index === c.patternEngine.activeIndex) continue;
        written.push({ kind: 'pattern', path: c.path, before: c.patternEngine.activeIndex });
        c.patternEngine.goPatternIndex(index);
      }
    }
    const mixer = this.mixer;
    if (this.missingChannelMode.getValue() === 1 && this.recallMixer.isOn() && mixer !== undefined) {
      for (const c of mixer.channels.items) if (!seen.has(c) && c.enabled.isOn()) this.applyFader(c, false, 0, transition, written);
    }
    if (transition) {
      this.inTransition = s;
      this.transitionBasis = 0;
    }
    return written;
  }

  private applyParameter(p: Parameter, view: SnapshotView, transition: boolean, written: Overwritten[]): void {
    if (p instanceof StringParameter) {
      if (typeof view.value !== 'string' || view.value === p.getString()) return;
      written.push({ kind: 'parameter', path: p.path, before: p.getString() });
      p.setString(view.value);
      return;
    }
    if (!(p instanceof NumericParameter)) return;
    const target = typeof view.value === 'number' ? view.value : typeof view.value === 'boolean' ? (view.value ? 1 : 0) : undefined;
    if (target === undefined) return;
    const before = p.getBaseValue();
    if (!transition) {
      if (before === target) return;
      written.push({ kind: 'parameter', path: p.path, before });
      p.setValue(target);
      return;
    }
    // LX interpolates every view, unchanged ones too: a parameter with an exponent goes through
    // normalized space each frame and can sit an ulp off its value until the transition ends
    // (an Interval's period then fires a frame late).
    if (before !== target) written.push({ kind: 'parameter', path: p.path, before });
    // Every numeric parameter moves in normalized space, discrete and enum ones included: LX's
    // view tests `instanceof LXNormalizedParameter` before its integer branch, so a discrete
    // value is floor(lerp(from, to, t) · range) (it steps early, not at the rounded midpoints).
    const toN = typeof view.normalizedValue === 'number' ? view.normalizedValue : p.normalize(target);
    this.tweens.push({ param: p, from: p.getBaseNormalized(), to: toN, normalized: true, target });
  }

  private applyFader(c: AbstractChannel, enabled: boolean, fader: number, transition: boolean, written: Overwritten[]): void {
    const wasOn = c.enabled.isOn();
    const was = c.fader.getBaseValue();
    if (wasOn === enabled && was === fader) return;
    if (wasOn !== enabled) written.push({ kind: 'parameter', path: c.enabled.path, before: wasOn ? 1 : 0 });
    if (was !== fader) written.push({ kind: 'parameter', path: c.fader.path, before: was });
    if (!transition) {
      c.enabled.setOn(enabled);
      c.fader.setValue(fader);
      return;
    }
    if (this.channelMode.getValue() === 1) {
      // FADE: a channel switching on fades in from 0; one switching off fades out, then switches off.
      if (enabled && !wasOn) {
        c.fader.setValue(0);
        c.enabled.setOn(true);
        this.faders.push({ channel: c, fromFader: 0, toFader: fader, fromEnabled: true, toEnabled: true });
      } else if (!enabled && wasOn) {
        this.faders.push({ channel: c, fromFader: was, toFader: 0, fromEnabled: true, toEnabled: false });
      } else {
        this.faders.push({ channel: c, fromFader: was, toFader: fader, fromEnabled: enabled, toEnabled: enabled });
      }
    } else {
      c.enabled.setOn(enabled);
      this.faders.push({ channel: c, fromFader: was, toFader: fader, fromEnabled: enabled, toEnabled: enabled });
    }
    // Where a fade-out ends at 0 but the snapshot holds a different fader, set it exactly at the end.
    if (!enabled) this.endFaders.set(c, fader);
  }

  private readonly endFaders = new Map<AbstractChannel, number>();

  /** Ends a running transition, setting every value exactly. */
  finishTransition(): void {
    if (this.inTransition === null) return;
    for (const t of this.tweens) {
      if (t.param instanceof StringParameter) continue;
      t.param.setValue(t.target as number);
    }
    for (const f of this.faders) {
      f.channel.fader.setValue(this.endFaders.get(f.channel) ?? f.toFader);
      f.channel.enabled.setOn(f.toEnabled);
    }
    this.tweens = [];
    this.faders = [];
    this.endFaders.clear();
    this.inTransition = null;
  }

  /** Stops a running transition where it is (used when a recall is undone). */
  cancelTransition(): void {
    this.tweens = [];
    this.faders = [];
    this.endFaders.clear();
    this.inTransition = null;
  }

  private doCycle(): void {
    const n = this.snapshots.length;
    if (n <= 1) return; // LX: nothing to cycle to
    const cursor = this.autoCycleCursor.getValue();
    if (this.autoCycleMode.getValue() === 0) {
      for (let k = 1; k <= n; k++) {
        const s = this.snapshots.items[(cursor + k + n) % n];
        if (s.autoCycleEligible.isOn() && s.index !== cursor) {
          this.recall(s);
          return;
        }
      }
    } else {
      const eligible = this.snapshots.items.filter((s, i) => i !== cursor && s.autoCycleEligible.isOn());
      if (eligible.length > 0) this.recall(eligible[this.random.nextInt(eligible.length)]);
    }
  }

  /** Advances a transition or the auto-cycle timer (after global modulators, speed-scaled). */
  loop(deltaMs: number): void {
    if (this.inTransition !== null) {
      // LX's envelope reads the period every frame (the snapshot's own time or the engine's) and
      // sums deltaMs / period: the sum, not elapsed / period, decides the frame it ends.
      const s = this.inTransition;
      const periodMs = 1000 * (s.hasCustomTransitionTime.isOn() ? s.transitionTimeSecs.getValue() : this.transitionTimeSecs.getValue());
      this.transitionBasis += deltaMs / periodMs;
      const t = this.transitionBasis;
      if (t >= 1) this.finishTransition();
      else {
        for (const tw of this.tweens) {
          const p = tw.param;
          if (p instanceof StringParameter) continue;
          p.setNormalized(tw.from + (tw.to - tw.from) * t);
        }
        for (const f of this.faders) f.channel.fader.setValue(f.fromFader + (f.toFader - f.fromFader) * t);
      }
      this.autoCycleProgress = 0;
      return;
    }
    if (!this.autoCycleEnabled.isOn() || this.snapshots.length === 0) return;
    const cursor = this.autoCycleCursor.getValue();
    const current = cursor >= 0 ? this.snapshots.at(cursor) : undefined;
    const secs = current?.hasCustomCycleTime.isOn() ? current.cycleTimeSecs.getValue() : this.autoCycleTimeSecs.getValue();
    this.autoCycleProgress += deltaMs / (1000 * secs);
    if (this.autoCycleProgress >= 1) {
      this.autoCycleProgress = 0;
      this.doCycle();
    }
  }

  // ---- files --------------------------------------------------------------------------------

  protected override extraSaveKeys(): readonly string[] {
    return ['snapshots'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.snapshots = this.snapshots.items.map((s) => s.save());
  }

  override load(obj: LxObject, ctx: LoadContext): void {
    this.autoCycleCursor.setRange(-1, lxArray(obj.snapshots).length - 1);
    super.load(obj, ctx);
    const cursor = isLxObject(obj.parameters) ? obj.parameters.autoCycleCursor : undefined;
    if (typeof cursor === 'number') this.autoCycleCursor.load(cursor);
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    for (const json of lxArray(obj.snapshots)) {
      const s = new Snapshot(`Snapshot-${this.snapshots.length + 1}`);
      this.attachSnapshot(s);
      s.load(json, ctx);
    }
  }
}
