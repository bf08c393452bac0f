// Writes the hand-made projects of test/golden/lx-scenes/snapshots: snapshots, palette swatches
// and crossfader groups changing over time. Each starts from a shared golden scene's project (its
// model and devices, exact in Footlight) and changes the engine. LX opens and re-saves every one
// (Canon, which also records the global snapshots listed in <scene>.snapshots.json); only LX's
// saved file is committed.
//   node scripts/lx-harness/snapshots/scenes.mjs hand OUT_DIR          hand-made projects + snapshot specs
//   node scripts/lx-harness/snapshots/scenes.mjs post SCENE IN.lxp OUT.lxp   per-snapshot settings
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../../', import.meta.url);
const shared = (name) => JSON.parse(readFileSync(new URL(`test/golden/lx-1.2.1/${name}.lxp`, root), 'utf8'));

const engine = (p) => p.engine.children;
const channels = (p) => engine(p).mixer.channels;

function color(mode, primary, secondary = [120, 100, 100], period = 30) {
  const names = ['FIXED', 'OSCILLATE', 'CYCLE'];
  return {
    class: 'heronarts.lx.color.LXDynamicColor',
    parameters: {
      label: 'LX',
      mode,
      'mode/name': names[mode],
      period,
      'primary/hue': primary[0],
      'primary/saturation': primary[1],
      'primary/brightness': primary[2],
      'secondary/hue': secondary[0],
      'secondary/saturation': secondary[1],
      'secondary/brightness': secondary[2],
    },
    children: {},
  };
}

function swatch(label, colors, eligible = true) {
  return { class: 'heronarts.lx.color.LXSwatch', parameters: { label, recall: false, autoCycleEligible: eligible }, children: {}, colors };
}

const CH = (n) => `/lx/mixer/channel/${n}`;

// Snapshot auto-cycle with FADE transitions: three snapshots of the crossfader_ab engine (channel
// on/off and faders, crossfader, pattern parameters, an enum and a discrete one); auto-cycle NEXT every 0.2 s, interpolated
// transitions of 0.4 s, channel mode FADE (a channel switched on fades in from 0, one switched off
// fades out and then turns off). The crossfader LFO is removed so the snapshots own the crossfader.
function snapshotsFade() {
  const p = shared('crossfader_ab');
  const m = engine(p).modulation;
  m.modulators = [];
  m.modulations = [];
  Object.assign(engine(p).snapshots.parameters, {
    channelMode: 1,
    'channelMode/name': 'FADE',
    transitionEnabled: true,
    transitionTimeSecs: 0.4,
    autoCycleEnabled: true,
    autoCycleTimeSecs: 0.2,
  });
  engine(p).mixer.parameters.crossfader = 0.3;
  const snapshots = [
    { label: 'Warm', set: { [`${CH(2)}/enabled`]: 0, [`${CH(3)}/fader`]: 0.8, '/lx/mixer/crossfader': 0.1 } },
    {
      label: 'Cool',
      set: {
        [`${CH(1)}/enabled`]: 0,
        [`${CH(2)}/fader`]: 0.6,
        '/lx/mixer/crossfader': 0.9,
        [`${CH(2)}/pattern/1/scale`]: 0.8,
        [`${CH(2)}/pattern/1/algorithm`]: 3,
        [`${CH(2)}/pattern/1/octaves`]: 7,
        [`${CH(1)}/pattern/1/fixedColor/hue`]: 250,
      },
    },
    {
      label: 'Mix',
      set: {
        [`${CH(1)}/fader`]: 0.45,
        [`${CH(3)}/enabled`]: 0,
        '/lx/mixer/crossfader': 0.55,
        [`${CH(1)}/pattern/1/gradientRange`]: 240,
        [`${CH(1)}/pattern/1/fixedColor/hue`]: 140,
      },
    },
  ];
  return { project: p, snapshots };
}

// The same snapshots in TOGGLE channel mode, with a custom transition time on the second snapshot
// and a custom cycle time on the third (set after Canon records them: see post()).
function snapshotsToggle() {
  const s = snapshotsFade();
  Object.assign(engine(s.project).snapshots.parameters, { channelMode: 0, 'channelMode/name': 'TOGGLE', transitionTimeSecs: 0.3 });
  return s;
}

// Snapshots recalled while another is still transitioning: auto-cycle off, 0.5 s transitions, a
// global Interval (every 300 ms) firing the engine's Trigger Cycle through a trigger mapping. LX
// does not finish the running transition: the views it was moving stay where they are.
function snapshotsMidTransition() {
  const s = snapshotsFade();
  const e = engine(s.project);
  Object.assign(e.snapshots.parameters, { autoCycleEnabled: false, transitionTimeSecs: 0.5 });
  e.modulation.modulators = [interval(300)];
  e.modulation.triggers = [triggerTo(e.snapshots.id, 'triggerSnapshotCycle', '/snapshots/triggerSnapshotCycle')];
  return s;
}

/** A global Interval (Cycler) firing every `ms` milliseconds. */
function interval(ms) {
  return {
    id: 900,
    class: 'heronarts.lx.modulator.Interval',
    parameters: { label: 'Cycler', running: true, loop: true, periodMs: ms, randomMs: 0, chance: 100 },
    children: {},
    basis: 0,
  };
}

/** A trigger mapping from the Interval's Trigger Out to a trigger parameter of an engine component. */
function triggerTo(componentId, parameterPath, path) {
  return {
    source: { componentId: 900, parameterPath: 'triggerOut', path: '/modulation/modulator/1/triggerOut' },
    target: { componentId, parameterPath, path },
    class: 'heronarts.lx.modulation.LXTriggerModulation',
    parameters: { label: 'LX', enabled: true },
    children: {},
  };
}

// Saved palette swatches auto-cycled with HSV transitions: the palette_dynamic engine (a palette
// gradient and a palette solid) with three saved swatches of 3, 2 and 4 colours (fixed, CYCLE and
// OSCILLATE), cycled NEXT every 0.25 s with 0.3 s transitions blended in HSV.
function paletteSwatches(mode, name) {
  const p = shared('palette_dynamic');
  const pal = engine(p).palette;
  Object.assign(pal.parameters, {
    transitionEnabled: true,
    transitionTimeSecs: 0.3,
    transitionMode: mode,
    'transitionMode/name': name,
    autoCycleEnabled: true,
    autoCycleTimeSecs: 0.25,
  });
  pal.swatches = [
    swatch('Sunset', [color(0, [10, 100, 100]), color(0, [45, 80, 90]), color(0, [330, 60, 70])]),
    swatch('Ocean', [color(2, [190, 90, 100], [120, 100, 100], 1.2), color(0, [230, 100, 60])]),
    swatch('Skip', [color(0, [0, 0, 100])], false),
    swatch('Forest', [color(1, [100, 100, 80], [160, 70, 100], 0.8), color(0, [80, 50, 100]), color(0, [140, 100, 40]), color(0, [60, 30, 100])]),
  ];
  return { project: p };
}

// The palette's Trigger Cycle fired every 300 ms by a global Interval through a trigger mapping,
// without auto-cycle, into 0.5 s HSV transitions: a trigger during a transition finishes it
// (unlike the snapshot engine's), the next one moves on.
function swatchesTrigger() {
  const { project: p } = paletteSwatches(1, 'HSV');
  const e = engine(p);
  Object.assign(e.palette.parameters, { autoCycleEnabled: false, transitionTimeSecs: 0.5 });
  e.modulation.modulators = [interval(300)];
  e.modulation.triggers = [triggerTo(e.palette.id, 'triggerSwatchCycle', '/palette/triggerSwatchCycle')];
  return { project: p };
}

// Crossfader groups swept by an LFO with a non-default crossfader blend: the groups engine with
// Group-1 (two channels and a group effect) on crossfade side A and Group-2 (a solid) on B, both
// blended Normal into their side, the crossfader swept over its whole range by the Triangle LFO of
// crossfader_ab, crossfaderBlendMode = BLEND (1 Add, 2 Multiply, 3 Lightest, 4 Darkest,
// 5 Difference). (The shared scene blends Group-2 Multiply, which over a side's black background
// leaves side B black.)
function crossfaderGroups(blend, side = { 'Group-1': [1, 'A'], 'Group-2': [2, 'B'] }) {
  const p = shared('groups');
  const chs = channels(p);
  for (const c of chs) {
    const s = side[c.parameters.label];
    if (s) Object.assign(c.parameters, { crossfadeGroup: s[0], 'crossfadeGroup/name': s[1], blendMode: 0 });
  }
  const xf = engine(shared('crossfader_ab')).modulation;
  engine(p).modulation.modulators = xf.modulators;
  engine(p).modulation.modulations = xf.modulations;
  Object.assign(engine(p).mixer.parameters, { crossfader: 0, crossfaderBlendMode: blend });
  return { project: p };
}

const SCENES = {
  snapshots_fade_cycle: snapshotsFade,
  snapshots_toggle_custom: snapshotsToggle,
  snapshots_mid_transition: snapshotsMidTransition,
  swatches_trigger_cycle: swatchesTrigger,
  swatches_hsv_cycle: () => paletteSwatches(1, 'HSV'),
  swatches_hsvccw_cycle: () => paletteSwatches(4, 'HSVCCW'),
  swatches_rgb_cycle: () => paletteSwatches(0, 'RGB'),
  crossfader_groups_add: () => crossfaderGroups(1),
  crossfader_groups_multiply: () => crossfaderGroups(2),
  crossfader_groups_lightest: () => crossfaderGroups(3),
  crossfader_groups_darkest: () => crossfaderGroups(4),
  crossfader_groups_difference: () => crossfaderGroups(5),
  // Only side A holds a group (Group-2 stays BYPASS): A is added to main at min(1, 2·(1 − crossfader)).
  crossfader_groups_one_side: () => crossfaderGroups(5, { 'Group-1': [1, 'A'], 'Group-2': [0, 'BYPASS'] }),
};

// Settings of the snapshots themselves, applied to LX's first save (which holds the recorded
// snapshots) before LX saves the scene again.
function post(scene, p) {
  const snaps = engine(p).snapshots.snapshots;
  if (scene !== 'snapshots_toggle_custom') return p;
  Object.assign(snaps[1].parameters, { hasCustomTransitionTime: true, transitionTimeSecs: 0.15 });
  Object.assign(snaps[2].parameters, { hasCustomCycleTime: true, cycleTimeSecs: 0.5 });
  return p;
}

const [cmd, ...args] = process.argv.slice(2);
if (cmd === 'hand') {
  for (const [scene, make] of Object.entries(SCENES)) {
    const { project, snapshots } = make();
    writeFileSync(join(args[0], `${scene}.hand.lxp`), JSON.stringify(project, null, 2));
    if (snapshots) writeFileSync(join(args[0], `${scene}.snapshots.json`), JSON.stringify(snapshots, null, 2));
  }
  console.log(Object.keys(SCENES).join(' '));
} else if (cmd === 'post') {
  const [scene, inPath, outPath] = args;
  writeFileSync(outPath, JSON.stringify(post(scene, JSON.parse(readFileSync(inPath, 'utf8'))), null, 2));
} else {
  console.error('usage: scenes.mjs hand OUT_DIR | post SCENE IN.lxp OUT.lxp');
  process.exit(1);
}
