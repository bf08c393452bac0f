import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { Modulator } from '../modulation/modulator.js';
import { ADM_OBJECTS, type AdmInput } from './adm.js';
import { globalMeterOf } from './graphic-meter.js';

const METER_SOURCES = [
  { label: 'None', name: 'NONE' },
  { label: 'Audio', name: 'AUDIO' },
  { label: 'Envelop', name: 'ENVELOP' },
  { label: 'Reaper', name: 'REAPER' },
];
const AUDIO_SOURCES = [
  { label: 'Mix', name: 'MIX' },
  { label: 'L', name: 'LEFT' },
  { label: 'R', name: 'RIGHT' },
];
const AUDIO = 1;

/** The ADM input of the light engine holding `m`, or null when detached. */
function admOf(m: Modulator): AdmInput | null {
  for (let p = m.parent; p !== null; p = p.parent) {
    if ((p as { isLightRoot?: boolean }).isLightRoot === true) return (p as unknown as { audio?: { adm: AdmInput } }).audio?.adm ?? null;
  }
  return null;
}

/**
 * LX's SoundObject (global "Sound Object"): a sound source positioned by azimuth, elevation and
 * distance on the sound stage, which ADM-OSC drives when `admSync` is on (object `admObjId`,
 * from `/adm/obj/<n>/...`, applied at the start of the frame). Its level is the manual `input`
 * (meter source None) or the global meter (Audio: Footlight's input is mono, so Mix, L and R
 * read the same level); Envelop and Reaper meters arrive from those systems over OSC, which
 * Footlight does not receive, so they read 0. The level is mapped from floor–ceiling to 0–1
 * and slewed toward it (at most deltaMs / Attack up, deltaMs / Release down): the modulator's
 * value. ADM azimuths are counter-clockwise, LX's clockwise, so ADM Sync negates them.
 * `position` and `normalized` are the object's place on the sound stage (see sound-stage.ts).
 */
export class SoundObject extends Modulator {
  readonly lxClass = 'heronarts.lx.audio.SoundObject';
  readonly admSync = new BooleanParameter('ADM Sync', false, { description: 'Follow ADM-OSC object positions (/adm/obj/<Object ID>/aed, azim, elev, dist)' });
  readonly admObjId = new DiscreteParameter('Object ID', 1, 1, ADM_OBJECTS, { description: 'The ADM object to follow' });
  readonly meterSource = new EnumParameter('Meter Source', METER_SOURCES, 0, {
    description: 'Where the level comes from: None (the Input knob), Audio (the global meter), Envelop or Reaper (not received by Footlight: 0)',
  });
  readonly audioMeterSource = new EnumParameter('Audio Meter Source', AUDIO_SOURCES, 0, {
    description: 'Which audio channel meters the object (Footlight hears a mono mix: all three read it)',
  });
  readonly envelopSource = new DiscreteParameter('Envelop Source Channel', 1, 1, 32, { description: 'Envelop source channel (not received by Footlight)' });
  readonly reaperSource = new DiscreteParameter('Reaper Source Channel', 1, 1, 32, { description: 'Reaper track meter (not received by Footlight)' });
  readonly input = new BoundedParameter('Input', 0, { description: 'The level when Meter Source is None' });
  readonly meterFloor = new BoundedParameter('Floor', 0, { units: 'percentNormalized', description: 'Level that maps to 0' });
  readonly meterCeiling = new BoundedParameter('Ceiling', 1, { units: 'percentNormalized', description: 'Level that maps to 1' });
  readonly attackMs = new BoundedParameter('Attack', 10, { v0: 0, v1: 1000, units: 'millisecondsRaw', description: 'Time constant while the level rises' });
  readonly releaseMs = new BoundedParameter('Release', 50, { v0: 0, v1: 10000, units: 'millisecondsRaw', description: 'Time constant while the level falls' });
  readonly azimuth = new BoundedParameter('Azimuth', 0, {
    v0: -180,
    v1: 180,
    units: 'degrees',
    polarity: 'bipolar',
    wrappable: true,
    modulatable: true,
    description: 'Direction around the stage, in degrees',
  });
  readonly elevation = new BoundedParameter('Elevation', 0, {
    v0: -90,
    v1: 90,
    units: 'degrees',
    polarity: 'bipolar',
    modulatable: true,
    description: 'Height angle, in degrees',
  });
  readonly distance = new BoundedParameter('Distance', 1, {
    v0: 0,
    v1: 2,
    units: 'percentNormalized',
    modulatable: true,
    description: 'Distance from the stage centre (1 = the stage edge)',
  });
  /** Stage-space position, (.5, .5, .5) the center (float32, LX's `position`); see `updateCartesian`. */
  readonly position = new Float32Array([0.5, 0.5, 1]);
  /** Unit direction (LX's `normalized`). */
  readonly normalized = new Float32Array([0, 0, 1]);
  private readonly aed = new Float64Array([0, 0, 1]);

  constructor(label = 'Sound Object') {
    super(label);
    this.addParameter('admSync', this.admSync);
    this.addParameter('admObjId', this.admObjId);
    this.addParameter('meterSource', this.meterSource);
    this.addParameter('audioMeterSource', this.audioMeterSource);
    this.addParameter('envelopSource', this.envelopSource);
    this.addParameter('reaperSource', this.reaperSource);
    this.addParameter('input', this.input);
    this.addParameter('meterFloor', this.meterFloor);
    this.addParameter('meterCeiling', this.meterCeiling);
    this.addParameter('attackMs', this.attackMs);
    this.addParameter('releaseMs', this.releaseMs);
    this.addParameter('azimuth', this.azimuth);
    this.addParameter('elevation', this.elevation);
    this.addParameter('distance', this.distance);
  }

  /** The raw level before smoothing: the Input knob, the global meter, or 0. */
  private rawLevel(): number {
    const source = this.meterSource.getValue();
    if (source === 0) return this.input.getValue();
    if (source === AUDIO) return globalMeterOf(this)?.getValue() ?? 0;
    return 0;
  }

  /**
   * Recomputes `position` and `normalized` from azimuth (clockwise about Y, 0 toward +z),
   * elevation and distance (1 = the stage edge, position .5 ± distance/2) when they changed.
   */
  updateCartesian(): void {
    const az = this.azimuth.getValue();
    const el = this.elevation.getValue();
    const dist = this.distance.getValue();
    const aed = this.aed;
    if (aed[0] === az && aed[1] === el && aed[2] === dist) return;
    aed[0] = az;
    aed[1] = el;
    aed[2] = dist;
    const fr = Math.fround;
    const d = fr(0.5 * fr(dist));
    const sinAzim = fr(Math.sin((az * Math.PI) / 180));
    const cosAzim = fr(Math.cos((az * Math.PI) / 180));
    const cosElev = fr(Math.cos((el * Math.PI) / 180));
    const sinElev = fr(Math.sin((el * Math.PI) / 180));
    const nx = fr(sinAzim * cosElev);
    const nz = fr(cosAzim * cosElev);
    this.position[0] = fr(0.5 + fr(fr(d * sinAzim) * cosElev));
    this.position[1] = fr(0.5 + fr(d * sinElev));
    this.position[2] = fr(0.5 + fr(fr(d * cosAzim) * cosElev));
    this.normalized[0] = nx;
    this.normalized[1] = sinElev;
    this.normalized[2] = nz;
  }

  protected computeValue(deltaMs: number): number {
    this.updateCartesian();
    if (this.admSync.isOn()) {
      const p = admOf(this)?.position(this.admObjId.getValue()) ?? null;
      if (p !== null) {
        const azimuth = p.azimuth === 0 ? 0 : -p.azimuth;
        if (azimuth !== this.azimuth.getBaseValue()) this.azimuth.setValue(azimuth);
        if (p.elevation !== this.elevation.getBaseValue()) this.elevation.setValue(p.elevation);
        if (p.distance !== this.distance.getBaseValue()) this.distance.setValue(p.distance);
      }
    }
    const floor = this.meterFloor.getValue();
    const span = this.meterCeiling.getValue() - floor;
    const raw = this.rawLevel();
    const t = span !== 0 ? (raw - floor) / span : raw >= floor ? 1 : 0;
    const target = t < 0 ? 0 : t > 1 ? 1 : t;
    const current = this.getValue();
    if (target > current) {
      const attack = this.attackMs.getValue();
      if (attack > 0) return Math.min(target, current + deltaMs / attack);
    } else {
      const release = this.releaseMs.getValue();
      if (release > 0) return Math.max(target, current - deltaMs / release);
    }
    return target;
  }
}
