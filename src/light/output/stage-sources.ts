// The stage (DMX) fixtures as output sources: each one's mode is a run of raw bytes (a static run
// the engine refills every frame from the fixture's DMX) at its universe and address, on its
// protocol (Art-Net or sACN) and host. They join the pixel fixtures' packets of the same
// universe and destination; a collision with a pixel output is refused at patch time and, if a
// pixel output moves onto them later, reported in the output map like any other.
import type { StageFixture, StageRig } from '../show/stage-rig.js';
import { DEFAULT_PORTS, type Protocol } from '../structure/output-protocols.js';
import type { OutputSource } from './packing.js';
import type { DeclaredFixture } from './sources.js';

/** sACN priority of a stage fixture's universes (E1.31's default). */
const STAGE_PRIORITY = 100;

interface StageOutputs {
  readonly fixtures: readonly StageFixture[];
  readonly declared: readonly DeclaredFixture[];
  readonly sources: readonly OutputSource[];
}

/** What decides the stage fixtures' part of the plan: when it changes, the plan is rebuilt. */
export function stageKey(rig: StageRig): string {
  return rig.fixtures.items
    .map((f) => `${f.id}:${f.protocol}:${f.host}:${f.patch.universe}:${f.patch.address}:${f.footprint}:${f.label.getString()}`)
    .join('|');
}

/** The stage fixtures' sources (after the pixel sources: `firstSource` is the index of the first) and their declared outputs, for the map. */
export function stageOutputs(rig: StageRig, firstSource: number, ports: Partial<Record<Protocol, number>>): StageOutputs {
  const fixtures = rig.fixtures.items;
  const sources: OutputSource[] = [];
  const declared: DeclaredFixture[] = fixtures.map((f, i) => {
    const protocol = f.protocol;
    const port = ports[protocol] ?? DEFAULT_PORTS[protocol];
    const { universe, address } = f.patch;
    // Where and how its bytes go: the same for the packer's source and the map's output.
    const wire = {
      protocol,
      transport: 'udp',
      host: f.host,
      port,
      universe,
      channel: address - 1,
      priority: STAGE_PRIORITY,
      sequenceEnabled: true,
      kinetVersion: 'PORTOUT',
      fps: 0,
    } as const;
    sources.push({
      path: f.path,
      label: f.label.getString(),
      ...wire,
      segments: [{ indices: new Int32Array(0), byteOrder: 0, outputStride: 3, headerBytes: new Uint8Array(f.footprint) }],
    });
    return {
      path: f.path,
      id: f.id,
      label: f.label.getString(),
      type: `stage fixture: ${f.profile.maker} ${f.profile.model} (${f.patch.mode})`,
      tags: [],
      enabled: true,
      deactivated: false,
      points: 0,
      firstPoint: -1,
      outputs: [
        {
          ...wire,
          owner: [],
          brightness: 1,
          segments: [
            {
              pixels: 0,
              first: -1,
              last: -1,
              count: 0,
              repeat: 1,
              padPre: 0,
              padPost: 0,
              byteOrder: 'RGB',
              outputStride: 3,
              headerBytes: f.footprint,
              footerBytes: 0,
            },
          ],
          sourceIndex: firstSource + i,
        },
      ],
      problems: [],
    };
  });
  return { fixtures, declared, sources };
}
