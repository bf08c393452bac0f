import type { Component } from '../../engine/component.js';
import { type EnumOption, EnumParameter } from '../../engine/parameters/enum.js';
import { SoundObject } from './sound-object.js';

/** The first option of every selector: no sound object (the device renders at the model's center). */
const NO_SOUND_OBJECT = 'None';

/** The global modulators of the light engine holding `c`, or undefined while detached. */
function globalModulators(c: Component | null): readonly unknown[] | undefined {
  for (let p = c; p !== null; p = p.parent) {
    if ((p as { isLightRoot?: boolean }).isLightRoot === true)
      return (p as unknown as { modulation?: { modulators: { items: readonly unknown[] } } }).modulation?.modulators.items;
  }
  return undefined;
}

/**
 * LX's SoundObject.Selector: option 0 is None, then the global Sound Object modulators sorted
 * by label (as LX sorts them). Saved as the option index. The options follow the modulators
 * (added, removed, renamed): the selection stays on the same object, or falls back to None when
 * it is removed. An index loaded before the modulators exist (LX loads the mixer first) is kept
 * and applied once they do.
 */
export class SoundObjectSelector extends EnumParameter {
  private objects: (SoundObject | null)[] = [null];
  private labels: string[] = [];
  private pending: number | undefined;

  constructor(label: string, description: string) {
    super(label, [{ label: NO_SOUND_OBJECT }], 0, { objectChooser: true, mappable: false, description });
  }

  /** The selected sound object (the option list re-read first if the modulators changed), or null for None. */
  object(): SoundObject | null {
    this.refresh();
    return this.objects[this.getBaseValue()] ?? null;
  }

  /** Re-reads the global Sound Objects when they changed; allocation-free when they did not. */
  refresh(): void {
    const list = globalModulators(this.owner);
    if (list === undefined) return;
    let n = 0;
    let same = true;
    for (let i = 0; i < list.length; i++) {
      const m = list[i];
      if (!(m instanceof SoundObject)) continue;
      n++;
      const at = this.objects.indexOf(m);
      if (at < 1 || this.labels[at - 1] !== m.label.getString()) same = false;
    }
    // Unchanged, and no loaded index waiting for its object: nothing to do.
    if (same && n === this.objects.length - 1 && (this.pending === undefined || this.pending >= this.objects.length)) return;
    const found = list.filter((m): m is SoundObject => m instanceof SoundObject);
    found.sort((a, b) => {
      const x = a.label.getString();
      const y = b.label.getString();
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const previous = this.objects[this.getBaseValue()] ?? null;
    this.objects = [null, ...found];
    this.labels = found.map((o) => o.label.getString());
    const choices: EnumOption[] = [{ label: NO_SOUND_OBJECT }, ...this.labels.map((label) => ({ label }))];
    this.setChoices(choices);
    if (this.pending !== undefined) {
      // A loaded index waits until its object exists (until then the selector reads None).
      if (this.pending < this.objects.length) {
        this.setValue(this.pending);
        this.pending = undefined;
      } else this.setValue(0);
      return;
    }
    const at = previous === null ? 0 : this.objects.indexOf(previous);
    this.setValue(at < 0 ? 0 : at);
  }

  /** Checks a surface's input against the current option list (re-read first: a Sound Object may have just been added). */
  override accept(input: unknown): number {
    this.refresh();
    return super.accept(input);
  }

  /** A surface's choice replaces a loaded index still waiting for its object. */
  override setBase(value: number | string | boolean): void {
    this.pending = undefined;
    super.setBase(value);
  }

  override load(json: unknown): void {
    if (typeof json !== 'number' || !Number.isInteger(json)) return;
    this.pending = json;
    this.refresh();
  }

  override save(): unknown {
    return this.pending ?? this.getBaseValue();
  }
}
