// Firing triggers and momentary buttons: an action, not an edit, so it is not recorded in the
// history (as in LX). A quantized launch may wait for the next launch-quantization boundary.

import type { Engine } from '../../engine/engine.js';
import { invalidArgument } from '../../engine/errors.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import type { LightShow } from '../show/light-show.js';
import type { ParameterTarget } from '../show/paths.js';
import { QuantizedTriggerParameter } from '../tempo/quantized-trigger.js';

interface Fired {
  readonly parameter: Parameter;
  /** True when a quantized trigger is waiting for the next launch-quantization boundary. */
  readonly pending: boolean;
}

/**
 * Fires a trigger (recall, launch, tap, a modulator's trigger...) or pulses a momentary button
 * (pressed, then released; one held down is released first). Toggles are refused: set them with
 * set_parameter. Refused inside a batch, whose all-or-nothing rollback could not take a firing back.
 */
export function fireTrigger(show: LightShow, engine: Engine, target: ParameterTarget): Fired {
  const p = show.parameter(target);
  if (!(p instanceof BooleanParameter) || (p.mode !== 'momentary' && !(p instanceof TriggerParameter))) {
    throw invalidArgument(`${p.path} is ${p.kind === 'boolean' ? 'a toggle' : `a ${p.kind} parameter`}, not a trigger or momentary button; use set_parameter`);
  }
  if (engine.history.inTransaction) throw invalidArgument('fire_trigger cannot run in a batch: a firing cannot be rolled back. Fire it on its own');
  if (p instanceof TriggerParameter) {
    p.fire();
  } else {
    if (p.getBaseValue() > 0) p.setValue(0);
    p.setValue(1);
    p.setValue(0);
  }
  return { parameter: p, pending: p instanceof QuantizedTriggerParameter && p.pending };
}
