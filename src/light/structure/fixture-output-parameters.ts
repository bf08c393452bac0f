// The output settings of a stock fixture (LX's LXBasicFixture): which protocol it speaks, where
// it sends, where in the universe or buffer its pixels start, and how each pixel's bytes are
// ordered. Keys, order, defaults and ranges are LX's, so project files round-trip.
import type { Component } from '../../engine/component.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { StringParameter } from '../../engine/parameters/string.js';
import { BYTE_ORDERS } from '../model/byte-order.js';
import {
  ARTNET_MAX_UNIVERSE,
  KINET_MAX_PORT,
  SACN_DEFAULT_PRIORITY,
  SACN_MAX_PRIORITY,
  type KinetVersion,
  type Protocol,
  type Transport,
} from './output-protocols.js';

/** Protocol options in LX's enum order; `none` sends nothing. */
const PROTOCOL_CHOICES = [
  { label: 'None', name: 'NONE' },
  { label: 'Art-Net', name: 'ARTNET' },
  { label: 'E1.31 sACN', name: 'SACN' },
  { label: 'OPC', name: 'OPC' },
  { label: 'DDP', name: 'DDP' },
  { label: 'KiNET', name: 'KINET' },
] as const;
const PROTOCOL_BY_INDEX: readonly (Protocol | null)[] = [null, 'artnet', 'sacn', 'opc', 'ddp', 'kinet'];
const TRANSPORT_BY_INDEX: readonly Transport[] = ['udp', 'tcp'];
const KINET_VERSION_BY_INDEX: readonly KinetVersion[] = ['DMXOUT', 'PORTOUT'];

/** OPC's default TCP/UDP port, the default of the fixture's `port` (used by OPC only). */
const OPC_DEFAULT_PORT = 7890;

const NOT_MAPPABLE = { mappable: false } as const;

/** The output parameters of one fixture, in LX's registration order. */
export class FixtureOutputParameters {
  readonly protocol = new EnumParameter('Protocol', PROTOCOL_CHOICES, 0, {
    ...NOT_MAPPABLE,
    description: 'Which lighting data protocol this fixture sends: None, Art-Net, E1.31 sACN, OPC, DDP or KiNET',
  });
  readonly byteOrder = new EnumParameter(
    'Byte Order',
    BYTE_ORDERS.map((name) => ({ label: name, name })),
    0,
    { ...NOT_MAPPABLE, description: 'Order of the color bytes of each pixel (RGBW orders add a white byte = min(r, g, b); W sends one gray byte)' },
  );
  readonly transport = new EnumParameter(
    'Transport',
    [
      { label: 'UDP', name: 'UDP' },
      { label: 'TCP', name: 'TCP' },
    ],
    0,
    { ...NOT_MAPPABLE, description: 'UDP or TCP; only OPC uses TCP, every other protocol is UDP' },
  );
  readonly reverse = new BooleanParameter('Reverse', false, { ...NOT_MAPPABLE, description: 'Send the pixels in reverse wiring order' });
  readonly host = new StringParameter('Host', '127.0.0.1', {
    ...NOT_MAPPABLE,
    maxLength: 255,
    description: 'Host name or IP address this fixture sends to (never a broadcast default)',
  });
  readonly port = new DiscreteParameter('Port', OPC_DEFAULT_PORT, 0, 65535, {
    ...NOT_MAPPABLE,
    description: 'Destination port, used by OPC only; Art-Net 6454, sACN 5568, DDP 4048 and KiNET 6038 use their standard ports',
  });
  readonly dmxChannel = new DiscreteParameter('DMX Channel', 0, 0, 511, {
    ...NOT_MAPPABLE,
    description: 'First DMX channel (0-based) for Art-Net, sACN and KiNET; pixels that do not fit continue in the next universe',
  });
  readonly artNetUniverse = new DiscreteParameter('ArtNet Universe', 0, 0, ARTNET_MAX_UNIVERSE, {
    ...NOT_MAPPABLE,
    description: 'Universe for Art-Net and sACN (sACN receivers expect 1 or more)',
  });
  readonly artNetSequenceEnabled = new BooleanParameter('ArtNet Sequence', false, {
    ...NOT_MAPPABLE,
    description: 'Whether Art-Net packets carry sequence numbers (1–255)',
  });
  readonly sacnPriority = new DiscreteParameter('sACN Priority', SACN_DEFAULT_PRIORITY, 0, SACN_MAX_PRIORITY, {
    ...NOT_MAPPABLE,
    description: `sACN priority value (0-${SACN_MAX_PRIORITY})`,
  });
  readonly opcChannel = new DiscreteParameter('OPC Channel', 0, 0, 255, { ...NOT_MAPPABLE, description: 'Which OPC channel is used (0 = all channels)' });
  readonly opcOffset = new DiscreteParameter('OPC Offset', 0, 0, 4095, { ...NOT_MAPPABLE, description: 'Byte offset of this fixture in the OPC message' });
  readonly ddpDataOffset = new DiscreteParameter('DDP Offset', 0, 0, 65534, {
    ...NOT_MAPPABLE,
    description: "The DDP data offset (bytes) of this fixture in the receiver's buffer",
  });
  readonly kinetPort = new DiscreteParameter('KiNET Port', 1, 0, KINET_MAX_PORT, { ...NOT_MAPPABLE, description: 'Which KiNET physical output port is used' });
  readonly kinetVersion = new EnumParameter(
    'KiNET Version',
    [
      { label: 'DMXOUT', name: 'DMXOUT' },
      { label: 'PORTOUT', name: 'PORTOUT' },
    ],
    1,
    { ...NOT_MAPPABLE, description: 'Which KiNET packet version is sent' },
  );

  /** The protocol, or null for None. */
  get protocolName(): Protocol | null {
    return PROTOCOL_BY_INDEX[this.protocol.getValue()] ?? null;
  }

  get transportName(): Transport {
    return TRANSPORT_BY_INDEX[this.transport.getValue()] ?? 'udp';
  }

  get kinetVersionName(): KinetVersion {
    return KINET_VERSION_BY_INDEX[this.kinetVersion.getValue()] ?? 'PORTOUT';
  }

  /** Every output parameter, in registration order. */
  entries(): [string, DiscreteParameter | BooleanParameter | StringParameter][] {
    return [
      ['protocol', this.protocol],
      ['byteOrder', this.byteOrder],
      ['transport', this.transport],
      ['reverse', this.reverse],
      ['host', this.host],
      ['port', this.port],
      ['dmxChannel', this.dmxChannel],
      ['artNetUniverse', this.artNetUniverse],
      ['artNetSequenceEnabled', this.artNetSequenceEnabled],
      ['sacnPriority', this.sacnPriority],
      ['opcChannel', this.opcChannel],
      ['opcOffset', this.opcOffset],
      ['ddpDataOffset', this.ddpDataOffset],
      ['kinetPort', this.kinetPort],
      ['kinetVersion', this.kinetVersion],
    ];
  }

  /** True for keys whose change rebuilds the output plan. */
  static readonly KEYS: ReadonlySet<string> = new Set([
    'protocol',
    'byteOrder',
    'transport',
    'reverse',
    'host',
    'port',
    'dmxChannel',
    'artNetUniverse',
    'artNetSequenceEnabled',
    'sacnPriority',
    'opcChannel',
    'opcOffset',
    'ddpDataOffset',
    'kinetPort',
    'kinetVersion',
  ]);
}

/** Adds the output parameters to a fixture component (the hook in structure/fixture.ts). */
export function addFixtureOutputParameters(fixture: Component): FixtureOutputParameters {
  const out = new FixtureOutputParameters();
  for (const [key, p] of out.entries()) fixture.addParameter(key, p);
  return out;
}
