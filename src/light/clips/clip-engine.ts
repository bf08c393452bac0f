import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import { LXComponent } from '../component/lx-component.js';
import { type Clip, TIME_BASES } from './clip.js';
import { ClipTake } from './recording.js';

/** LX's clip grid has up to 128 scenes; `numScenes` sets how many the grid shows. */
export const MAX_SCENES = 128;

/** The buses whose clips the engine launches, in mixer order (channels, groups, then master). */
interface ClipGrid {
  clipBuses(): readonly { readonly clips: { readonly items: readonly Clip[] } }[];
}

/**
 * The project's clip settings (LX's LXClipEngine, `/lx/clips`): how many scenes the grid has,
 * the time base new clips get, and the scene triggers. A scene is a slot index across every
 * bus: launching scene N launches each bus's clip in slot N.
 */
export class ClipEngine extends LXComponent {
  readonly lxClass = 'heronarts.lx.clip.LXClipEngine';
  readonly numScenes = new DiscreteParameter('Scenes', 8, 1, MAX_SCENES, { mappable: false, description: 'Number of scenes (clip slots) the grid shows' });
  readonly stopClips = new TriggerParameter('Stop Clips', { description: 'Stops every running clip' });
  readonly timeBaseDefault = new EnumParameter('Default Time Base', TIME_BASES, 1, { mappable: false, description: 'Time base given to new clips' });
  readonly scenes: readonly TriggerParameter[];
  /** Set by the light engine: where the buses are. */
  grid: ClipGrid | null = null;

  constructor() {
    super('Clips');
    this.addParameter('numScenes', this.numScenes);
    this.addParameter('stopClips', this.stopClips);
    this.addParameter('timeBaseDefault', this.timeBaseDefault);
    const scenes: TriggerParameter[] = [];
    for (let i = 0; i < MAX_SCENES; i++) {
      const t = new TriggerParameter(`Scene ${i + 1}`, { description: `Launches every clip in slot ${i + 1}` });
      t.onChange(() => {
        if (t.isOn()) this.launchScene(i);
      });
      this.addParameter(`scene-${i + 1}`, t);
      scenes.push(t);
    }
    this.scenes = scenes;
    this.stopClips.onChange(() => {
      if (this.stopClips.isOn()) this.stopAll();
    });
  }

  /** The clips in slot `index` (0-based), one per bus that has one, in mixer order. */
  sceneClips(index: number): Clip[] {
    const out: Clip[] = [];
    for (const bus of this.grid?.clipBuses() ?? []) {
      const c = bus.clips.items.find((x) => x.slot === index);
      if (c !== undefined) out.push(c);
    }
    return out;
  }

  launchScene(index: number): void {
    for (const c of this.sceneClips(index)) c.launch.fire();
  }

  stopAll(): void {
    for (const bus of this.grid?.clipBuses() ?? []) for (const c of bus.clips.items) if (c.running.isOn() || c.launch.pending) c.stopNow();
  }

  /** Recording takes in progress, by clip. */
  private readonly takes = new Map<Clip, { take: ClipTake; unlisten: () => void }>();

  /** Starts recording every parameter move on `clip`'s bus into a take (nothing is written yet). */
  startTake(clip: Clip): ClipTake {
    const take = new ClipTake(clip);
    const unlistenParameters = this.graph?.listen({ parameterChanged: (p) => take.record(p) }) ?? (() => undefined);
    const patterns = clip.bus.clipPatternEngine?.goListeners;
    const onPattern = (index: number): void => take.recordPattern(index);
    patterns?.push(onPattern);
    const unlisten = (): void => {
      unlistenParameters();
      const i = patterns?.indexOf(onPattern) ?? -1;
      if (i >= 0) patterns?.splice(i, 1);
    };
    this.takes.set(clip, { take, unlisten });
    return take;
  }

  takeOf(clip: Clip): ClipTake | undefined {
    return this.takes.get(clip)?.take;
  }

  /** Ends a take: stops listening and releases the lanes it held off. The caller writes it. */
  endTake(clip: Clip): ClipTake | undefined {
    const t = this.takes.get(clip);
    if (t === undefined) return undefined;
    t.unlisten();
    this.takes.delete(clip);
    clip.overridden.clear();
    const lane = clip.patternLane();
    if (lane !== undefined) lane.held = false;
    return t.take;
  }

  /** Whether any clip runs or waits for its launch. */
  active(): boolean {
    for (const bus of this.grid?.clipBuses() ?? []) for (const c of bus.clips.items) if (c.running.isOn() || c.launch.pending) return true;
    return false;
  }

  runningClips(): Clip[] {
    const out: Clip[] = [];
    for (const bus of this.grid?.clipBuses() ?? []) for (const c of bus.clips.items) if (c.running.isOn()) out.push(c);
    return out;
  }
}
