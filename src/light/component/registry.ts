import { invalidArgument, notFound } from '../../engine/errors.js';
import type { Component } from '../../engine/component.js';

export type DeviceKind = 'pattern' | 'effect' | 'modulator';

/** One class of the light library: what users pick from the browser and projects name by class. */
export interface DeviceEntry<C extends Component = Component> {
  readonly kind: DeviceKind;
  /** Fully qualified LX class, e.g. `heronarts.lx.pattern.color.GradientPattern`. */
  readonly className: string;
  /** Name shown in the browser, e.g. "Gradient". */
  readonly name: string;
  /** LX's `@LXCategory`. */
  readonly category: string;
  /** Builds a fresh instance; absent for classes Footlight lists but cannot run. */
  readonly create?: () => C;
  /** Why the class cannot run here (needs MIDI input). */
  readonly unavailable?: string;
  /** Modulators: may be added to the global modulation engine / inside a device. */
  readonly global?: boolean;
  readonly device?: boolean;
  /** The module that implements the class (its source is hashed for component docs). */
  readonly sourceUrl?: string;
}

function simpleName(className: string): string {
  return className.slice(className.lastIndexOf('.') + 1);
}

/** The light library: every stock pattern, effect and modulator, in LX's registry order. */
export class DeviceRegistry<C extends Component = Component> {
  private readonly entries: DeviceEntry<C>[] = [];

  register(entry: DeviceEntry<C>): void {
    if (this.entries.some((e) => e.className === entry.className)) throw new Error(`${entry.className} registered twice`);
    this.entries.push(entry);
  }

  list(kind: DeviceKind): readonly DeviceEntry<C>[] {
    return this.entries.filter((e) => e.kind === kind);
  }

  byClassName(className: string): DeviceEntry<C> | undefined {
    return this.entries.find((e) => e.className === className);
  }

  /**
   * Finds a class by full class name, simple class name or display name (case-sensitive first,
   * then case-insensitive). Unknown names are `not_found`; a name matching several classes is
   * `invalid_argument` listing them.
   */
  find(kind: DeviceKind, name: string): DeviceEntry<C> {
    const pool = this.list(kind);
    const exact = pool.filter((e) => e.className === name || simpleName(e.className) === name || e.name === name);
    const matches =
      exact.length > 0 ? exact : pool.filter((e) => [e.className, simpleName(e.className), e.name].some((n) => n.toLowerCase() === name.toLowerCase()));
    if (matches.length === 1) return matches[0];
    if (matches.length > 1) throw invalidArgument(`${kind} ${JSON.stringify(name)} is ambiguous: ${matches.map((e) => e.className).join(', ')}`);
    throw notFound(`no ${kind} class ${JSON.stringify(name)}; list_available_${kind}s lists them`);
  }

  /** Instantiates a class, refusing ones that cannot run here with the reason. */
  create(entry: DeviceEntry<C>): C {
    if (entry.create === undefined)
      throw invalidArgument(`${entry.name} (${entry.className}) is not available in Footlight: ${entry.unavailable ?? 'no implementation'}`);
    return entry.create();
  }
}
