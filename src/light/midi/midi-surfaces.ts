// The control-surface drivers Footlight has, by LX's class name (what `.lxmidi` saves), with the
// device name each expects (LX's @DeviceName). The drivers themselves are in src/midi/surfaces/.

/** One known driver: LX's class, a short id for tools, LX's label and the device name it binds by default. */
interface SurfaceDriverInfo {
  readonly id: string;
  readonly className: string;
  readonly label: string;
  readonly deviceName: string;
}

export const SURFACE_DRIVERS: readonly SurfaceDriverInfo[] = [
  { id: 'APCminiMk2', className: 'heronarts.lx.midi.surface.APCminiMk2', label: 'Akai APCmini mk2', deviceName: 'APC mini mk2 Control' },
  {
    id: 'MidiFighterTwister',
    className: 'heronarts.lx.midi.surface.MidiFighterTwister',
    label: 'DJTT Midi Fighter Twister',
    deviceName: 'Midi Fighter Twister',
  },
];
