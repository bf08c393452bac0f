import { hsb } from '../color/lx-color.js';
import type { Structure } from './structure.js';

const BLACK = 0xff000000;
const WHITE = 0xffffffff;

interface Buffers {
  readonly main: Uint32Array;
  readonly cue: Uint32Array;
  readonly aux: Uint32Array;
  cueOn?: boolean;
  /** Whether cue (aux) holds only black (MixerFrame): cleared when a color other than black is written there. */
  cueBlack?: boolean;
  auxBlack?: boolean;
}

/**
 * A view definition with `cueActive` on previews its points (LX §4.3 step 13): the cue output
 * becomes black everywhere and white on the view's points, and cue is on.
 */
export function viewCuePass(structure: Structure, frame: Buffers): void {
  const views = structure.views.views.items;
  for (let v = 0; v < views.length; v++) {
    const def = views[v];
    if (!def.cueActive.isOn()) continue;
    frame.cue.fill(BLACK);
    const points = def.points;
    if (points === null) frame.cue.fill(WHITE);
    else {
      const idx = points.index;
      for (let k = 0; k < idx.length; k++) frame.cue[idx[k]] = WHITE;
    }
    frame.cueOn = true;
    frame.cueBlack = false;
    return;
  }
}

function fillAll(b: Buffers, color: number, start: number, end: number): void {
  b.main.fill(color, start, end);
  b.cue.fill(color, start, end);
  b.aux.fill(color, start, end);
  if (color !== BLACK) b.cueBlack = b.auxBlack = false;
}

/**
 * LX's fixture post-pass after the mixer (§4.3 step 14): a muted fixture is black; an
 * identifying fixture pulses red; a soloed fixture blacks out every other point. Structure
 * `mute` makes everything black and `allWhite` everything white. Applies to main, cue and aux.
 */
export function fixturePostPass(structure: Structure, frame: Buffers, nowMillis: number): void {
  const size = frame.main.length;
  if (structure.mute.isOn()) {
    fillAll(frame, BLACK, 0, size);
    return;
  }
  if (structure.allWhite.isOn()) {
    fillAll(frame, WHITE, 0, size);
    return;
  }
  const fixtures = structure.fixtures.items;
  let solo: { start: number; count: number } | undefined;
  for (let i = 0; i < fixtures.length; i++) {
    const f = fixtures[i];
    const range = structure.pointRanges.get(f);
    if (range === undefined) continue;
    const end = Math.min(size, range.start + range.count);
    if (f.mute.isOn()) fillAll(frame, BLACK, range.start, end);
    else if (f.identify.isOn()) fillAll(frame, hsb(0, 100, Math.abs(-100 + ((nowMillis / 8) % 200))), range.start, end);
    if (f.solo.isOn()) solo = range;
  }
  if (solo !== undefined) {
    fillAll(frame, BLACK, 0, Math.min(size, solo.start));
    fillAll(frame, BLACK, Math.min(size, solo.start + solo.count), size);
  }
}
