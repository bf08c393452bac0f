// Runtime state (docs/runtime-state.md): how long captureRuntime takes and how large its JSON is,
// for the demo show and an 80k-point rig (the standard workload on a 200×400 grid), after 120 frames.
import { Engine } from '../src/engine/engine.js';
import { LightShow } from '../src/light/show/light-show.js';
import { buildDemoShow } from '../src/light/demo-show.js';
import { readProject } from '../src/light/show/project/project-file.js';
import { createLibrary } from '../src/light/devices/library.js';
import { standardWorkload } from './workload.js';

function measure(name: string, show: LightShow): void {
  show.engine.clock.stepFixed(120, 1000 / 60);
  const runs = 20;
  let json = '';
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) json = JSON.stringify(show.captureRuntime());
  const captureMs = (performance.now() - t0) / runs;
  const t1 = performance.now();
  for (let i = 0; i < runs; i++) show.restoreRuntime(JSON.parse(json));
  const restoreMs = (performance.now() - t1) / runs;
  const components = Object.keys(JSON.parse(json).components).length;
  console.log(
    `${name}: ${show.structure.model.size} points, ${components} stateful components; capture + JSON ${captureMs.toFixed(2)} ms, ` +
      `parse + restore ${restoreMs.toFixed(2)} ms, ${(json.length / 1024).toFixed(1)} KiB`,
  );
}

const demo = new LightShow(new Engine());
buildDemoShow(demo);
measure('demo show', demo);

const engine = new Engine();
const opened = readProject(standardWorkload(200, 400), createLibrary());
engine.graph.reserveIds(opened.maxId);
measure('80k-point workload', new LightShow(engine, opened.lx));
