// The show the agent-load server renders: one grid of rows × columns points and either
// `standard` (the golden README's standard workload: four channels at fader 1 blended Add with
// Noise, Gradient, Planes and Chase) or `light` (one Solid channel: a render far inside the frame
// budget, so dropped frames measure what the agents cost). Built inside the engine queue of a
// running Footlight, replacing the demo show's fixtures and channels.
import type { Parameter } from '../src/engine/parameters/parameter.js';
import { createLibrary } from '../src/light/library.js';
import { Channel } from '../src/light/mixer/channel.js';
import { Fixture } from '../src/light/structure/fixture.js';
import type { RunningFootlight } from '../src/main.js';

export type Workload = 'standard' | 'light';

function set(parameters: ReadonlyMap<string, Parameter>, key: string, value: unknown): void {
  const p = parameters.get(key);
  if (p === undefined) throw new Error(`no parameter ${key}`);
  p.setBase(p.accept(value as never) as never);
}

/** Builds the workload; returns the number of points. */
export async function buildWorkload(app: RunningFootlight, workload: Workload, rows: number, columns: number): Promise<number> {
  return app.engine.queue.submit(() => {
    const { structure, mixer } = app.light;
    for (const f of [...structure.fixtures.items]) structure.removeFixture(f);
    const grid = new Fixture('GridFixture', 'Grid');
    set(grid.parameters, 'numRows', rows);
    set(grid.parameters, 'numColumns', columns);
    structure.addFixture(grid);
    for (const c of [...mixer.channels.items]) mixer.channels.remove(c as never);
    const lib = createLibrary();
    const channel = (name: string, settings: Record<string, unknown>): void => {
      const ch = new Channel(name);
      mixer.insertChannel(ch);
      const pattern = lib.create(lib.find('pattern', name));
      for (const [k, v] of Object.entries(settings)) set(pattern.parameters, k, v);
      ch.addPattern(pattern as never);
      set(ch.parameters, 'fader', 1);
      set(ch.parameters, 'blendMode', 'Add');
    };
    if (workload === 'standard') {
      channel('Noise', { octaves: 3, motionSpeed: 0.5 });
      channel('Gradient', { xAmount: 1, gradient: 0.5 });
      channel('Planes', {});
      channel('Chase', {});
    } else {
      channel('Solid', {});
    }
    return structure.model.size;
  });
}
