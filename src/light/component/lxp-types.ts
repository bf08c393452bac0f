import type { Component } from '../../engine/component.js';
import type { LxfResolver } from '../model/index.js';
import type { DeviceRegistry } from './registry.js';

/** A component as LX writes it in a project file. */
export interface LxObject {
  id?: number;
  class?: string;
  internal?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
  children?: Record<string, LxObject>;
  [key: string]: unknown;
}

/** Where in a saved file a value sits: an object of the parsed file and, optionally, a key of it. */
export interface LoadSite {
  readonly obj: object;
  readonly key?: string | number;
}

/** State shared while one project file is loaded. */
export interface LoadContext {
  /** Project-file id → the live component built for it (references are resolved through it). */
  readonly ids: Map<number, Component>;
  /** Runs `fn` after the whole project is built: modulations, triggers, mappings. */
  defer(fn: () => void): void;
  /**
   * Records something that did not load as saved (shown to the user, never fatal). With `at`
   * (a JSON object of the file, and a key in it) the message starts with that key path in the
   * file, e.g. `engine/children/mixer/channels/1/clips/0/parameters/length/millis: …`.
   */
  warn(message: string, at?: LoadSite): void;
  /** The light library, to build saved patterns, effects and modulators by class. */
  readonly registry: DeviceRegistry;
  /** Finds `.lxf` fixture files (LX's media folder `Fixtures/`). */
  readonly resolveLxf?: LxfResolver;
  /** Finds external `.lxm` model files (LX's media folder `Models/`) by their saved name. */
  readonly resolveLxm?: (file: string) => unknown;
}

export function isLxObject(v: unknown): v is LxObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function lxArray(v: unknown): LxObject[] {
  return Array.isArray(v) ? v.filter(isLxObject) : [];
}
