// DMX fixture profiles: the QLC+, OFL and GDTF importers into one attribute model, refusals with
// the file and the reason, and the fixture library's index and search. QLC+ files are real ones
// from QLC+'s library (fixtures/qlc/README.md); the OFL files and the GDTF description are written
// for these tests.
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { isFootlightError } from '../../../src/engine/errors.js';
import { importGdtf } from '../../../src/light/stage/profiles/gdtf.js';
import { FixtureLibrary } from '../../../src/light/stage/profiles/library.js';
import { importOfl } from '../../../src/light/stage/profiles/ofl.js';
import { type FixtureProfile, ProfileError } from '../../../src/light/stage/profiles/profile.js';
import { importQlc } from '../../../src/light/stage/profiles/qlc.js';

const FIXTURES = fileURLToPath(new URL('fixtures/', import.meta.url));

async function qlc(path: string): Promise<FixtureProfile> {
  return importQlc(path, await readFile(join(FIXTURES, 'qlc', path), 'utf8'));
}

function channel(p: FixtureProfile, name: string) {
  const ch = p.channels.find((c) => c.name === name);
  assert.ok(ch, `${p.model} has a channel ${name}`);
  return ch;
}

function refusal(fn: () => unknown, file: string, reason: RegExp): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof ProfileError, `a ProfileError, not ${String(err)}`);
    assert.ok(isFootlightError(err) && err.code === 'invalid_argument');
    assert.equal(err.file, file);
    assert.match(err.reason, reason);
    assert.ok(err.message.includes(file) && err.message.includes(err.reason), err.message);
    return true;
  });
}

test('QLC+: a moving head with 16-bit pan/tilt, CMY, a colour wheel and several modes', async () => {
  const p = await qlc('Martin/Martin-MAC-250-Wash.qxf');
  assert.equal(p.source, 'qlc');
  assert.equal(p.maker, 'Martin');
  assert.equal(p.model, 'MAC 250 Wash');
  assert.equal(p.type, 'moving-head');
  assert.equal(p.physical.panDegrees, 540);
  assert.equal(p.physical.tiltDegrees, 270);
  assert.deepEqual(p.physical.beamDegrees, [25.9, 25.9]);
  assert.ok(p.modes.length >= 2);
  const bit16 = p.modes.find((m) => m.name === '16 Bt (16 Bit Mode)');
  assert.ok(bit16);
  assert.equal(bit16.channels.length, 13);
  assert.equal(bit16.channels[7], 'Pan');
  assert.equal(bit16.channels[8], 'Pan Fine (Least Significant Bit)');
  const pan = channel(p, 'Pan');
  assert.equal(pan.attribute, 'pan');
  assert.equal(pan.byte, 0);
  assert.deepEqual(pan.fine, ['Pan Fine (Least Significant Bit)']);
  const panFine = channel(p, 'Pan Fine (Least Significant Bit)');
  assert.equal(panFine.byte, 1);
  assert.equal(panFine.coarse, 'Pan');
  assert.deepEqual(panFine.capabilities, []);
  assert.equal(channel(p, 'Tilt Fine (Least Significant Bit)').coarse, 'Tilt');
  assert.equal(channel(p, 'Dimmer').attribute, 'intensity');
  assert.equal(channel(p, 'Cyan/Random CMY').attribute, 'cyan');
  assert.equal(channel(p, 'Magenta/Random CMY').attribute, 'magenta');
  assert.equal(channel(p, 'Yellow/Random CMY').attribute, 'yellow');
  assert.equal(channel(p, 'Frost Filter Fine (Least Significant Bit)').coarse, 'Frost Filter');
  const wheel = channel(p, 'Color Wheel Scrolling and Rotation, Random CMY');
  assert.equal(wheel.attribute, 'color-wheel');
  const pink = wheel.capabilities.find((c) => c.label === 'Pink 312');
  assert.deepEqual(pink, { from: 196, to: 199, kind: 'color', label: 'Pink 312', colors: ['#ffaaff'] });
  const scroll = wheel.capabilities.find((c) => c.from === 52);
  assert.deepEqual(scroll?.colors, ['#ffaaff', '#55007f']);
  const shutter = channel(p, 'Shutter, Strobe, Reset, Lamp On/Off');
  assert.equal(shutter.attribute, 'shutter');
  assert.deepEqual(
    shutter.capabilities.slice(0, 3).map((c) => [c.from, c.to, c.kind]),
    [
      [0, 19, 'shutter-closed'],
      [20, 49, 'shutter-open'],
      [50, 72, 'strobe'],
    ],
  );
  assert.equal(shutter.capabilities.find((c) => c.from === 208)?.kind, 'reset');
  assert.equal(shutter.capabilities.find((c) => c.from === 248)?.kind, 'lamp-off');
  assert.ok(Object.isFrozen(p) && Object.isFrozen(p.channels[0]), 'a profile is frozen');
});

test('QLC+: a gobo wheel with pictures, a colour wheel with split slots, strobe rates in Hz', async () => {
  const p = await qlc('Clay_Paky/Clay-Paky-Sharpy.qxf');
  assert.equal(p.maker, 'Clay Paky');
  assert.equal(p.type, 'moving-head');
  assert.deepEqual(
    p.modes.map((m) => [m.name, m.channels.length]),
    [
      ['Standard', 16],
      ['Vector', 20],
    ],
  );
  const gobo = channel(p, 'Static Gobo Change');
  assert.equal(gobo.attribute, 'gobo-wheel');
  assert.deepEqual(gobo.capabilities[1], { from: 4, to: 7, kind: 'gobo', label: 'Gobo 1', image: 'ClayPaky/gobo00006.svg' });
  const colour = channel(p, 'Colour Wheel');
  assert.deepEqual(colour.capabilities[1].colors, ['#ffffff', '#c41c1a']);
  const strobe = channel(p, 'Stop / Strobe');
  assert.equal(strobe.capabilities[0].kind, 'shutter-closed');
  assert.deepEqual(strobe.capabilities[1].hz, [1, 12]);
  assert.deepEqual(channel(p, 'Tilt').fine, ['Tilt Fine']);
});

test('QLC+: an RGB par with four modes and a strobe fixture', async () => {
  const par = await qlc('Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf');
  assert.equal(par.type, 'par');
  assert.deepEqual(par.modes.find((m) => m.name === '3-Channel Mode 2')?.channels, ['Red', 'Green', 'Blue']);
  assert.deepEqual(
    ['Red', 'Green', 'Blue', 'Master dimmer'].map((n) => channel(par, n).attribute),
    ['red', 'green', 'blue', 'intensity'],
  );
  assert.deepEqual(channel(par, 'Colour macro').capabilities[0], { from: 0, to: 36, kind: 'color', label: 'Red', colors: ['#ff0000'] });
  const strobe = await qlc('Showtec/Showtec-Infinity-XPLO-15-LED-Strobe.qxf');
  assert.equal(strobe.maker, 'Showtec');
  assert.equal(strobe.type, 'strobe');
  assert.equal(channel(strobe, 'Strobe').attribute, 'shutter');
});

test('QLC+: a real definition with two channels of one name is refused with its file and reason', async () => {
  const file = 'Stairville/Stairville-LED-PAR56-MKII-RGBA.qxf';
  const xml = await readFile(join(FIXTURES, 'qlc', file), 'utf8');
  refusal(() => importQlc(file, xml), file, /^two channels are named "Mode"$/);
});

test('QLC+: malformed definitions are refused with the reason', async () => {
  const xml = await readFile(join(FIXTURES, 'qlc', 'Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf'), 'utf8');
  refusal(() => importQlc('cut.qxf', xml.slice(0, 900)), 'cut.qxf', /^not well-formed XML \(line \d+: /);
  refusal(() => importQlc('other.qxf', '<?xml version="1.0"?><Workspace/>'), 'other.qxf', /no <FixtureDefinition>/);
  refusal(() => importQlc('type.qxf', xml.replace('<Type>Color Changer</Type>', '<Type>Teapot</Type>')), 'type.qxf', /unknown fixture type "Teapot"/);
  const badMode = xml.replace('<Channel Number="0">Red</Channel>', '<Channel Number="0">Rouge</Channel>');
  refusal(() => importQlc('mode.qxf', badMode), 'mode.qxf', /mode "3-Channel Mode 2" names channel "Rouge", which is not defined/);
  const overlap = xml.replace(/Min="37" Max="73"/, 'Min="30" Max="73"');
  assert.notEqual(overlap, xml);
  refusal(() => importQlc('overlap.qxf', overlap), 'overlap.qxf', /channel "Colour macro": range 30–73 .* overlaps the range before it/);
  refusal(() => importQlc('n.qxf', xml.replace(/<Mode Name="[^"]*">[\s\S]*?<\/Mode>/g, '')), 'n.qxf', /^no modes$/);
});

async function ofl(path: string, maker: string): Promise<FixtureProfile> {
  return importOfl(path, await readFile(join(FIXTURES, 'ofl', path), 'utf8'), maker);
}

test('OFL: every capability type of a moving head maps to the model', async () => {
  const p = await ofl('acme/spot-300.json', 'Acme Stage');
  assert.equal(p.source, 'ofl');
  assert.equal(p.model, 'Spot 300');
  assert.equal(p.type, 'moving-head');
  assert.deepEqual(p.physical, {
    panDegrees: 540,
    tiltDegrees: 270,
    dimensionsMm: [300, 450, 250],
    weightKg: 14.5,
    powerWatts: 300,
    beamDegrees: [8, 40],
    lumens: 9000,
    colorTemperatureK: 7000,
  });
  const ext = p.modes.find((m) => m.name === 'Extended');
  assert.equal(ext?.channels.length, 23);
  assert.equal(ext?.channels[18], null, 'an unused slot stays a hole');
  const pan = channel(p, 'Pan');
  assert.deepEqual([pan.attribute, pan.defaultValue, pan.fine], ['pan', 128, ['Pan fine']]);
  assert.deepEqual(pan.capabilities, [{ from: 0, to: 255, kind: 'pan', label: 'Pan', degrees: [0, 540] }]);
  assert.deepEqual([channel(p, 'Pan fine').byte, channel(p, 'Pan fine').coarse], [1, 'Pan']);
  assert.deepEqual(channel(p, 'Tilt').capabilities[0].degrees, [-135, 135]);
  const kinds = (name: string) => channel(p, name).capabilities.map((c) => c.kind);
  assert.deepEqual(kinds('Shutter'), ['shutter-closed', 'shutter-open', 'strobe', 'pulse', 'strobe']);
  assert.deepEqual(channel(p, 'Shutter').capabilities[2].hz, [1, 25]);
  assert.equal(channel(p, 'Shutter').defaultValue, 10);
  const wheel = channel(p, 'Color Wheel');
  assert.equal(wheel.attribute, 'color-wheel');
  assert.deepEqual(
    wheel.capabilities.map((c) => [c.kind, c.label, c.colors]),
    [
      ['color', 'Open', ['#ffffff']],
      ['color', 'Red', ['#ff0000']],
      ['color', 'Red / Deep Blue', ['#ff0000', '#0022ff']],
      ['color', 'Deep Blue', ['#0022ff']],
      ['shutter-closed', 'Closed', undefined],
      ['rotation', 'WheelRotation', undefined],
      ['color', 'Pink macro', ['#ff88cc']],
    ],
  );
  assert.equal(channel(p, 'Gobo Wheel').attribute, 'gobo-wheel');
  assert.deepEqual(kinds('Gobo Wheel'), ['gobo', 'gobo', 'gobo', 'gobo', 'rotation']);
  assert.equal(channel(p, 'Gobo Wheel').capabilities[1].image, 'gobos/dots');
  assert.deepEqual(channel(p, 'CTO').capabilities[0].kelvin, [6500, 3200]);
  assert.deepEqual(channel(p, 'Zoom').capabilities[0].degrees, [8, 40]);
  assert.deepEqual(
    ['Pan/Tilt Speed', 'Pan Spin', 'Tilt Spin', 'Zoom', 'Focus', 'Iris', 'Frost', 'Prism', 'Effects', 'Control', 'Movement Speed', 'CTO'].map(
      (n) => channel(p, n).attribute,
    ),
    ['speed', 'pan', 'tilt', 'zoom', 'focus', 'iris', 'frost', 'prism', 'effect', 'control', 'speed', 'cto'],
  );
  assert.deepEqual(kinds('Pan Spin'), ['no-function', 'rotation']);
  assert.deepEqual(kinds('Prism'), ['no-function', 'prism', 'rotation']);
  assert.deepEqual(kinds('Effects'), ['effect', 'effect', 'effect']);
  assert.deepEqual(kinds('Control'), ['no-function', 'reset', 'generic']);
  assert.deepEqual(kinds('Head Rotation'), ['rotation']);
});

test('OFL: colour channels, fog, and a second category', async () => {
  const p = await ofl('tinyco/hazer-fan-par.json', 'Tiny Co');
  assert.equal(p.type, 'hazer');
  assert.deepEqual(
    p.channels.map((c) => c.attribute),
    ['red', 'green', 'blue', 'white', 'amber', 'uv', 'cyan', 'magenta', 'yellow', 'fog'],
  );
  assert.ok(p.channels.slice(0, 9).every((c) => c.capabilities[0].kind === 'color-intensity'));
  assert.deepEqual(
    channel(p, 'Fog').capabilities.map((c) => c.kind),
    ['fog', 'fog'],
  );
});

test('OFL: malformed files are refused with the reason', async () => {
  const text = await readFile(join(FIXTURES, 'ofl', 'acme/spot-300.json'), 'utf8');
  const doc = JSON.parse(text);
  refusal(() => importOfl('a.json', '{"name": ', 'X'), 'a.json', /^not JSON \(/);
  refusal(() => importOfl('b.json', JSON.stringify({ ...doc, categories: ['Teapot'] }), 'X'), 'b.json', /unknown category "Teapot"/);
  const gap = structuredClone(doc);
  gap.availableChannels.Shutter.capabilities[1].dmxRange = [5, 19];
  refusal(() => importOfl('c.json', JSON.stringify(gap), 'X'), 'c.json', /channel "Shutter": range 5–19 .* overlaps/);
  const unknown = structuredClone(doc);
  unknown.modes[0].channels.push('Laser');
  refusal(() => importOfl('d.json', JSON.stringify(unknown), 'X'), 'd.json', /mode "Standard" names channel "Laser", which is not defined/);
  const matrix = structuredClone(doc);
  matrix.modes[0].channels.push({ insert: 'matrixChannels', repeatFor: 'eachPixelABC', channelOrder: 'perPixel', templateChannels: [] });
  refusal(() => importOfl('e.json', JSON.stringify(matrix), 'X'), 'e.json', /matrix channel inserts are not imported/);
  refusal(() => importOfl('f.json', text, ''), 'f.json', /^no manufacturer$/);
  const range = structuredClone(doc);
  delete range.availableChannels.Prism.capabilities[0].dmxRange;
  refusal(() => importOfl('g.json', JSON.stringify(range), 'X'), 'g.json', /channel "Prism": a capability has no "dmxRange"/);
});

/** A GDTF description written for this test: a beam head with 16-bit pan/tilt, wheels, shutter, zoom, control; two modes. */
const DESCRIPTION = `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<GDTF DataVersion="1.1">
  <FixtureType Name="Beam1" ShortName="B1" LongName="Beam One" Manufacturer="Footlight Tests" Description="test head"
      FixtureTypeID="00000000-0000-0000-0000-000000000001" RefFT="" Thumbnail="">
    <AttributeDefinitions><FeatureGroups/><Attributes/></AttributeDefinitions>
    <Wheels>
      <Wheel Name="Color1">
        <Slot Color="0.312700,0.329000,100.000000" Name="Open"/>
        <Slot Color="0.640000,0.330000,21.260000" Name="Red"/>
        <Slot Color="0.300000,0.600000,71.520000" Name="Green"/>
      </Wheel>
      <Wheel Name="Gobo1">
        <Slot Color="0.312700,0.329000,100.000000" Name="Open"/>
        <Slot Color="0.312700,0.329000,100.000000" MediaFileName="star" Name="Star"/>
      </Wheel>
    </Wheels>
    <PhysicalDescriptions/>
    <Models/>
    <Geometries>
      <Geometry Name="Base" Model="" Position="{1,0,0,0}{0,1,0,0}{0,0,1,0}{0,0,0,1}">
        <Axis Name="Yoke" Model="">
          <Axis Name="Head" Model="">
            <Beam Name="Beam" BeamAngle="12" FieldAngle="14" LampType="LED"/>
          </Axis>
        </Axis>
      </Geometry>
    </Geometries>
    <DMXModes>
      <DMXMode Geometry="Base" Name="Extended">
        <DMXChannels>
          <DMXChannel DMXBreak="1" Geometry="Yoke" Highlight="None" InitialFunction="Yoke_Pan.Pan.Pan 1" Offset="1,2">
            <LogicalChannel Attribute="Pan" DMXChangeTimeLimit="0.000000" Master="None" MibFade="0.000000" Snap="No">
              <ChannelFunction Attribute="Pan" Default="32768/2" DMXFrom="0/2" Name="Pan 1" OriginalAttribute=""
                PhysicalFrom="-270" PhysicalTo="270" RealFade="0"/>
            </LogicalChannel>
          </DMXChannel>
          <DMXChannel DMXBreak="1" Geometry="Head" Highlight="None" InitialFunction="Head_Tilt.Tilt.Tilt 1" Offset="3,4">
            <LogicalChannel Attribute="Tilt" Master="None" Snap="No">
              <ChannelFunction Attribute="Tilt" Default="32768/2" DMXFrom="0/2" Name="Tilt 1" PhysicalFrom="-135" PhysicalTo="135"/>
            </LogicalChannel>
          </DMXChannel>
          <DMXChannel DMXBreak="1" Geometry="Head" Highlight="255/1" InitialFunction="Head_Dimmer.Dimmer.Dimmer 1" Offset="5">
            <LogicalChannel Attribute="Dimmer" Master="Grand" Snap="No">
              <ChannelFunction Attribute="Dimmer" Default="0/1" DMXFrom="0/1" Name="Dimmer 1" PhysicalFrom="0" PhysicalTo="1"/>
            </LogicalChannel>
          </DMXChannel>
          <DMXChannel DMXBreak="1" Geometry="Head" Highlight="None" InitialFunction="Head_Color1.Color1.Color1 1" Offset="6">
            <LogicalChannel Attribute="Color1" Master="None" Snap="Yes">
              <ChannelFunction Attribute="Color1" Default="0/1" DMXFrom="0/1" Name="Color1 1" Wheel="Color1">
                <ChannelSet DMXFrom="0/1" Name="Open" WheelSlotIndex="1"/>
                <ChannelSet DMXFrom="10/1" Name="Red" WheelSlotIndex="2"/>
                <ChannelSet DMXFrom="20/1" Name="" WheelSlotIndex="3"/>
              </ChannelFunction>
              <ChannelFunction Attribute="Color1WheelSpin" Default="128/1" DMXFrom="128/1" Name="Spin" PhysicalFrom="-60" PhysicalTo="60"/>
            </LogicalChannel>
          </DMXChannel>
          <DMXChannel DMXBreak="1" Geometry="Head" Highlight="None" InitialFunction="Head_Shutter1.Shutter1.Shutter" Offset="7">
            <LogicalChannel Attribute="Shutter1" Master="None" Snap="Yes">
              <ChannelFunction Attribute="Shutter1" Default="10/1" DMXFrom="0/1" Name="Shutter">
                <ChannelSet DMXFrom="0/1" Name="Closed"/>
                <ChannelSet DMXFrom="10/1" Name="Open"/>
              </ChannelFunction>
              <ChannelFunction Attribute="Shutter1Strobe" DMXFrom="32/1" Name="Strobe" PhysicalFrom="1" PhysicalTo="20"/>
              <ChannelFunction Attribute="Shutter1StrobePulse" DMXFrom="192/1" Name="Pulse" PhysicalFrom="0.5" PhysicalTo="4"/>
            </LogicalChannel>
          </DMXChannel>
          <DMXChannel DMXBreak="1" Geometry="Head" Highlight="None" InitialFunction="Head_Gobo1.Gobo1.Gobo1 1" Offset="8">
            <LogicalChannel Attribute="Gobo1" Master="None" Snap="Yes">
              <ChannelFunction Attribute="Gobo1" DMXFrom="0/1" Name="Gobo1 1" Wheel="Gobo1">
                <ChannelSet DMXFrom="0/1" Name="Open" WheelSlotIndex="1"/>
                <ChannelSet DMXFrom="64/1" Name="Star" WheelSlotIndex="2"/>
              </ChannelFunction>
            </LogicalChannel>
          </DMXChannel>
          <DMXChannel DMXBreak="1" Geometry="Head" Highlight="None" InitialFunction="Head_Zoom.Zoom.Zoom 1" Offset="9">
            <LogicalChannel Attribute="Zoom" Master="None" Snap="No">
              <ChannelFunction Attribute="Zoom" DMXFrom="0/1" Name="Zoom 1" PhysicalFrom="5" PhysicalTo="40"/>
            </LogicalChannel>
          </DMXChannel>
          <DMXChannel DMXBreak="1" Geometry="Base" Highlight="None" InitialFunction="Base_Control1.Control1.Control" Offset="10">
            <LogicalChannel Attribute="Control1" Master="None" Snap="Yes">
              <ChannelFunction Attribute="Control1" DMXFrom="0/1" Name="Control">
                <ChannelSet DMXFrom="0/1" Name="Idle"/>
                <ChannelSet DMXFrom="200/1" Name="Reset"/>
              </ChannelFunction>
            </LogicalChannel>
          </DMXChannel>
          <DMXChannel DMXBreak="1" Geometry="Head" Highlight="None" InitialFunction="Head_Dimmer2.Dimmer.Virtual" Offset="None">
            <LogicalChannel Attribute="Dimmer" Master="None" Snap="No">
              <ChannelFunction Attribute="Dimmer" DMXFrom="0/1" Name="Virtual"/>
            </LogicalChannel>
          </DMXChannel>
        </DMXChannels>
      </DMXMode>
      <DMXMode Geometry="Base" Name="Basic">
        <DMXChannels>
          <DMXChannel DMXBreak="1" Geometry="Head" Highlight="255/1" InitialFunction="Head_Dimmer.Dimmer.Dimmer 1" Offset="1">
            <LogicalChannel Attribute="Dimmer" Master="Grand" Snap="No">
              <ChannelFunction Attribute="Dimmer" Default="0/1" DMXFrom="0/1" Name="Dimmer 1" PhysicalFrom="0" PhysicalTo="1"/>
            </LogicalChannel>
          </DMXChannel>
          <DMXChannel DMXBreak="1" Geometry="Head" Highlight="None" InitialFunction="Head_Color1.Color1.Color1 1" Offset="2">
            <LogicalChannel Attribute="Color1" Master="None" Snap="Yes">
              <ChannelFunction Attribute="Color1" Default="0/1" DMXFrom="0/1" Name="Color1 1" Wheel="Color1">
                <ChannelSet DMXFrom="0/1" Name="Open" WheelSlotIndex="1"/>
                <ChannelSet DMXFrom="128/1" Name="Red" WheelSlotIndex="2"/>
              </ChannelFunction>
            </LogicalChannel>
          </DMXChannel>
          <DMXChannel DMXBreak="1" Geometry="Yoke" Highlight="None" InitialFunction="Yoke_Pan.Pan.Pan 1" Offset="4">
            <LogicalChannel Attribute="Pan" Master="None" Snap="No">
              <ChannelFunction Attribute="Pan" Default="128/1" DMXFrom="0/1" Name="Pan 1" PhysicalFrom="-270" PhysicalTo="270"/>
            </LogicalChannel>
          </DMXChannel>
        </DMXChannels>
      </DMXMode>
    </DMXModes>
  </FixtureType>
</GDTF>
`;

function gdtfZip(description: string | undefined, extra: Record<string, Uint8Array> = {}): Uint8Array {
  return zipSync({ ...(description === undefined ? {} : { 'description.xml': strToU8(description) }), ...extra });
}

test('GDTF: a head from description.xml in its ZIP: 16-bit pan/tilt, wheels in xyY, shutter, zoom, two modes', () => {
  const p = importGdtf('beam.gdtf', gdtfZip(DESCRIPTION, { 'thumbnail.png': new Uint8Array([1, 2, 3]) }));
  assert.equal(p.source, 'gdtf');
  assert.deepEqual([p.maker, p.model, p.type], ['Footlight Tests', 'Beam One', 'moving-head']);
  assert.deepEqual(p.physical, { panDegrees: 540, tiltDegrees: 270, beamDegrees: [5, 40] });
  assert.deepEqual(
    p.modes.map((m) => [m.name, m.channels]),
    [
      [
        'Extended',
        ['Yoke_Pan', 'Yoke_Pan fine', 'Head_Tilt', 'Head_Tilt fine', 'Head_Dimmer', 'Head_Color1', 'Head_Shutter1', 'Head_Gobo1', 'Head_Zoom', 'Base_Control1'],
      ],
      // The same coarse definition is one channel; a mode that leaves out its fine byte sends it 8-bit.
      ['Basic', ['Head_Dimmer', 'Head_Color1 (Basic)', null, 'Yoke_Pan']],
    ],
  );
  const pan = channel(p, 'Yoke_Pan');
  assert.deepEqual([pan.attribute, pan.defaultValue, pan.fine], ['pan', 128, ['Yoke_Pan fine']]);
  assert.deepEqual(pan.capabilities, [{ from: 0, to: 255, kind: 'pan', label: 'Pan 1', degrees: [-270, 270] }]);
  assert.deepEqual([channel(p, 'Yoke_Pan fine').coarse, channel(p, 'Yoke_Pan fine').defaultValue], ['Yoke_Pan', 0]);
  const colour = channel(p, 'Head_Color1');
  assert.equal(colour.attribute, 'color-wheel');
  assert.deepEqual(
    colour.capabilities.map((c) => [c.from, c.to, c.kind, c.label, c.colors]),
    [
      [0, 9, 'color', 'Open', ['#ffffff']],
      [10, 19, 'color', 'Red', ['#ff0000']],
      [20, 127, 'color', 'Green', ['#00ff00']],
      [128, 255, 'rotation', 'Spin', undefined],
    ],
  );
  assert.deepEqual(
    channel(p, 'Head_Shutter1').capabilities.map((c) => [c.from, c.to, c.kind, c.hz]),
    [
      [0, 9, 'shutter-closed', undefined],
      [10, 31, 'shutter-open', undefined],
      [32, 191, 'strobe', [1, 20]],
      [192, 255, 'pulse', [0.5, 4]],
    ],
  );
  assert.equal(channel(p, 'Head_Shutter1').defaultValue, 10);
  assert.deepEqual(channel(p, 'Head_Gobo1').capabilities[1], { from: 64, to: 255, kind: 'gobo', label: 'Star', slot: 2, image: 'star' });
  assert.deepEqual(channel(p, 'Head_Zoom').capabilities[0].degrees, [5, 40]);
  assert.deepEqual(
    channel(p, 'Base_Control1').capabilities.map((c) => c.kind),
    ['maintenance', 'reset'],
  );
  assert.equal(channel(p, 'Head_Color1 (Basic)').capabilities[1].from, 128);
  assert.equal(
    p.channels.some((c) => c.name.startsWith('Head_Dimmer2')),
    false,
    'a virtual channel (no offset) is not a DMX channel',
  );
});

test('GDTF: a broken archive, a ZIP without description.xml and a broken description are refused', () => {
  refusal(() => importGdtf('x.gdtf', new Uint8Array([1, 2, 3, 4])), 'x.gdtf', /^not a ZIP archive \(/);
  refusal(() => importGdtf('y.gdtf', gdtfZip(undefined, { 'model.3ds': new Uint8Array(4) })), 'y.gdtf', /no description.xml in the archive/);
  refusal(() => importGdtf('z.gdtf', gdtfZip(DESCRIPTION.slice(0, 2000))), 'z.gdtf', /^not well-formed XML/);
  const clash = DESCRIPTION.replace('Offset="3,4"', 'Offset="2,3"');
  refusal(() => importGdtf('c.gdtf', gdtfZip(clash)), 'c.gdtf', /mode "Extended": two channels at offset 2/);
  refusal(() => importGdtf('m.gdtf', gdtfZip(DESCRIPTION.replace('Manufacturer="Footlight Tests"', ''))), 'm.gdtf', /^no manufacturer$/);
});

test('library: indexes a folder of QLC+ and OFL files, searches by maker, model, type and text', async () => {
  const lib = new FixtureLibrary(FIXTURES);
  const { entries, refused } = await lib.entries();
  assert.deepEqual(refused, []);
  assert.deepEqual(
    entries.map((e) => [e.maker, e.model, e.type, e.source]),
    [
      ['Acme Stage', 'Spot 300', 'moving-head', 'ofl'],
      ['Cameo', 'Flat PAR CAN TRI 3W', 'par', 'qlc'],
      ['Clay Paky', 'Sharpy', 'moving-head', 'qlc'],
      ['Eurolite', 'LED PARty RGBW', 'par', 'qlc'],
      ['Martin', 'MAC 250 Wash', 'moving-head', 'qlc'],
      ['Showtec', 'Infinity XPLO-15 LED Strobe', 'strobe', 'qlc'],
      ['Stairville', 'LED Par56 MKII RGBA', 'par', 'qlc'],
      ['Tiny Co', 'Haze Par', 'hazer', 'ofl'],
    ],
  );
  assert.equal(await lib.entries().then((i) => i.entries), entries, 'indexed once');
  assert.deepEqual(
    (await lib.search({ type: 'moving-head' })).map((e) => e.model),
    ['Spot 300', 'Sharpy', 'MAC 250 Wash'],
  );
  assert.deepEqual(
    (await lib.search({ maker: 'mart' })).map((e) => e.id),
    ['qlc/Martin/Martin-MAC-250-Wash.qxf'],
  );
  assert.deepEqual(
    (await lib.search({ model: 'par', type: 'par' })).map((e) => e.model),
    ['Flat PAR CAN TRI 3W', 'LED PARty RGBW', 'LED Par56 MKII RGBA'],
  );
  assert.deepEqual(
    (await lib.search({ text: 'clay moving' })).map((e) => e.model),
    ['Sharpy'],
  );
  assert.deepEqual(await lib.search({ text: 'nothing-like-this' }), []);
  const mac = await lib.get('qlc/Martin/Martin-MAC-250-Wash.qxf');
  assert.equal(mac.file, 'qlc/Martin/Martin-MAC-250-Wash.qxf');
  assert.equal(await lib.get('qlc/Martin/Martin-MAC-250-Wash.qxf'), mac, 'imported once');
  assert.equal((await lib.get('ofl/acme/spot-300.json')).maker, 'Acme Stage');
  await assert.rejects(lib.get('qlc/Martin/none.qxf'), (err: unknown) => isFootlightError(err) && err.code === 'not_found');
  await assert.rejects(lib.get('../profiles.test.ts'), (err: unknown) => isFootlightError(err) && err.code === 'not_found');
  const bad = 'qlc/Stairville/Stairville-LED-PAR56-MKII-RGBA.qxf';
  await assert.rejects(lib.get(bad), (err: unknown) => err instanceof ProfileError && err.file === bad && /two channels/.test(err.reason));
  await assert.rejects(lib.get(bad), ProfileError, 'refused again: nothing half-added');
  assert.equal((await lib.entries()).entries.length, 8);
});

test('library: GDTF files, files refused from their header, links out of the folder, reload', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-profiles-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, 'Makers'), { recursive: true });
  await writeFile(join(dir, 'Makers', 'beam.gdtf'), gdtfZip(DESCRIPTION));
  await writeFile(join(dir, 'Makers', 'broken.gdtf'), new Uint8Array([9, 9, 9]));
  await writeFile(join(dir, 'Makers', 'headless.qxf'), '<?xml version="1.0"?><FixtureDefinition><Model>X</Model></FixtureDefinition>');
  await writeFile(join(dir, 'package.json'), '{"name": "not a fixture", "version": "1.0.0"}');
  const outside = await mkdtemp(join(tmpdir(), 'footlight-outside-'));
  t.after(() => rm(outside, { recursive: true, force: true }));
  await cp(join(FIXTURES, 'qlc', 'Martin', 'Martin-MAC-250-Wash.qxf'), join(outside, 'mac.qxf'));
  await symlink(join(outside, 'mac.qxf'), join(dir, 'Makers', 'linked.qxf'));
  const lib = new FixtureLibrary(dir);
  const { entries, refused } = await lib.entries();
  assert.deepEqual(
    entries.map((e) => [e.id, e.maker, e.model, e.type, e.source]),
    [['Makers/beam.gdtf', 'Footlight Tests', 'Beam One', 'moving-head', 'gdtf']],
  );
  assert.deepEqual(
    refused.map((r) => r.id),
    ['Makers/broken.gdtf', 'Makers/headless.qxf', 'Makers/linked.qxf'],
  );
  assert.match(refused[0].reason, /^not a ZIP archive/);
  assert.match(refused[1].reason, /^no <Manufacturer> in the header$/);
  assert.match(refused[2].reason, /leads out of its folder/);
  await assert.rejects(lib.get('Makers/headless.qxf'), ProfileError);
  assert.equal((await lib.get('Makers/beam.gdtf')).modes.length, 2);
  await cp(join(FIXTURES, 'qlc', 'Cameo'), join(dir, 'Cameo'), { recursive: true });
  assert.equal((await lib.entries()).entries.length, 1, 'the index is kept until reload');
  lib.reload();
  assert.deepEqual(
    (await lib.entries()).entries.map((e) => e.maker),
    ['Cameo', 'Footlight Tests'],
  );
});

test('library: a folder that does not exist is not_found, and found once it is there', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-profiles-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const lib = new FixtureLibrary(join(dir, 'later'));
  await assert.rejects(lib.search({}), (err: unknown) => isFootlightError(err) && err.code === 'not_found' && /cannot be read \(ENOENT\)/.test(err.message));
  await cp(join(FIXTURES, 'qlc', 'Cameo'), join(dir, 'later'), { recursive: true });
  assert.deepEqual(
    (await lib.search({})).map((e) => e.model),
    ['Flat PAR CAN TRI 3W'],
  );
});
