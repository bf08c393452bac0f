import type { Command } from '../../engine/commands/command.js';
import type { Graph } from '../../engine/graph.js';
import type { Component } from '../../engine/component.js';
import { ViewSelectorParameter } from './view-selector.js';
import type { ViewDefinition } from './view-definition.js';
import type { ViewEngine } from './view-engine.js';

/** Every view selector under `root` that points at `view`, with its index (for undo of a removal). */
function selectorsOn(root: Component, view: ViewDefinition): { owner: number; key: string }[] {
  const out: { owner: number; key: string }[] = [];
  for (const c of root.descendants()) {
    for (const p of c.parameters.values()) if (p instanceof ViewSelectorParameter && p.selected === view) out.push({ owner: c.id, key: p.key });
  }
  return out;
}

/** Adds a view definition; undo removes it, redo puts the same one back. */
export class AddView implements Command {
  readonly label: string;
  constructor(
    private readonly engineId: number,
    private readonly view: ViewDefinition,
    private readonly index: number,
  ) {
    this.label = `Add view ${view.label.getString()}`;
  }

  perform(g: Graph): void {
    (g.require(this.engineId) as ViewEngine).addView(this.view, this.index);
  }

  undo(g: Graph): void {
    (g.require(this.engineId) as ViewEngine).removeView(this.view);
  }
}

/**
 * Removes a view definition. Channels and devices that rendered it fall back to Default; undo
 * puts the view back and points them at it again.
 */
export class RemoveView implements Command {
  readonly label: string;
  private view: ViewDefinition | null = null;
  private index = -1;
  private users: { owner: number; key: string }[] = [];

  constructor(
    private readonly engineId: number,
    private readonly viewId: number,
    private readonly root: () => Component,
    label: string,
  ) {
    this.label = `Remove view ${label}`;
  }

  perform(g: Graph): void {
    const engine = g.require(this.engineId) as ViewEngine;
    const view = g.require(this.viewId) as ViewDefinition;
    this.view = view;
    this.users = selectorsOn(this.root(), view);
    this.index = engine.removeView(view);
  }

  undo(g: Graph): void {
    const engine = g.require(this.engineId) as ViewEngine;
    const view = this.view as ViewDefinition;
    engine.addView(view, this.index);
    for (const u of this.users) {
      const p = g.get(u.owner)?.parameters.get(u.key);
      if (p instanceof ViewSelectorParameter) p.select(view);
    }
  }
}
