import { SetParameter } from '../../engine/commands/set-parameter.js';
import { notFound } from '../../engine/errors.js';
import { checkNativeValue } from './grid.js';
import type { Origin } from '../../engine/commands/history.js';
import type { Payload, SoundHost } from '../host/host.js';
import { nativeValue, type NativeValue } from '../model/components.js';
import { paramPayload } from '../model/payloads.js';

/**
 * Writes any native parameter of the selected device by its exact id and native value — the
 * ones past the 8 exposed controls too (Voices, the Sampler's Kit / Sample / Root Key, the
 * Arpeggiator's Tempo Sync and synced rate). Guarded by the selection token; one undo step.
 */
export function setDeviceParameter(host: SoundHost, origin: Origin, paramId: string, value: NativeValue, token: string): Payload {
  host.selection.checkToken(token);
  const d = host.selection.requireDevice();
  const spec = d.spec.params.find((p) => p.id === paramId);
  if (spec === undefined)
    throw notFound(
      `${d.label.getString()} has no native parameter ${JSON.stringify(paramId.slice(0, 80))}; its ids are ` +
        `${d.spec.params.map((p) => JSON.stringify(p.id)).join(', ')} (exact, case-sensitive; see state parameters)`,
    );
  const v = checkNativeValue(spec, value);
  const p = d.native.get(spec.id)!;
  const previous = nativeValue(spec, p);
  if (previous !== v) host.perform(origin, new SetParameter(p, v), () => nativeValue(spec, p) === v);
  return { instance_id: d.id, parameter: paramPayload(spec, d), previous_value: previous, changed: previous !== v, read_back: true };
}
