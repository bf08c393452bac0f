import type { OscArgOutputOrArray } from 'osc-min';

/** ADM-OSC object positions LX keeps (objects 1–64): azimuth°, elevation°, distance. */
export const ADM_OBJECTS = 64;

interface AdmPosition {
  azimuth: number;
  elevation: number;
  distance: number;
}

function num(a: OscArgOutputOrArray | undefined): number | undefined {
  if (a === undefined || a.type === 'array') return undefined;
  return (a.type === 'float' || a.type === 'double' || a.type === 'integer') && Number.isFinite(a.value) ? a.value : undefined;
}

const OBJ = /^\/adm\/obj\/([1-9][0-9]?)\/(azim|elev|dist|aed)$/;

/**
 * The ADM-OSC input of the audio engine (LX's ADM, `/adm/...` addresses): `/adm/obj/<n>/azim`,
 * `elev`, `dist` (one float each) and `aed` (three) move object n; Sound Objects with ADM Sync
 * follow their object on the next frame. Positions are live input, not saved (LX saves none).
 */
export class AdmInput {
  /** The positions received are live input a checkpoint carries (runtime state). */
  runtimeFields(): readonly string[] {
    return ['positions'];
  }

  private readonly positions: (AdmPosition | null)[] = new Array<AdmPosition | null>(ADM_OBJECTS).fill(null);

  /** Object `id`'s last received position (1-based), or null if none has arrived. */
  position(id: number): AdmPosition | null {
    return this.positions[id - 1] ?? null;
  }

  /** Applies one ADM-OSC message; returns why it was not understood, or null. */
  receive(address: string, args: readonly OscArgOutputOrArray[]): string | null {
    const m = OBJ.exec(address);
    if (m === null) return 'only /adm/obj/<1-64>/azim, elev, dist and aed are understood';
    const id = Number(m[1]);
    if (id > ADM_OBJECTS) return `ADM object ids run 1–${ADM_OBJECTS}`;
    const values = args.map(num);
    const want = m[2] === 'aed' ? 3 : 1;
    if (values.length < want || values.slice(0, want).some((v) => v === undefined)) return `${address} takes ${want} number${want > 1 ? 's' : ''}`;
    const p = (this.positions[id - 1] ??= { azimuth: 0, elevation: 0, distance: 1 });
    const [a, b, c] = values as number[];
    if (m[2] === 'azim') p.azimuth = a;
    else if (m[2] === 'elev') p.elevation = a;
    else if (m[2] === 'dist') p.distance = a;
    else Object.assign(p, { azimuth: a, elevation: b, distance: c });
    return null;
  }
}
