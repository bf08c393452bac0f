// Footlight's own generic fixture profiles: an RGBW par, an RGBW wash head, a spot head with wheels,
// a dimmer and a strobe. They need no library, so a show (the demo's included) can patch fixtures on
// any machine, and a user whose fixture is not in a library can start from the closest generic one.
// Written for Footlight in the profile model; ids start with `footlight/`, which no file path does.
import { type Capability, type FixtureProfile, type ProfileChannel, type ProfileMode, checkProfile, linkFineChannels } from './profile.js';

type Draft = Parameters<typeof checkProfile>[0];

function full(kind: Capability['kind'], label: string, extra: Partial<Capability> = {}): Capability[] {
  return [{ from: 0, to: 255, kind, label, ...extra }];
}

function channel(name: string, attribute: ProfileChannel['attribute'], capabilities: Capability[], defaultValue = 0): ProfileChannel {
  return { name, attribute, byte: 0, defaultValue, capabilities };
}

function fine(name: string, attribute: ProfileChannel['attribute'], coarse: string): ProfileChannel {
  return { name, attribute, byte: 1, coarse, defaultValue: 0, capabilities: [] };
}

const COLORS: readonly [string, ProfileChannel['attribute'], string][] = [
  ['Red', 'red', '#ff0000'],
  ['Green', 'green', '#00ff00'],
  ['Blue', 'blue', '#0000ff'],
  ['White', 'white', '#ffffff'],
];

const rgbw = (): ProfileChannel[] => COLORS.map(([name, attribute, hex]) => channel(name, attribute, full('color-intensity', name, { colors: [hex] })));

const dimmer = (): ProfileChannel => channel('Dimmer', 'intensity', full('intensity', 'Dimmer 0–100 %'));

/** Closed, strobe slow → fast (1–20 Hz), open: the usual layout of a shutter channel. */
const shutter = (): ProfileChannel =>
  channel(
    'Shutter',
    'shutter',
    [
      { from: 0, to: 7, kind: 'shutter-closed', label: 'Closed' },
      { from: 8, to: 247, kind: 'strobe', label: 'Strobe slow to fast', hz: [1, 20] },
      { from: 248, to: 255, kind: 'shutter-open', label: 'Open' },
    ],
    255,
  );

const panTilt = (): ProfileChannel[] => [
  channel('Pan', 'pan', full('pan', 'Pan 0–540°', { degrees: [0, 540] }), 128),
  fine('Pan fine', 'pan', 'Pan'),
  channel('Tilt', 'tilt', full('tilt', 'Tilt 0–270°', { degrees: [0, 270] }), 128),
  fine('Tilt fine', 'tilt', 'Tilt'),
  channel('Pan/Tilt speed', 'speed', full('speed', 'Fast to slow')),
];

const zoom = (narrow: number, wide: number): ProfileChannel => channel('Zoom', 'zoom', full('zoom', `Zoom ${narrow}–${wide}°`, { degrees: [narrow, wide] }));

const WHEEL: readonly [string, string][] = [
  ['Open', '#ffffff'],
  ['Red', '#ff0000'],
  ['Orange', '#ff8000'],
  ['Yellow', '#ffff00'],
  ['Green', '#00ff00'],
  ['Cyan', '#00ffff'],
  ['Blue', '#0000ff'],
  ['Magenta', '#ff00ff'],
];

/** Eight slots of 16 values each, then a slow-to-fast wheel rotation. */
const colorWheel = (): ProfileChannel =>
  channel('Colour wheel', 'color-wheel', [
    ...WHEEL.map(([label, hex], i): Capability => ({ from: i * 16, to: i * 16 + 15, kind: 'color', label, colors: [hex], slot: i })),
    { from: 128, to: 255, kind: 'rotation', label: 'Wheel rotation slow to fast' },
  ]);

const goboWheel = (): ProfileChannel =>
  channel('Gobo wheel', 'gobo-wheel', [
    { from: 0, to: 15, kind: 'no-function', label: 'Open', slot: 0 },
    ...[1, 2, 3, 4, 5, 6, 7].map((g): Capability => ({ from: g * 16, to: g * 16 + 15, kind: 'gobo', label: `Gobo ${g}`, slot: g })),
    { from: 128, to: 255, kind: 'rotation', label: 'Wheel rotation slow to fast' },
  ]);

function profile(
  id: string,
  model: string,
  type: FixtureProfile['type'],
  physical: FixtureProfile['physical'],
  channels: ProfileChannel[],
  modes: ProfileMode[],
) {
  const draft: Draft = { source: 'footlight', file: id, maker: 'Footlight', model, type, physical, channels: linkFineChannels(channels), modes };
  return checkProfile(draft);
}

const names = (channels: readonly ProfileChannel[]): string[] => channels.map((c) => c.name);

const parChannels = [dimmer(), ...rgbw(), shutter()];
const washChannels = [...panTilt(), dimmer(), shutter(), ...rgbw(), zoom(10, 40)];
const spotChannels = [...panTilt(), dimmer(), shutter(), colorWheel(), goboWheel(), zoom(12, 30), channel('Focus', 'focus', full('focus', 'Near to far'))];

const HEAD_TRAVEL = { panDegrees: 540, tiltDegrees: 270 };

/** The built-in profiles, by id. */
export const BUILT_IN_PROFILES: ReadonlyMap<string, FixtureProfile> = new Map(
  [
    profile('footlight/generic-rgbw-par', 'Generic RGBW Par', 'par', { beamDegrees: [25, 25] }, parChannels, [
      { name: 'RGBW', channels: ['Red', 'Green', 'Blue', 'White'] },
      { name: 'Dimmer RGBW Shutter', channels: names(parChannels) },
    ]),
    profile('footlight/generic-wash-head', 'Generic RGBW Wash Head', 'moving-head', { ...HEAD_TRAVEL, beamDegrees: [10, 40] }, washChannels, [
      { name: '16-bit', channels: names(washChannels) },
      { name: '8-bit', channels: names(washChannels).filter((n) => !n.endsWith(' fine')) },
    ]),
    profile('footlight/generic-spot-head', 'Generic Spot Head', 'moving-head', { ...HEAD_TRAVEL, beamDegrees: [12, 30] }, spotChannels, [
      { name: '16-bit', channels: names(spotChannels) },
    ]),
    profile('footlight/generic-dimmer', 'Generic Dimmer', 'dimmer', {}, [dimmer()], [{ name: '1 channel', channels: ['Dimmer'] }]),
    profile(
      'footlight/generic-strobe',
      'Generic Strobe',
      'strobe',
      {},
      [dimmer(), channel('Rate', 'shutter', full('strobe', 'Flash rate slow to fast', { hz: [1, 25] }))],
      [{ name: 'Dimmer Rate', channels: ['Dimmer', 'Rate'] }],
    ),
  ].map((p) => [p.file, p]),
);
