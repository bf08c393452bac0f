// What a history step really costs on the heap, against what the history's budget counts for
// it (src/engine/commands/step-size.ts). Performs N one-parameter steps and N five-step batches
// and reads heapUsed around each after a full GC.
//
//   node --expose-gc --import tsx bench/history-step-cost.ts      (STEPS=50000)
import { Component } from '../src/engine/component.js';
import { Graph } from '../src/engine/graph.js';
import { BoundedParameter } from '../src/engine/parameters/bounded.js';
import { History } from '../src/engine/commands/history.js';
import { SetParameter } from '../src/engine/commands/set-parameter.js';

const STEPS = Number(process.env.STEPS ?? 50_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');

function heap(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

function measure(label: string, batch: number): void {
  const root = new Component('Root');
  root.key = 'lx';
  const graph = new Graph();
  graph.addRoot(root);
  const params = Array.from({ length: batch }, (_, i) => root.addParameter(`fader${i}`, new BoundedParameter(`Fader ${i}`, 0.5)));
  const history = new History(graph);
  const origin = { surface: 'mcp', session: '6f1c2a9e-5d1b-4c1e-9f0a-1b2c3d4e5f60', client: 'bench' } as const;
  const before = heap();
  for (let i = 0; i < STEPS; i++) {
    if (batch === 1) history.perform(new SetParameter(params[0]!, (i % 1000) / 1000), origin);
    else
      history.transaction('Apply operations', origin, () => {
        for (const p of params) history.perform(new SetParameter(p, (i % 1000) / 1000), origin);
      });
  }
  const real = (heap() - before) / STEPS;
  const counted = history.usage.bytes / STEPS;
  console.log(`${label}: ${real.toFixed(0)} bytes a step on the heap, ${counted.toFixed(0)} counted by the budget (${STEPS} steps)`);
}

measure('one set_parameter', 1);
measure('a batch of five set_parameter', 5);
