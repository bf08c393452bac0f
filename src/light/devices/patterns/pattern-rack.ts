import { PatternEngine } from './pattern-engine.js';
import type { Placeholder } from '../../component/placeholder.js';
import type { LoadContext, LxObject } from '../../component/lxp-types.js';
import { Pattern } from './pattern.js';
import { Effect } from '../effects/effect.js';

/**
 * A pattern that hosts its own pattern engine (LX's PatternRack, label "Rack"): the same
 * playlist (transitions, auto-cycle) and blend modes as a channel, rendering its nested patterns
 * (`.../pattern/N/pattern/M`) into the rack's buffer over the rack's view. Nested patterns with
 * the Default view inherit the rack's.
 */
export class PatternRack extends Pattern {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'patternEngine'];
  }

  readonly lxClass = 'heronarts.lx.pattern.PatternRack';
  readonly patterns = this.addArray<Pattern | Placeholder>('pattern');
  readonly patternEngine: PatternEngine;

  constructor() {
    super('Rack');
    this.patternEngine = new PatternEngine(this, this.patterns);
    this.patternEngine.register((key, p) => this.addParameter(key, p));
  }

  /** The rack's engine parameters are not snapshot or remote controls (LX: RACK_PATTERN views instead). */
  isSnapshotControl(p: { key: string }): boolean {
    return !this.patternEngine.ownsKey(p.key);
  }

  /** Adds, removes and moves nested patterns as a channel does (the shared pattern engine keeps the playlist). */
  addPattern(pattern: Pattern | Placeholder, index?: number): void {
    this.patternEngine.add(pattern, index);
  }

  removePattern(pattern: Pattern | Placeholder): number {
    return this.patternEngine.remove(pattern);
  }

  movePattern(pattern: Pattern | Placeholder, index: number): void {
    this.patternEngine.move(pattern, index);
  }

  /** When every nested pattern and its effects are: the rack's engine then renders over the restricted points as a channel's does. */
  override get subsetCapable(): boolean {
    for (const p of this.patterns.items) {
      if (!(p instanceof Pattern)) continue;
      if (!p.subsetCapable) return false;
      for (const e of p.effects.items) if (e instanceof Effect && !e.subsetCapable) return false;
    }
    return true;
  }

  protected run(deltaMs: number): void {
    const points = this.points;
    this.patternEngine.loop(this.colors, points, points.index, deltaMs, null);
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['deviceVersion', 'effects', 'patternIndex', 'patterns'];
  }

  override save(): LxObject {
    const obj = super.save();
    // The rack's own compositeMode is its engine's; LX writes no legacy key for racks.
    obj.parameters!.compositeMode = this.patternEngine.compositeMode.getBaseValue();
    return obj;
  }

  protected override saveExtra(obj: LxObject): void {
    super.saveExtra(obj);
    this.patternEngine.save(obj);
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    super.loadExtra(obj, ctx);
    this.patternEngine.load(obj, ctx);
  }
}
