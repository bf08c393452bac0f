// Which library class a get_component_doc request means: a class name, or a live component.
import type { Component } from '../../engine/component.js';
import { invalidArgument, notFound } from '../../engine/errors.js';
import type { LXComponent } from '../component/lx-component.js';
import { Placeholder } from '../component/placeholder.js';
import type { DeviceEntry, DeviceKind } from '../component/registry.js';
import type { ComponentDocs } from './component-docs.js';

interface DocRequest {
  readonly className?: string;
  readonly kind?: DeviceKind;
  /** The live component named by path or id, already resolved. */
  readonly instance?: Component;
}

/** The library entry for a class name or a live pattern, effect or modulator. */
export function entryFor(docs: ComponentDocs, request: DocRequest): DeviceEntry {
  const { className, kind, instance } = request;
  if (instance === undefined) {
    if (className === undefined)
      throw invalidArgument(
        'name the component: class (e.g. "Gradient" or heronarts.lx.pattern.color.GradientPattern), or path/id of a live pattern, effect or modulator',
      );
    return docs.find(className, kind);
  }
  const lxClass = (instance as Partial<LXComponent>).lxClass;
  const entry = lxClass === undefined ? undefined : docs.registry.byClassName(lxClass);
  if (entry === undefined) {
    if (instance instanceof Placeholder)
      throw notFound(
        `${instance.path} is a saved ${instance.kind} of class ${lxClass}, which is not in Footlight's library (${instance.reason}); there is no note for it`,
      );
    throw invalidArgument(
      `${instance.path} is ${lxClass === undefined ? 'not a device' : `a ${lxClass}`}, not a pattern, effect or modulator; ` +
        "get_component_doc explains those (list_parameters shows any component's knobs)",
    );
  }
  if (kind !== undefined && entry.kind !== kind) throw invalidArgument(`${instance.path} is a ${entry.kind} (${entry.className}), not a ${kind}`);
  return entry;
}
