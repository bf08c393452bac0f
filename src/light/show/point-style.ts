// How the preview draws the model's points: their size on screen, the LED style (disc, square,
// glow) and a display gamma. Saved with the show in `externals["footlight.pointStyle"]` (LX keeps
// the key but ignores it), only while it differs from the default; changing it is a show edit,
// one undo step. Both the console's preview and get_frame's image draw with it. The default is
// today's look: discs sized by the point count, the frame's bytes as they are (gamma 1).
import type { Command } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import type { Engine } from '../../engine/engine.js';
import { invalidArgument } from '../../engine/errors.js';
import type { ExternalsReader } from './project/project-file.js';

/** The externals key the point style is saved under. */
export const POINT_STYLE_KEY = 'footlight.pointStyle';
export const LED_STYLES = ['disc', 'square', 'glow'] as const;
type LedStyle = (typeof LED_STYLES)[number];
/** A point's diameter in screen pixels (CSS pixels in the console, image pixels in get_frame). */
export const MIN_POINT_PX = 1;
export const MAX_POINT_PX = 32;
export const MIN_GAMMA = 0.25;
export const MAX_GAMMA = 4;

export interface PointStyle {
  /** Diameter in pixels, or "auto": sized by the point count (and get_frame's image size), as before point styles. */
  readonly size: number | 'auto';
  readonly led: LedStyle;
  /** Display gamma: a channel's byte v is shown as 255·(v/255)^(1/gamma); 1 shows the bytes as they are. */
  readonly gamma: number;
}

export const DEFAULT_POINT_STYLE: PointStyle = { size: 'auto', led: 'disc', gamma: 1 };

const shown = (v: unknown): string => (v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v)).slice(0, 40));

function sizeProblem(v: unknown): string | undefined {
  if (v === 'auto') return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < MIN_POINT_PX || v > MAX_POINT_PX)
    return `size is "auto" or ${MIN_POINT_PX}–${MAX_POINT_PX} pixels; got ${shown(v)}`;
  return undefined;
}

function ledProblem(v: unknown): string | undefined {
  return LED_STYLES.includes(v as LedStyle) ? undefined : `led is one of ${LED_STYLES.join(', ')}; got ${shown(v)}`;
}

function gammaProblem(v: unknown): string | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < MIN_GAMMA || v > MAX_GAMMA) return `gamma is ${MIN_GAMMA}–${MAX_GAMMA}; got ${shown(v)}`;
  return undefined;
}

const isDefault = (s: PointStyle): boolean => s.size === DEFAULT_POINT_STYLE.size && s.led === DEFAULT_POINT_STYLE.led && s.gamma === DEFAULT_POINT_STYLE.gamma;

/** Reads a saved point style: keeps each sound part, drops (and warns about, by key path) each one that is not. */
export const readPointStyle: ExternalsReader = (value, at, warn) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    warn(`${at}: the point style must be an object; got ${shown(value)}, so the preview draws the default style`);
    return undefined;
  }
  const raw = value as Record<string, unknown>;
  const out: { size: number | 'auto'; led: LedStyle; gamma: number } = { ...DEFAULT_POINT_STYLE };
  const parts: [keyof PointStyle, (v: unknown) => string | undefined][] = [
    ['size', sizeProblem],
    ['led', ledProblem],
    ['gamma', gammaProblem],
  ];
  for (const [key, problem] of parts) {
    if (!Object.hasOwn(raw, key)) continue;
    const p = problem(raw[key]);
    if (p === undefined) (out as Record<string, unknown>)[key] = raw[key];
    else warn(`${at}/${key}: ${p}; the default (${shown(DEFAULT_POINT_STYLE[key])}) is used`);
  }
  return isDefault(out) ? undefined : out;
};

/** What the point style needs of the show (LightShow is one). */
interface PointStyleHost {
  readonly engine: Engine;
  externals: Record<string, unknown>;
}

function styleOf(host: PointStyleHost): PointStyle {
  const raw = host.externals[POINT_STYLE_KEY] as PointStyle | undefined;
  return raw === undefined ? DEFAULT_POINT_STYLE : { ...DEFAULT_POINT_STYLE, ...raw };
}

function write(host: PointStyleHost, style: PointStyle): void {
  if (isDefault(style)) delete host.externals[POINT_STYLE_KEY];
  else host.externals[POINT_STYLE_KEY] = { size: style.size, led: style.led, gamma: style.gamma };
}

/** Replaces the point style; undo puts the previous one back. */
class SetPointStyle implements Command {
  readonly label = 'Change point style';
  private before: PointStyle = DEFAULT_POINT_STYLE;
  constructor(
    private readonly host: PointStyleHost,
    private readonly after: PointStyle,
  ) {}

  perform(): void {
    this.before = styleOf(this.host);
    write(this.host, this.after);
  }

  undo(): void {
    write(this.host, this.before);
  }
}

/** The parts of a point style a change gives; the rest stay. */
type PointStyleEdit = { readonly [K in keyof PointStyle]?: PointStyle[K] };

/** The show's point style for the preview and get_frame. */
export class PointStyles {
  constructor(private readonly host: PointStyleHost) {}

  current(): PointStyle {
    return styleOf(this.host);
  }

  /** Changes the parts given (checked first): one undo step; a change to what it already is records nothing. */
  set(origin: Origin, edit: PointStyleEdit): { style: PointStyle; changed: boolean } {
    const problem =
      (edit.size === undefined ? undefined : sizeProblem(edit.size)) ??
      (edit.led === undefined ? undefined : ledProblem(edit.led)) ??
      (edit.gamma === undefined ? undefined : gammaProblem(edit.gamma));
    if (problem !== undefined) throw invalidArgument(problem);
    if (edit.size === undefined && edit.led === undefined && edit.gamma === undefined) throw invalidArgument('give size, led or gamma');
    const now = this.current();
    const after: PointStyle = { size: edit.size ?? now.size, led: edit.led ?? now.led, gamma: edit.gamma ?? now.gamma };
    if (after.size === now.size && after.led === now.led && after.gamma === now.gamma) return { style: now, changed: false };
    return this.host.engine.history.performVerified(new SetPointStyle(this.host, after), origin, () => ({ style: this.current(), changed: true }));
  }
}

/** A 256-entry table for the display gamma: byte in, byte shown. */
export function gammaTable(gamma: number): Uint8Array {
  const t = new Uint8Array(256);
  for (let v = 0; v < 256; v++) t[v] = gamma === 1 ? v : Math.round(255 * (v / 255) ** (1 / gamma));
  return t;
}
