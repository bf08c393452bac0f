import { useEffect, useRef, useState } from 'preact/hooks';
import { formatValue as formatUnits, type Units } from '../../engine/parameters/units.js';
import type { ParameterPayload } from '../protocol.js';
import { fireTrigger, newGesture, param, setParam } from './store.js';

/** Normalized position ↔ value, through the parameter's exponent like LX's knobs. */
function toNorm(p: ParameterPayload, v: number): number {
  const r = p.range;
  if (r === undefined || r.max === r.min) return 0;
  const n = (v - r.min) / (r.max - r.min);
  const e = p.exponent ?? 1;
  return e === 1 ? n : Math.pow(Math.max(0, Math.min(1, n)), 1 / e);
}

function fromNorm(p: ParameterPayload, n: number): number {
  const r = p.range ?? { min: 0, max: 1 };
  const c = Math.max(0, Math.min(1, n));
  const e = p.exponent ?? 1;
  const v = r.min + (r.max - r.min) * (e === 1 ? c : Math.pow(c, e));
  return p.kind === 'discrete' || p.kind === 'enum' || p.units === 'integer' ? Math.round(v) : v;
}

/** A value as the engine formats it for people (the payload's `formatted`), with its units. */
function formatValue(p: ParameterPayload, v: number): string {
  if (p.kind === 'discrete' && p.units === undefined) return String(Math.round(v));
  return formatUnits(v, (p.units ?? 'none') as Units);
}

/** A color payload value (0xAARRGGBB) as CSS. */
export function colorCss(value: unknown): string {
  return typeof value === 'string' && /^0x[0-9a-f]{8}$/i.test(value) ? `#${value.slice(4)}` : '#000';
}

interface SliderProps {
  readonly p: ParameterPayload;
  readonly vertical?: boolean;
  readonly label?: string;
  /** Track background (a hue rainbow for color sliders). */
  readonly track?: string;
  /** Label above the track (with the value at the right) instead of beside it. */
  readonly stacked?: boolean;
  /** A unit to show after the value when the parameter has none of its own (fps, BPM, ×). */
  readonly unit?: string;
}

/**
 * A fader or slider for a numeric parameter: pointer drag (one undo step per drag), wheel,
 * arrow keys and double-click to type a value. Shows the base value while modulated.
 */
export function Slider({ p: initial, vertical = false, label, track, stacked = false, unit }: SliderProps) {
  const p = param(initial).value;
  const [drag, setDrag] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const gesture = useRef<string | undefined>(undefined);
  const el = useRef<HTMLDivElement>(null);
  const base = typeof (p.baseValue ?? p.value) === 'number' ? ((p.baseValue ?? p.value) as number) : 0;
  const live = typeof p.value === 'number' ? p.value : base;
  const shown = drag ?? base;
  const n = toNorm(p, shown);
  const ln = toNorm(p, live);

  const at = (ev: PointerEvent): number => {
    const r = el.current!.getBoundingClientRect();
    return vertical ? 1 - (ev.clientY - r.top) / r.height : (ev.clientX - r.left) / r.width;
  };
  const apply = (v: number, g?: string): void => {
    setDrag(v);
    setParam(p.path, v, g);
  };
  const onDown = (ev: PointerEvent): void => {
    ev.preventDefault();
    (ev.currentTarget as HTMLElement).setPointerCapture(ev.pointerId);
    gesture.current = newGesture();
    apply(fromNorm(p, at(ev)), gesture.current);
  };
  const onMove = (ev: PointerEvent): void => {
    if (gesture.current === undefined) return;
    apply(fromNorm(p, at(ev)), gesture.current);
  };
  const onUp = (): void => {
    gesture.current = undefined;
    setDrag(undefined);
  };
  const step = (dir: number, big: boolean): void => {
    const g = newGesture();
    const next = fromNorm(p, n + dir * (big ? 0.1 : 0.01));
    setParam(p.path, next, g);
  };
  const onKey = (ev: KeyboardEvent): void => {
    const dir = ev.key === 'ArrowUp' || ev.key === 'ArrowRight' ? 1 : ev.key === 'ArrowDown' || ev.key === 'ArrowLeft' ? -1 : 0;
    if (dir !== 0) {
      ev.preventDefault();
      step(dir, ev.shiftKey);
    } else if (ev.key === 'Home' || ev.key === 'End') {
      ev.preventDefault();
      setParam(p.path, fromNorm(p, ev.key === 'Home' ? 0 : 1));
    }
  };
  const onDbl = (): void => setEditing(true);
  // A keyboard "click" (Enter or Space: detail 0) opens the field too; a mouse needs the double-click.
  const onKeyOpen = (ev: MouseEvent): void => {
    if (ev.detail === 0) setEditing(true);
  };
  // The field the operator asked for takes the focus when it opens (in place of autofocus).
  const editRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) editRef.current?.focus();
  }, [editing]);
  const commit = (text: string): void => {
    setEditing(false);
    if (text.trim() === '') return;
    const v = Number(text);
    // Out-of-range and non-numbers go to the engine, which refuses them with the range (shown to the operator).
    setParam(p.path, Number.isFinite(v) ? v : text);
  };
  const fill = `${(n * 100).toFixed(2)}%`;
  const liveAt = `${(ln * 100).toFixed(2)}%`;
  const show = (v: number): string => (unit !== undefined && p.units === undefined ? `${formatValue(p, v)} ${unit}` : formatValue(p, v));
  const range = p.range === undefined ? '' : ` (${show(p.range.min)} – ${show(p.range.max)})`;
  const name = label ?? p.label;
  const value = editing ? (
    <input
      ref={editRef}
      class="slider-edit"
      aria-label={`${name} value`}
      defaultValue={String(Math.round(base * 1000) / 1000)}
      onKeyDown={(ev) => {
        if (ev.key === 'Enter') commit((ev.currentTarget as HTMLInputElement).value);
        else if (ev.key === 'Escape') setEditing(false);
      }}
      onBlur={() => setEditing(false)}
    />
  ) : (
    // A button: double-click (or Enter, as for any button) opens the field to type a value.
    <button type="button" class="slider-value" title="Double-click to type a value" aria-label={`${name}: type a value`} onDblClick={onDbl} onClick={onKeyOpen}>
      {show(shown)}
    </button>
  );
  return (
    <div class={`slider ${vertical ? 'vertical' : stacked ? 'stacked' : 'horizontal'}`} title={`${p.description ?? p.label}${range}`}>
      {label !== undefined && !stacked && <span class="slider-label">{label}</span>}
      {stacked && (
        <span class="slider-head">
          <span class="slider-label">{name}</span>
          {value}
        </span>
      )}
      <div
        ref={el}
        class="track"
        role="slider"
        tabIndex={0}
        aria-label={name}
        aria-valuemin={p.range?.min}
        aria-valuemax={p.range?.max}
        aria-valuenow={shown}
        aria-valuetext={show(shown)}
        data-path={p.path}
        style={track !== undefined ? { background: track } : undefined}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
        onKeyDown={onKey}
        onDblClick={onDbl}
      >
        {track === undefined && <div class="fill" style={vertical ? { height: fill } : { width: fill }} />}
        {p.modulated === true && <div class="live" style={vertical ? { bottom: liveAt } : { left: liveAt }} />}
        <div class="thumb" style={vertical ? { bottom: fill } : { left: fill }} />
      </div>
      {!stacked && value}
    </div>
  );
}

export function Toggle({ p: initial, label, onOff = false }: { readonly p: ParameterPayload; readonly label?: string; readonly onOff?: boolean }) {
  const p = param(initial).value;
  const on = (p.baseValue ?? p.value) === true;
  return (
    <button
      type="button"
      class={`toggle ${on ? 'on' : ''}`}
      aria-pressed={on}
      aria-label={onOff ? p.label : undefined}
      title={p.description ?? p.label}
      data-path={p.path}
      onClick={() => setParam(p.path, !on)}
    >
      {onOff ? (on ? 'On' : 'Off') : (label ?? p.label)}
    </button>
  );
}

export function Trigger({ p, label }: { readonly p: ParameterPayload; readonly label?: string }) {
  return (
    <button type="button" class="trigger" title={p.description ?? p.label} data-path={p.path} onClick={() => fireTrigger(p.path)}>
      {label ?? p.label}
    </button>
  );
}

export function EnumSelect({ p: initial, label }: { readonly p: ParameterPayload; readonly label?: string }) {
  const p = param(initial).value;
  const index = typeof (p.baseValue ?? p.value) === 'number' ? ((p.baseValue ?? p.value) as number) - (p.range?.min ?? 0) : 0;
  const options = p.options ?? [];
  return (
    <label class="enum" title={p.description ?? p.label}>
      {label !== undefined && <span>{label}</span>}
      <select
        data-path={p.path}
        aria-label={label ?? p.label}
        value={String(index)}
        onChange={(ev) => setParam(p.path, Number((ev.currentTarget as HTMLSelectElement).value) + (p.range?.min ?? 0))}
      >
        {options.map((o, i) => (
          <option key={o} value={String(i)}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A color as hue, saturation and brightness sliders over its sub-parameters, with a swatch. */
function hsbCss(h: number, s: number, b: number): string {
  const f = (n: number): number => {
    const k = (n + h / 60) % 6;
    return (b / 100) * (1 - (s / 100) * Math.max(0, Math.min(k, 4 - k, 1)));
  };
  const c = (v: number): string =>
    Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${c(f(5))}${c(f(3))}${c(f(1))}`;
}

function num(p: ParameterPayload | undefined, fallback: number): number {
  if (p === undefined) return fallback;
  const v = param(p).value.value;
  return typeof v === 'number' ? v : fallback;
}

function ColorControl({ p, subs }: { readonly p: ParameterPayload; readonly subs: readonly ParameterPayload[] }) {
  const hue = subs.find((s) => s.key.endsWith('/hue'));
  const sat = subs.find((s) => s.key.endsWith('/saturation'));
  const bri = subs.find((s) => s.key.endsWith('/brightness'));
  const hex = hsbCss(num(hue, 0), num(sat, 0), num(bri, 0));
  const others = subs.filter((s) => s !== hue && s !== sat && s !== bri);
  return (
    <div class="color-control">
      <div class="swatch" style={{ background: hex }} title={`${p.label}: ${hex}`} />
      <div class="color-sliders">
        {hue && <Slider p={hue} label="Hue" track="linear-gradient(to right, #f00, #ff0, #0f0, #0ff, #00f, #f0f, #f00)" />}
        {sat && <Slider p={sat} label="Sat" />}
        {bri && <Slider p={bri} label="Bri" />}
        {others.map((o) => (
          <div class="param-row sub" key={o.path}>
            <span class="param-label" title={o.description}>
              {o.label}
            </span>
            <ParamControl p={o} />
          </div>
        ))}
      </div>
    </div>
  );
}

function TextControl({ p: initial }: { readonly p: ParameterPayload }) {
  const p = param(initial).value;
  return (
    <input
      class="text"
      aria-label={p.label}
      data-path={p.path}
      value={String(p.value)}
      onChange={(ev) => setParam(p.path, (ev.currentTarget as HTMLInputElement).value)}
    />
  );
}

/** The right control for a parameter's kind. `all` supplies a color's sub-parameters. */
export function ParamControl({
  p,
  all = [],
  momentary = false,
}: {
  readonly p: ParameterPayload;
  readonly all?: readonly ParameterPayload[];
  readonly momentary?: boolean;
}) {
  if (momentary) return <Trigger p={p} label="Press" />;
  switch (p.kind) {
    case 'bounded':
      return <Slider p={p} />;
    case 'discrete':
      return p.options !== undefined ? <EnumSelect p={p} /> : <Slider p={p} />;
    case 'enum':
      return <EnumSelect p={p} />;
    case 'boolean':
      return <Toggle p={p} onOff />;
    case 'trigger':
      return <Trigger p={p} label="Fire" />;
    case 'color':
      return <ColorControl p={p} subs={all.filter((s) => p.subParameters?.includes(s.path) === true)} />;
    case 'string':
      return <TextControl p={p} />;
    default:
      return null;
  }
}
