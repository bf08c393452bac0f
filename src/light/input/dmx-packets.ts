// Art-Net ArtDmx and E1.31 (sACN) data packets, decoded from the standards (Art-Net 4, ANSI
// E1.31-2018), never trusted: every field the standards fix is checked, and a packet that fails
// says why (a DMX_IN_REASONS index). A packet that passes says where its levels are.
import { DMX_CHANNELS } from '../dmx/dmx-engine.js';
import { REASON } from './dmx-in-layout.js';

/** What a packet that passed carries. Reused: the decoders fill one object per receiver. */
interface DmxPacket {
  /** The universe as the protocol numbers it (Art-Net: the 15-bit port-address; sACN 1–63999). */
  universe: number;
  /** Where slot 1 starts in the datagram, and how many slots follow. */
  start: number;
  channels: number;
  /** sACN only: priority 0–200, sequence number, and where the CID (16 bytes) and source name (64) are. */
  priority: number;
  sequence: number;
}

export function dmxPacket(): DmxPacket {
  return { universe: 0, start: 0, channels: 0, priority: -1, sequence: 0 };
}

/** Decoded, or why not. */
export const OK = -1;

// ---- Art-Net ----------------------------------------------------------------------------------

const ART_NET_ID = [0x41, 0x72, 0x74, 0x2d, 0x4e, 0x65, 0x74, 0x00]; // "Art-Net\0"
const OP_DMX = 0x5000;
const ART_DMX_HEADER = 18;
const ART_NET_PROTOCOL = 14;

/**
 * ArtDmx: ID "Art-Net\0", OpCode 0x5000 (little-endian), ProtVer ≥ 14 (big-endian), Sequence,
 * Physical, SubUni and Net (the port-address, little-endian, as LX reads it), Length (big-endian,
 * 1–512, within the datagram), then the levels. Other operations are valid Art-Net without levels.
 */
export function decodeArtNet(b: Uint8Array, out: DmxPacket): number {
  if (b.length < 10) return REASON.short;
  for (let i = 0; i < 8; i++) if (b[i] !== ART_NET_ID[i]) return REASON.id;
  if ((b[8] | (b[9] << 8)) !== OP_DMX) return REASON.notData;
  if (b.length < ART_DMX_HEADER) return REASON.short;
  if (((b[10] << 8) | b[11]) < ART_NET_PROTOCOL) return REASON.version;
  const length = (b[16] << 8) | b[17];
  if (length === 0 || length > DMX_CHANNELS || ART_DMX_HEADER + length > b.length) return REASON.length;
  out.universe = b[14] | (b[15] << 8);
  out.start = ART_DMX_HEADER;
  out.channels = length;
  out.priority = -1;
  out.sequence = b[12];
  return OK;
}

// ---- E1.31 ------------------------------------------------------------------------------------

const ACN_ID = [0x41, 0x53, 0x43, 0x2d, 0x45, 0x31, 0x2e, 0x31, 0x37, 0x00, 0x00, 0x00]; // "ASC-E1.17\0\0\0"
const VECTOR_ROOT_E131_DATA = 0x00000004;
const VECTOR_ROOT_E131_EXTENDED = 0x00000008;
const VECTOR_E131_DATA_PACKET = 0x00000002;
const VECTOR_DMP_SET_PROPERTY = 0x02;
const DMP_ADDRESS_DATA_TYPE = 0xa1;
const ROOT_PDU = 16;
const FRAMING_PDU = 38;
const DMP_PDU = 115;
/** The smallest data packet: every header field and the start code (property count 1). */
const E131_DATA_HEADER = 126;
const OPTION_PREVIEW = 0x80;
const OPTION_TERMINATED = 0x40;
const MAX_PRIORITY = 200;
/** Where a data packet's CID and source name are. */
export const E131_CID = 22;
export const E131_SOURCE_NAME = 44;

const u16 = (b: Uint8Array, i: number): number => (b[i] << 8) | b[i + 1];
const u32 = (b: Uint8Array, i: number): number => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
/** A PDU's flags (0x7) and length (the rest of the datagram from `at`). */
const pduOk = (b: Uint8Array, at: number): boolean => u16(b, at) === (0x7000 | (b.length - at));

/**
 * An E1.31 data packet: root layer (preamble 0x0010, post-amble 0, ACN packet identifier,
 * vector 4, CID), framing layer (vector 2, source name, priority ≤ 200, sync address, sequence,
 * options, universe), DMP layer (vector 2, type 0xA1, first address 0, increment 1, property count
 * = start code + slots), each PDU's length the rest of the datagram. Sync and discovery packets
 * (root vector 8) carry no levels.
 */
export function decodeSacn(b: Uint8Array, out: DmxPacket): number {
  if (b.length < ROOT_PDU + 6) return REASON.short;
  for (let i = 0; i < ACN_ID.length; i++) if (b[4 + i] !== ACN_ID[i]) return REASON.id;
  if (u16(b, 0) !== 0x0010 || u16(b, 2) !== 0x0000) return REASON.header;
  const rootVector = u32(b, 18);
  if (rootVector === VECTOR_ROOT_E131_EXTENDED) return REASON.notData;
  if (rootVector !== VECTOR_ROOT_E131_DATA) return REASON.header;
  if (b.length < E131_DATA_HEADER) return REASON.short;
  if (!pduOk(b, ROOT_PDU) || !pduOk(b, FRAMING_PDU) || !pduOk(b, DMP_PDU)) return REASON.length;
  if (u32(b, 40) !== VECTOR_E131_DATA_PACKET || b[117] !== VECTOR_DMP_SET_PROPERTY || b[118] !== DMP_ADDRESS_DATA_TYPE) return REASON.header;
  if (u16(b, 119) !== 0 || u16(b, 121) !== 1 || b[108] > MAX_PRIORITY) return REASON.header;
  const count = u16(b, 123);
  if (count < 1 || count > DMX_CHANNELS + 1 || DMP_PDU + 10 + count !== b.length) return REASON.length;
  const universe = u16(b, 113);
  if (universe === 0 || universe > 63999) return REASON.universe;
  const options = b[112];
  if ((options & OPTION_PREVIEW) !== 0) return REASON.preview;
  out.universe = universe;
  out.start = E131_DATA_HEADER;
  out.channels = count - 1;
  out.priority = b[108];
  out.sequence = b[111];
  // Terminated and non-zero start codes are judged by the caller, which knows the source (a
  // terminated stream releases its universe).
  if ((options & OPTION_TERMINATED) !== 0) return REASON.terminated;
  if (b[125] !== 0) return REASON.startCode;
  return OK;
}
