// A stage fixture's DMX as the last rendered frame left it: the bytes the output stage sends and,
// per attribute, the value sent, its parameter value and what drove it. get_stage_fixture_dmx
// replies with it for the live show, and the offline show (src/show) for the frame at a beat.
import { capabilityAt } from '../stage/patch.js';
import type { AimMode } from './stage-aim.js';
import type { StageFixture } from './stage-rig.js';

interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A head's aim as the last frame left it. */
interface AimReport {
  readonly mode: AimMode;
  readonly target?: Vec3;
  readonly pan?: number;
  readonly tilt?: number;
  readonly reachable?: boolean;
}

export interface StageFixtureDmx {
  readonly path: string;
  readonly universe: number;
  readonly address: number;
  readonly dmx: { readonly channel: number; readonly name: string | null; readonly value: number }[];
  readonly attributes: {
    readonly key: string;
    readonly value: number;
    readonly base: number;
    readonly drivenBy?: string;
    readonly range?: string;
  }[];
  readonly aim?: AimReport;
  readonly warnings?: string[];
}

/** A head's aim and the warnings about it (nothing for a fixture that cannot aim). */
export function aimReport(f: StageFixture): { aim?: AimReport; warnings?: string[] } {
  const aim = f.aim;
  if (aim === undefined) return {};
  const s = aim.status;
  const warnings = aim.warnings();
  return {
    aim: {
      mode: aim.modeName,
      ...(s === undefined ? {} : { target: { x: s.target.x, y: s.target.y, z: s.target.z }, pan: s.pan, tilt: s.tilt, reachable: s.reachable }),
    },
    ...(warnings.length === 0 ? {} : { warnings }),
  };
}

/** The fixture's bytes and attributes at the last rendered frame (plain data: it crosses a worker's message). */
export function stageFixtureDmx(f: StageFixture): StageFixtureDmx {
  const bytes = f.dmx();
  const names = f.layout.mode.channels;
  return {
    path: f.path,
    universe: f.patch.universe,
    address: f.patch.address,
    dmx: [...bytes].map((value, i) => ({ channel: f.patch.address + i, name: names[i] ?? null, value })),
    attributes: f.layout.slots.map((s, i) => {
      const value = f.valueAt(i);
      const cap = capabilityAt(s, value);
      const by = f.drivenBy[i];
      return {
        key: s.key,
        value,
        base: f.values[i].getValue(),
        ...(by === undefined ? {} : { drivenBy: by }),
        ...(cap === undefined ? {} : { range: cap.label }),
      };
    }),
    ...aimReport(f),
  };
}
