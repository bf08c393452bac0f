// Writes the hand-written project of the fixture-output scene (test/golden/lx-outputs): the
// engine of the shared gradient_fixed_rgb scene (a moving gradient that gives every fixture
// distinct colours, some near white; exact in Footlight) over a rig of JSON fixtures whose .lxf
// files declare outputs, plus native fixtures. LX opens and re-saves it (Canon) before
// OutputCapture renders it; only LX's saved file is committed.
//   node scripts/lx-harness/outputs-scene.mjs OUT.lxp
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const base = JSON.parse(readFileSync(new URL('test/golden/lx-1.2.1/gradient_fixed_rgb.lxp', root), 'utf8'));

function json(type, label, params, jsonParameters, x, y) {
  return {
    class: 'heronarts.lx.structure.JsonFixture',
    jsonFixtureType: type,
    jsonParameters,
    parameters: { label, x, y, enabled: true, ...params, fixtureType: type },
  };
}

function native(cls, label, params) {
  return { class: `heronarts.lx.structure.${cls}`, parameters: { label, enabled: true, host: '127.0.0.1', ...params } };
}

const fixtures = [
  json('rig/SacnStrip', 'Strip A', { brightness: 0.7 }, { points: 200, universe: 7, priority: 150 }, 0, 0),
  json('rig/SacnStrip', 'Strip B', {}, { points: 30, universe: 8, channel: 90, priority: 120, order: 'BRG' }, 0, 20),
  json('rig/ArtnetGrid', 'Grid', {}, { universe: 1, start: 277, seq: true, artPort: 6455 }, 0, 40),
  json('rig/DmxPar', 'Par 1', {}, { universe: 300, channel: 0 }, 100, 60),
  json('rig/DmxPar', 'Par 2', { brightness: 0.5 }, { universe: 300, channel: 8, strobe: 40 }, 110, 60),
  json('rig/DmxPar', 'Par 3', {}, { universe: 300, channel: 510 }, 120, 60),
  json('rig/DmxPar', 'Par 4', {}, { universe: 1, channel: 0 }, 130, 60),
  json('rig/DdpController', 'Left arch', { brightness: 0.8 }, { offset: 0, dim: 0.5 }, 200, 0),
  json('rig/KinetPanel', 'KiNET', {}, { port: 1, version: 'DMXOUT' }, 0, 100),
  json('rig/OpcStrip', 'OPC', {}, { udpPort: 7890, tcpPort: 7891, ch: 2 }, 0, 120),
  native('GridFixture', 'Native grid', {
    x: 300,
    y: 0,
    numRows: 8,
    numColumns: 8,
    rowSpacing: 20,
    columnSpacing: 20,
    protocol: 1,
    'protocol/name': 'ARTNET',
    artNetUniverse: 5,
    dmxChannel: 0,
    byteOrder: 2,
    'byteOrder/name': 'GRB',
    // LX's COLUMNS_B2T_R2L runs the columns left to right, each top to bottom; a grid ignores reverse.
    wiring: 5,
    'wiring/name': 'COLUMNS_B2T_R2L',
    reverse: true,
    artNetSequenceEnabled: true,
    brightness: 0.9,
  }),
  native('GridFixture', 'Native grid 2', {
    x: 300,
    y: 200,
    numRows: 5,
    numColumns: 6,
    rowSpacing: 20,
    columnSpacing: 20,
    protocol: 2,
    'protocol/name': 'SACN',
    artNetUniverse: 51,
    byteOrder: 5,
    'byteOrder/name': 'BGR',
    wiring: 6,
    'wiring/name': 'COLUMNS_T2B_L2R',
  }),
  native('StripFixture', 'Native strip', {
    x: 300,
    y: 50,
    numPoints: 40,
    spacing: 2,
    protocol: 2,
    'protocol/name': 'SACN',
    artNetUniverse: 50,
    dmxChannel: 3,
    sacnPriority: 90,
    reverse: true,
    byteOrder: 8,
    'byteOrder/name': 'GRBW',
  }),
  json('rig/Broken', 'Broken', {}, {}, 0, 140),
  {
    ...json('rig/SacnStrip', 'Disabled strip', {}, { universe: 60 }, 0, 160),
    parameters: { label: 'Disabled strip', x: 0, y: 160, enabled: false, fixtureType: 'rig/SacnStrip' },
  },
  {
    ...json('rig/SacnStrip', 'Deactivated strip', {}, { universe: 61 }, 0, 180),
    parameters: { label: 'Deactivated strip', x: 0, y: 180, enabled: true, deactivate: true, fixtureType: 'rig/SacnStrip' },
  },
];

const project = structuredClone(base);
project.model = {
  class: 'heronarts.lx.structure.LXStructure',
  parameters: { label: 'LX' },
  output: {
    class: 'heronarts.lx.structure.LXStructureOutput',
    parameters: {
      label: 'Output',
      enabled: true,
      brightness: 0.9,
      fps: 0,
      gamma: 2.2,
      gammaMode: 1,
      whitePointRed: 220,
      whitePointGreen: 255,
      whitePointBlue: 240,
      whitePointWhite: 200,
    },
  },
  fixtures,
};
// /lx/output: its brightness reaches fixture outputs, its gamma and white point do not (LX).
Object.assign(project.engine.children.output.parameters, { brightness: 0.8, gamma: 3, whitePointGreen: 100 });
project.engine.children.mixer.children.master.parameters.fader = 0.95;
writeFileSync(process.argv[2], `${JSON.stringify(project, null, 2)}\n`);
