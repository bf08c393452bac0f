// The selected device's exposed controls: one write, or a batch of writes as one undo step,
// in the protocol's normalized 0–1 range.

import { CompoundCommand } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import { SetParameter } from '../../engine/commands/set-parameter.js';
import type { NativeParamSpec } from '../audio/dsp/params.js';
import { refuse } from '../model/errors.js';
import type { SoundHost } from '../host/host.js';
import { nativeDisplay, nativeToNormalized, nativeValue, normalizedToNative, type Device, type NativeValue } from '../model/components.js';
import type { Payload } from '../model/payloads.js';
import { CONTROL_COUNT, MAX_BATCH } from './common.js';

function controlSpec(d: Device, index: number): NativeParamSpec {
  if (!Number.isInteger(index) || index < 1 || index > CONTROL_COUNT)
    throw refuse('invalid_argument', 'out_of_range', `INDEX takes 1–${CONTROL_COUNT}; got ${index}`);
  const id = d.spec.controls[index - 1];
  const spec = id === undefined ? undefined : d.spec.params.find((p) => p.id === id);
  if (spec === undefined)
    throw refuse(
      'invalid_argument',
      'out_of_range',
      `control ${index} of ${d.label.getString()} is not mapped; it has ${d.spec.controls.length} exposed controls (see state)`,
    );
  return spec;
}

function checkNormalized(value: number): void {
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw refuse('invalid_argument', 'out_of_range', `VALUE takes the native protocol range 0–1; got ${value}`);
}

/** Sets one exposed control of the selected device (1-based INDEX, normalized VALUE). Undoable. */
export function setControl(host: SoundHost, origin: Origin, index: number, value: number): Payload {
  const d = host.selection.requireDevice();
  const spec = controlSpec(d, index);
  checkNormalized(value);
  const p = d.native.get(spec.id)!;
  const target = normalizedToNative(spec, value);
  host.perform(origin, new SetParameter(p, target), () => nativeValue(spec, p) === target);
  const v = nativeValue(spec, p);
  return { index, id: spec.id, name: spec.name, value: nativeToNormalized(spec, v), display: nativeDisplay(spec, v), native_value: v, instance_id: d.id };
}

/** Serialized exposed-control writes as one undo step. Every pair is checked before any is written. */
export function setControls(host: SoundHost, origin: Origin, pairs: readonly { index: number; value: number }[]): Payload {
  if (pairs.length === 0 || pairs.length > MAX_BATCH)
    throw refuse('invalid_argument', 'out_of_range', `batch takes 1–${MAX_BATCH} INDEX=VALUE pairs; got ${pairs.length}`);
  const d = host.selection.requireDevice();
  const steps = pairs.map(({ index, value }) => {
    const spec = controlSpec(d, index);
    checkNormalized(value);
    return { spec, target: normalizedToNative(spec, value) as NativeValue };
  });
  const command = new CompoundCommand(
    `Change ${pairs.length} controls of ${d.label.getString()}`,
    steps.map((s) => new SetParameter(d.native.get(s.spec.id)!, s.target)),
  );
  // Serialized: the last write to a control wins, and that is what must read back.
  const last = new Map(steps.map((s) => [s.spec.id, s] as const));
  host.perform(origin, command, () => [...last.values()].every((s) => nativeValue(s.spec, d.native.get(s.spec.id)!) === s.target));
  return {
    atomic: false,
    applied: steps.length,
    instance_id: d.id,
    results: pairs.map(({ index }) => {
      const spec = controlSpec(d, index);
      const v = nativeValue(spec, d.native.get(spec.id)!);
      return { index, ok: true, value: nativeToNormalized(spec, v), display: nativeDisplay(spec, v) };
    }),
  };
}
