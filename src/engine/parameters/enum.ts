import { describe } from './bounded.js';
import { DiscreteParameter } from './discrete.js';
import type { NumericOptions } from './numeric.js';

export interface EnumOption {
  /** The display name (LX's toString), e.g. "Playlist". */
  readonly label: string;
  /** The constant name LX saves as `<key>/name`, e.g. "PLAYLIST". Omit for object choosers. */
  readonly name?: string;
}

interface EnumOptions extends NumericOptions {
  /** LX's ObjectParameter (saved as an index only) rather than EnumParameter (index + name). */
  readonly objectChooser?: boolean;
}

/**
 * A choice among named options (LX's EnumParameter and ObjectParameter). Surfaces may set it
 * by display name, constant name or 0-based index; unknown or ambiguous names are refused with
 * the valid options listed. Stored as the option index.
 */
export class EnumParameter extends DiscreteParameter {
  override readonly kind = 'enum' as const;
  choices: readonly EnumOption[];
  readonly objectChooser: boolean;

  constructor(label: string, choices: readonly EnumOption[], value = 0, options: EnumOptions = {}) {
    super(label, value, 0, Math.max(0, choices.length - 1), { ...options, options: choices.map((c) => c.label) });
    this.choices = choices;
    this.objectChooser = options.objectChooser ?? false;
  }

  /** Replaces the option list (e.g. a view selector after views change). */
  setChoices(choices: readonly EnumOption[]): void {
    this.choices = choices;
    this.setRange(
      0,
      Math.max(0, choices.length - 1),
      choices.map((c) => c.label),
    );
  }

  /** The constant name of the current (effective) option, or its label for object choosers. */
  get constantName(): string | undefined {
    const c = this.choices[this.getValue()];
    return c?.name ?? c?.label;
  }

  protected override acceptOptionName(name: string): number | undefined {
    const byLabel = this.choices.findIndex((c) => c.label === name);
    if (byLabel >= 0) return byLabel;
    const byName = this.choices.findIndex((c) => c.name === name);
    if (byName >= 0) return byName;
    const lower = name.toLowerCase();
    const loose: number[] = [];
    this.choices.forEach((c, i) => {
      if (c.label.toLowerCase() === lower || c.name?.toLowerCase() === lower) loose.push(i);
    });
    if (loose.length === 1) return loose[0];
    if (loose.length > 1) this.reject(`option ${describe(name)} is ambiguous; options: ${this.optionList()}`);
    return undefined;
  }

  override save(): unknown {
    return this.base;
  }

  /** Loads an ordinal, preferring the saved constant name when the caller passes one (LX's rule). */
  loadEnum(ordinal: unknown, name: unknown): void {
    if (typeof name === 'string') {
      const i = this.choices.findIndex((c) => c.name === name);
      if (i >= 0) {
        this.setValue(i);
        return;
      }
    }
    this.load(ordinal);
  }
}
