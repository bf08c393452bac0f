import { ARPEGGIATOR } from './arpeggiator.js';
import { CHORUS_PLUS } from './chorus-plus.js';
import { COMPRESSOR } from './compressor.js';
import { DELAY_PLUS } from './delay-plus.js';
import type { DeviceDef } from './device.js';
import { DISTORTION } from './distortion.js';
import { EQ_PLUS } from './eq-plus.js';
import { FILTER_PLUS } from './filter-plus.js';
import { FM4 } from './fm4.js';
import { FX_CHAIN } from './fx-chain.js';
import { FX_GRID } from './fx-grid.js';
import { NOTE_TRANSPOSE } from './note-transpose.js';
import { ORGAN } from './organ.js';
import { POLY_GRID } from './poly-grid.js';
import { POLYSYNTH } from './polysynth.js';
import { REVERB } from './reverb.js';
import { SAMPLER } from './sampler.js';
import { TOOL } from './tool.js';

/**
 * Every device the host offers, in catalog order: each file holds one device's parameters,
 * defaults and DSP. The catalog (src/sound/model/catalog.ts) is made from this table; a new
 * device is one file and one line here (test/sound/audio/device-table.test.ts checks both ways).
 */
export const DEVICE_TABLE: readonly DeviceDef[] = [
  POLY_GRID,
  FX_GRID,
  POLYSYNTH,
  SAMPLER,
  FM4,
  ORGAN,
  EQ_PLUS,
  COMPRESSOR,
  DELAY_PLUS,
  REVERB,
  CHORUS_PLUS,
  DISTORTION,
  FILTER_PLUS,
  TOOL,
  FX_CHAIN,
  ARPEGGIATOR,
  NOTE_TRANSPOSE,
];

const BY_NAME: ReadonlyMap<string, DeviceDef> = new Map(DEVICE_TABLE.map((d) => [d.name, d]));

/** The device of a plan device's type (its catalog name), if the table has one. */
export const deviceDef = (name: string): DeviceDef | undefined => BY_NAME.get(name);
