// The golden README's standard render workload, as an LX project: one GridFixture; four
// channels at fader 1 blended Add (Noise Perlin 3 octaves motionSpeed 0.5, Gradient xAmount 1
// gradient 0.5, Planes defaults, Chase defaults); Blur on the master (level 0.5, Mix); a global
// Sine VariableLFO (1000 ms) modulating Noise scale, range 0.5, unipolar.

function pattern(id: number, cls: string, label: string, parameters: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, class: cls, parameters: { label, ...parameters }, children: {}, deviceVersion: -1, effects: [] };
}

function channel(id: number, label: string, p: Record<string, unknown>): Record<string, unknown> {
  return {
    id,
    class: 'heronarts.lx.mixer.LXChannel',
    parameters: { label, fader: 1, enabled: true, blendMode: 0 },
    children: {},
    effects: [],
    clips: [],
    patternIndex: 0,
    patterns: [p],
  };
}

/** The workload project for a grid of `rows` × `columns` points. */
export function standardWorkload(rows: number, columns: number): Record<string, unknown> {
  return {
    version: '1.2.1',
    timestamp: 0,
    model: {
      id: 2,
      class: 'heronarts.lx.structure.LXStructure',
      parameters: { label: 'LX' },
      children: {},
      fixtures: [{ id: 10, class: 'heronarts.lx.structure.GridFixture', parameters: { label: 'Grid', numRows: rows, numColumns: columns } }],
    },
    engine: {
      id: 1,
      class: 'heronarts.lx.LXEngine',
      parameters: { label: 'Engine' },
      children: {
        mixer: {
          id: 20,
          class: 'heronarts.lx.mixer.LXMixerEngine',
          parameters: { label: 'Mixer' },
          children: {
            master: {
              id: 21,
              class: 'heronarts.lx.mixer.LXMasterBus',
              parameters: { label: 'Master', fader: 1 },
              children: {},
              clips: [],
              effects: [
                {
                  id: 22,
                  class: 'heronarts.lx.effect.BlurEffect',
                  parameters: { label: 'Blur', enabled: true, level: 0.5, mode: 0, 'mode/name': 'MIX' },
                  children: {},
                  deviceVersion: -1,
                },
              ],
            },
          },
          channels: [
            channel(
              30,
              'Noise',
              pattern(31, 'heronarts.lx.pattern.texture.NoisePattern', 'Noise', { algorithm: 0, 'algorithm/name': 'PERLIN', octaves: 3, motionSpeed: 0.5 }),
            ),
            channel(40, 'Gradient', pattern(41, 'heronarts.lx.pattern.color.GradientPattern', 'Gradient', { xAmount: 1, gradient: 0.5 })),
            channel(50, 'Planes', pattern(51, 'heronarts.lx.pattern.form.PlanesPattern', 'Planes')),
            channel(60, 'Chase', pattern(61, 'heronarts.lx.pattern.strip.ChasePattern', 'Chase')),
          ],
        },
        modulation: {
          id: 70,
          class: 'heronarts.lx.modulation.LXModulationEngine',
          parameters: { label: 'Modulation' },
          children: {},
          modulators: [
            {
              id: 71,
              class: 'heronarts.lx.modulator.VariableLFO',
              parameters: { label: 'LFO', running: true, wave: 0, clockMode: 0, 'clockMode/name': 'FAST', periodFast: 1000 },
              children: {},
              basis: 0,
            },
          ],
          modulations: [
            {
              source: { id: 71, path: '/modulation/modulator/1' },
              target: { componentId: 31, parameterPath: 'scale', path: '/mixer/channel/1/pattern/1/scale' },
              id: 72,
              class: 'heronarts.lx.modulation.LXCompoundModulation',
              parameters: { label: 'LX', enabled: true, polarity: 0, 'polarity/name': 'UNIPOLAR', range: 0.5 },
              children: {},
            },
          ],
          triggers: [],
        },
      },
    },
    externals: {},
  };
}
