// Which attribute kind a value a cue moves belongs to, for times by attribute (docs/cues.md):
// intensity, colour or position. A stage fixture's attribute says it from its profile; other
// parameters by what they are (a fader, a palette colour, a hue). Anything else is none of them
// and moves on the cue's own times.
import type { Parameter } from '../../../engine/parameters/parameter.js';
import type { Attribute } from '../../stage/profiles/profile.js';
import { StageFixture } from '../stage-rig.js';
import type { AttributeKind } from './cue-data.js';

const STAGE_KINDS: Partial<Record<Attribute, AttributeKind>> = {
  intensity: 'intensity',
  shutter: 'intensity',
  pan: 'position',
  tilt: 'position',
};
for (const a of ['red', 'green', 'blue', 'white', 'amber', 'uv', 'lime', 'indigo', 'cyan', 'magenta', 'yellow', 'cto', 'color-wheel'] as const)
  STAGE_KINDS[a] = 'color';

const INTENSITY_KEYS = new Set(['fader', 'brightness', 'level', 'intensity', 'dimmer']);
const COLOR_KEYS = new Set(['hue', 'saturation', 'color', 'color1', 'color2', 'colorMode', 'paletteIndex']);

/** The kind of `p`, or undefined when it is none of intensity, colour and position. */
export function attributeKind(p: Parameter): AttributeKind | undefined {
  const owner = p.owner;
  if (owner instanceof StageFixture) {
    const i = owner.values.indexOf(p as (typeof owner.values)[number]);
    if (i >= 0) return STAGE_KINDS[owner.layout.slots[i].attribute];
    return p.key.startsWith('aim') ? 'position' : undefined;
  }
  if (p.path.startsWith('/lx/palette/')) return 'color';
  // A compound key names its parts (`color/hue`, `color/brightness`): a colour's brightness is colour.
  const parts = p.key.split('/');
  if (parts.some((k) => COLOR_KEYS.has(k))) return 'color';
  if (parts.some((k) => INTENSITY_KEYS.has(k))) return 'intensity';
  return undefined;
}
