// The show the agent-load server renders, as an LX project it opens at start: one grid of
// rows × columns points and either `standard` (the golden README's standard workload,
// bench/workload.ts: Noise, Gradient, Planes and Chase blended Add, Blur on the master, an LFO
// modulating Noise) or `light` (the same grid with one Solid channel and nothing else: a render
// far inside the frame budget, so dropped frames measure what the agents cost the show).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { standardWorkload } from './workload.js';

export type Workload = 'standard' | 'light';

type Json = Record<string, any>;

export function workloadProject(workload: Workload, rows: number, columns: number): Json {
  const project = standardWorkload(rows, columns) as Json;
  if (workload === 'light') {
    const mixer = project.engine.children.mixer;
    mixer.children.master.effects = [];
    mixer.channels = [
      {
        id: 30,
        class: 'heronarts.lx.mixer.LXChannel',
        parameters: { label: 'Solid', fader: 1, enabled: true, blendMode: 0 },
        children: {},
        effects: [],
        clips: [],
        patternIndex: 0,
        patterns: [{ id: 31, class: 'heronarts.lx.pattern.color.SolidPattern', parameters: { label: 'Solid' }, children: {}, deviceVersion: -1, effects: [] }],
      },
    ];
    project.engine.children.modulation.modulators = [];
    project.engine.children.modulation.modulations = [];
  }
  return project;
}

/** Writes the workload's project into `dir`; returns its path. */
export async function writeWorkload(dir: string, workload: Workload, rows: number, columns: number): Promise<string> {
  const path = join(dir, `${workload}-${rows}x${columns}.lxp`);
  await writeFile(path, JSON.stringify(workloadProject(workload, rows, columns)));
  return path;
}
