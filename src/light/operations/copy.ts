import type { LightShow } from '../show/light-show.js';
import type { LXComponent } from '../component/lx-component.js';
import type { LoadContext } from '../component/lxp-types.js';

/**
 * Copies a component the way LX copies and pastes: its saved form is loaded into a fresh
 * instance from `make`. Everything inside it comes along (patterns, effects, modulators and the
 * modulations wired inside it, which resolve to the copy's own parts); the copy gets fresh ids
 * when it joins the show. Wiring from outside is not copied (see dependents.ts).
 */
export function copyComponent<C extends LXComponent>(show: LightShow, source: LXComponent, make: () => C): C {
  const json = source.save();
  const deferred: (() => void)[] = [];
  const ctx: LoadContext = { ids: new Map(), registry: show.registry, defer: (fn) => deferred.push(fn), warn: () => undefined };
  const copy = make();
  copy.load(json, ctx);
  for (const fn of deferred.splice(0)) fn();
  return copy;
}
