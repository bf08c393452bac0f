import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Engine } from '../../../src/engine/engine.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { pointPool } from '../../../src/light/parallel/point-pool.js';
import { readProject } from '../../../src/light/show/project/project-file.js';
import { compareScene, formatParity, goldenScenes } from '../../../src/light/render/golden.js';
import { standardWorkload } from '../../../bench/workload.js';
import { EXACT_SCENES, GOLDEN_DIR } from '../../helpers/golden-dir.js';

type Json = Record<string, any>;

/** Frame hashes of `frames` frames of `project`, rendered with the pool set up by `setup`. */
function render(project: Json, frames: number, setup: () => void): string[] {
  setup();
  try {
    const engine = new Engine();
    const opened = readProject(structuredClone(project), createLibrary());
    engine.graph.reserveIds(opened.maxId);
    const show = new LightShow(engine, opened.lx);
    const hashes: string[] = [];
    for (let i = 0; i < frames; i++) {
      engine.clock.stepFixed(1, 1000 / 60);
      hashes.push(createHash('sha256').update(show.main).digest('hex'));
    }
    return hashes;
  } finally {
    pointPool.minSharedPoints = 16384;
    pointPool.soloChunk = Number.POSITIVE_INFINITY;
  }
}

const solo = (): void => {
  pointPool.minSharedPoints = Number.POSITIVE_INFINITY;
};
const split = (): void => {
  solo();
  pointPool.soloChunk = 1237;
};
const threaded = (): void => {
  pointPool.minSharedPoints = 0;
};

/** The standard bench workload on a 160 × 128 grid (20480 points: shared buffers), with `patch` applied. */
function workload(patch: (channels: Json[], master: Json) => void): Json {
  const project = standardWorkload(160, 128) as Json;
  const mixer = project.engine.children.mixer;
  patch(mixer.channels, mixer.children.master);
  return project;
}

const pattern = (channels: Json[], i: number): Json => channels[i].patterns[0];

/** Sets parameters of a saved component, dropping the saved option names that would override an enum's index. */
function set(component: Json, values: Json): void {
  for (const [key, value] of Object.entries(values)) {
    component.parameters[key] = value;
    delete component.parameters[`${key}/name`];
  }
}

const VARIANTS: [string, Json][] = [
  ['standard', workload(() => undefined)],
  [
    'every device turned and reshaped',
    workload((channels, master) => {
      set(pattern(channels, 0), { rotate: true, yaw: 30, pitch: 12, xMode: 1, yMode: 2, algorithm: 1, octaves: 2 });
      set(pattern(channels, 1), {
        rotate: true,
        pitch: 25,
        colorMode: 2,
        gradientClamp: 2,
        gradientPhase: 0.3,
        gradientInvert: true,
        yMode: 2,
        yAmount: -0.5,
        gradientScale: 2.5,
      });
      set(pattern(channels, 2), { yaw: 40, roll: 10 });
      pattern(channels, 2).planes = [
        {
          id: 900,
          class: 'heronarts.lx.pattern.form.PlanesPattern$Plane',
          parameters: { active: true, axis: 1, tilt: 30, spin: 20, width: 0.3 },
          children: {},
        },
        { id: 901, class: 'heronarts.lx.pattern.form.PlanesPattern$Plane', parameters: { active: true, axis: 4, position: 0.2 }, children: {} },
      ];
      set(pattern(channels, 3), { swarmOn: true, interlace: true, alternateChunk: true, shift: 30, wrap: 1, chunkSize: 37 });
      set(channels[1], { fader: 0.6 });
      set(channels[2], { blendMode: 4 }); // Normal
      set(channels[3], { blendMode: 9 }); // Lightest
      set(master.effects[0], { mode: 1 });
    }),
  ],
  [
    'noise FBM and a chase without swarm on interlaced chunks',
    workload((channels) => {
      set(pattern(channels, 0), { algorithm: 2, zMode: 3 });
      set(pattern(channels, 3), { interlace: true, chunkSize: 3, wrap: 3 });
    }),
  ],
];

before(async () => {
  // The helper thread starts on the first large job; wait until it runs chunks, so that every
  // threaded render below can be shared with it.
  for (let tries = 0; tries < 100 && pointPool.helperChunks === 0; tries++) {
    render(VARIANTS[0][1], 2, threaded);
    await sleep(50);
  }
});

test('point jobs: the variants load the settings they are about', () => {
  const loaded = (project: Json, path: string): unknown => {
    const opened = readProject(structuredClone(project), createLibrary());
    const engine = new Engine();
    engine.graph.reserveIds(opened.maxId);
    return new LightShow(engine, opened.lx).parameter({ path }).baseValue;
  };
  const [, turned] = VARIANTS[1];
  const [, fbm] = VARIANTS[2];
  assert.equal(loaded(turned, '/lx/mixer/channel/1/pattern/1/algorithm'), 1, 'Ridge');
  assert.equal(loaded(turned, '/lx/mixer/channel/2/pattern/1/gradientClamp'), 2, 'Mirror');
  assert.equal(loaded(turned, '/lx/mixer/channel/4/pattern/1/swarmOn'), true);
  assert.equal(loaded(turned, '/lx/mixer/master/effect/1/mode'), 1, 'Blur mode Add');
  assert.equal(loaded(fbm, '/lx/mixer/channel/1/pattern/1/algorithm'), 2, 'FBM');
});

for (const [name, project] of VARIANTS) {
  test(`point jobs (${name}): threaded and chunked frames equal one pass on the engine thread, bit for bit`, (t) => {
    const frames = 24;
    const expected = render(project, frames, solo);
    assert.deepEqual(render(project, frames, split), expected, 'chunked, last chunk first');
    const before = pointPool.helperChunks;
    assert.deepEqual(render(project, frames, threaded), expected, 'split with the helper thread');
    t.diagnostic(`helper ran ${pointPool.helperChunks - before} chunks`);
  });
}

test('point jobs: every golden scene stays exact when each job runs in chunks, last chunk first', () => {
  for (const scene of goldenScenes(GOLDEN_DIR).filter((s) => EXACT_SCENES.includes(s))) {
    pointPool.soloChunk = 7;
    try {
      const parity = compareScene(GOLDEN_DIR, scene, createLibrary());
      assert.equal(parity.exactFraction, 1, `${scene}: ${formatParity(parity)}`);
    } finally {
      pointPool.soloChunk = Number.POSITIVE_INFINITY;
    }
  }
});
