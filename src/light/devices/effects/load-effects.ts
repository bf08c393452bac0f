import type { ComponentArray } from '../../../engine/component.js';
import { Placeholder } from '../../component/placeholder.js';
import { lxArray, type LoadContext, type LxObject } from '../../component/lxp-types.js';
import { Effect } from './effect.js';

/** Builds the saved `effects` of a pattern or bus, keeping unknown classes as placeholders. */
export function loadEffects(array: ComponentArray<Effect | Placeholder>, obj: LxObject, ctx: LoadContext): void {
  for (const json of lxArray(obj.effects)) {
    const className = typeof json.class === 'string' ? json.class : '';
    const entry = ctx.registry.byClassName(className);
    const made = entry?.create !== undefined ? entry.create() : undefined;
    const effect = made instanceof Effect ? made : new Placeholder('effect', json, entry?.unavailable);
    array.insert(effect);
    effect.load(json, ctx);
    if (effect instanceof Effect) effect.settle();
    else ctx.warn(`effect ${className || '(no class)'} is not available (${effect.reason}); kept as a placeholder`, { obj: json, key: 'class' });
  }
}
