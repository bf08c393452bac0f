import type { Component } from '../component.js';
import { invalidArgument } from '../errors.js';
import { recording, type StoredValue } from './recording.js';

type ParameterKind = 'bounded' | 'discrete' | 'enum' | 'boolean' | 'trigger' | 'color' | 'string';

/** A value as surfaces see it: numbers for numeric kinds, booleans, strings. */
export type ParameterValue = number | string | boolean;

export interface ParameterOptions {
  /** What the parameter does, for people and agents. */
  readonly description?: string;
  /** Kept out of the UI and OSC (LX's internal parameters); still saved. */
  readonly internal?: boolean;
  /** May be targeted by modulation and mappings (LX: mappable). */
  readonly mappable?: boolean;
}

type ParameterListener = (p: Parameter) => void;

/**
 * A named, typed value owned by exactly one component. The owner and key are set when the
 * component adds it; its canonical path is the owner's path plus the key.
 */
export abstract class Parameter {
  abstract readonly kind: ParameterKind;
  readonly label: string;
  readonly description: string;
  readonly internal: boolean;
  readonly mappable: boolean;
  owner: Component | null = null;
  key = '';
  /** Set on the sub-parameters of an aggregate (a color's hue, saturation, brightness). */
  parent: Parameter | null = null;
  private listeners: ParameterListener[] = [];

  constructor(label: string, options: ParameterOptions = {}) {
    this.label = label;
    this.description = options.description ?? '';
    this.internal = options.internal ?? false;
    this.mappable = options.mappable ?? true;
  }

  get path(): string {
    if (this.owner === null) return this.key;
    return `${this.owner.path}/${this.key}`;
  }

  /** The effective value a surface reports (modulated where modulation applies). */
  abstract get value(): ParameterValue;
  /** The value a user set, under any modulation. */
  abstract get baseValue(): ParameterValue;

  /**
   * Checks a value arriving from a surface and converts it to the form `setFromSurface` stores.
   * Throws `invalid_argument` naming the accepted range or options. Changes nothing.
   */
  abstract accept(input: unknown): ParameterValue;

  /** Applies an accepted value as the new base. */
  abstract setBase(value: ParameterValue): void;

  /** The stored base as the history records it (a numeric kind's raw double, a string's text). */
  get storedBase(): StoredValue {
    const v = this.baseValue;
    return typeof v === 'boolean' ? (v ? 1 : 0) : v;
  }

  /** Writes back a stored base the history recorded, notifying listeners on change. */
  restoreStoredBase(value: StoredValue): void {
    this.setBase(value);
  }

  /** The JSON value LX writes for this parameter in a project file. */
  abstract save(): unknown;
  /** Applies a value read from a project file, with LX's tolerance for old or odd values. */
  abstract load(json: unknown): void;
  /** Restores the construction default. */
  abstract reset(): void;

  onChange(listener: ParameterListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  protected notify(): void {
    if (recording.current !== null) {
      // A command is performing: what the listeners change is a side effect of this change.
      recording.depth++;
      try {
        for (let i = 0; i < this.listeners.length; i++) this.listeners[i](this);
        this.owner?.parameterChanged(this);
      } finally {
        recording.depth--;
      }
      return;
    }
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i](this);
    this.owner?.parameterChanged(this);
  }

  protected reject(problem: string): never {
    throw invalidArgument(`${this.path || this.label}: ${problem}`);
  }
}

/**
 * A parameter made of named sub-parameters (LX's AggregateParameter: a color's hue, saturation
 * and brightness; a time of day's hours, minutes and seconds). A component that adds one under
 * `key` also adds each sub as `key/<sub>`, and paths reach them as `.../key/<sub>`.
 */
interface AggregateParameter extends Parameter {
  subEntries(): [string, Parameter][];
}

export function isAggregate(p: Parameter): p is AggregateParameter {
  return typeof (p as { subEntries?: unknown }).subEntries === 'function';
}
