// Wire formats of the LED protocols (byte layouts of LX 1.2.1's datagrams). Each writer fills a
// header in place inside a caller-owned buffer; the pixel data after it is written by the frame
// encoder. Multi-byte fields are big-endian unless a comment says otherwise.

export type Protocol = 'artnet' | 'sacn' | 'ddp' | 'opc' | 'kinet';
export type Transport = 'udp' | 'tcp';

/** Default port per protocol; fixtures send to these except OPC, whose port is a parameter. */
export const DEFAULT_PORTS: Readonly<Record<Protocol, number>> = { artnet: 6454, sacn: 5568, ddp: 4048, opc: 7890, kinet: 6038 };

/** Data bytes one packet can hold per protocol (a DMX universe, or a whole DDP/OPC buffer). */
export const MAX_DATA: Readonly<Record<Protocol, number>> = { artnet: 512, sacn: 512, ddp: 65535, opc: 65535, kinet: 512 };

// ---------------------------------------------------------------------------------------------
// Art-Net

export const ARTNET_HEADER = 18;
export const ARTNET_OFFSET_SEQUENCE = 12;
export const ARTSYNC_LENGTH = 14;
/** Highest 15-bit port-address (net, sub-net and universe). */
export const ARTNET_MAX_UNIVERSE = 32767;

const ART_NET_ID = [0x41, 0x72, 0x74, 0x2d, 0x4e, 0x65, 0x74, 0x00]; // "Art-Net\0"

/** Art-Net's data length: even, at least 2. */
export function artNetDataLength(channels: number): number {
  const n = channels + (channels & 1);
  return n < 2 ? 2 : n;
}

/** ArtDmx header: id, OpOutput 0x5000 (little-endian), version 14, sequence, physical, port-address, length. */
export function writeArtDmxHeader(buf: Uint8Array, off: number, universe: number, dataLength: number): void {
  for (let i = 0; i < 8; i++) buf[off + i] = ART_NET_ID[i];
  buf[off + 8] = 0x00;
  buf[off + 9] = 0x50;
  buf[off + 10] = 0;
  buf[off + 11] = 14;
  buf[off + 12] = 0; // sequence: 0 = disabled; the encoder patches it when enabled
  buf[off + 13] = 0; // physical
  buf[off + 14] = universe & 0xff; // SubUni: sub-net and universe
  buf[off + 15] = (universe >> 8) & 0x7f; // Net
  buf[off + 16] = (dataLength >> 8) & 0xff;
  buf[off + 17] = dataLength & 0xff;
}

/** ArtSync: id, OpSync 0x5200 (little-endian), version 14, two aux bytes. */
export function writeArtSync(buf: Uint8Array, off: number): void {
  for (let i = 0; i < 8; i++) buf[off + i] = ART_NET_ID[i];
  buf[off + 8] = 0x00;
  buf[off + 9] = 0x52;
  buf[off + 10] = 0;
  buf[off + 11] = 14;
  buf[off + 12] = 0;
  buf[off + 13] = 0;
}

/** Art-Net sequence numbers run 1..255 and skip 0 (0 means "sequencing off"). */
export function nextArtNetSequence(seq: number): number {
  return seq >= 255 ? 1 : seq + 1;
}

// ---------------------------------------------------------------------------------------------
// sACN / E1.31

export const SACN_HEADER = 126;
const SACN_OFFSET_PRIORITY = 108;
export const SACN_OFFSET_SEQUENCE = 111;
const SACN_OFFSET_UNIVERSE = 113;
const SACN_OFFSET_SYNC_ADDRESS = 109;
export const SACN_DEFAULT_PRIORITY = 100;
export const SACN_MAX_PRIORITY = 200;
const SACN_SOURCE_NAME_LENGTH = 64;
/** Highest sACN universe (E1.31-2018 §6.2.7: 1–63999); also the highest synchronization address. */
export const SACN_MAX_UNIVERSE = 63999;
/** Length of an E1.31 synchronization packet (E1.31-2018 §4.2, Table 4-2). */
export const SACN_SYNC_LENGTH = 49;
export const SACN_SYNC_OFFSET_SEQUENCE = 44;

const ACN_PACKET_ID = [0x41, 0x53, 0x43, 0x2d, 0x45, 0x31, 0x2e, 0x31, 0x37, 0x00, 0x00, 0x00]; // "ASC-E1.17\0\0\0"

function flagsAndLength(buf: Uint8Array, off: number, length: number): void {
  buf[off] = 0x70 | ((length >> 8) & 0x0f);
  buf[off + 1] = length & 0xff;
}

/**
 * E1.31 data packet header, sized to the data (126 + n bytes, not padded to 512): root layer
 * (preamble, ACN id, vector 4, CID), framing layer (vector 2, source name, priority,
 * synchronization address, sequence, options, universe) and DMP layer (vector 2, type 0xa1,
 * first address 0, increment 1, count n + 1, start code 0). `syncAddress` 0 (LX's only value)
 * means unsynchronized; otherwise the receiver holds the data until a sync packet on that
 * universe arrives (E1.31-2018 §6.2.4, §6.6).
 */
export function writeSacnHeader(
  buf: Uint8Array,
  off: number,
  cid: Uint8Array,
  sourceName: Uint8Array,
  priority: number,
  universe: number,
  dataLength: number,
  syncAddress = 0,
): void {
  buf.fill(0, off, off + SACN_HEADER);
  const total = SACN_HEADER + dataLength;
  buf[off + 1] = 0x10; // preamble size 0x0010; postamble 0
  for (let i = 0; i < 12; i++) buf[off + 4 + i] = ACN_PACKET_ID[i];
  flagsAndLength(buf, off + 16, total - 16);
  buf[off + 21] = 0x04; // root vector VECTOR_ROOT_E131_DATA
  for (let i = 0; i < 16; i++) buf[off + 22 + i] = cid[i];
  flagsAndLength(buf, off + 38, total - 38);
  buf[off + 43] = 0x02; // framing vector VECTOR_E131_DATA_PACKET
  for (let i = 0; i < SACN_SOURCE_NAME_LENGTH - 1 && i < sourceName.length; i++) buf[off + 44 + i] = sourceName[i];
  buf[off + SACN_OFFSET_PRIORITY] = priority;
  buf[off + SACN_OFFSET_SYNC_ADDRESS] = (syncAddress >> 8) & 0xff;
  buf[off + SACN_OFFSET_SYNC_ADDRESS + 1] = syncAddress & 0xff;
  // 111 sequence (patched per send), 112 options 0 (Force_Synchronization off: a receiver that
  // loses the sync packets goes back to showing data as it arrives)
  buf[off + SACN_OFFSET_UNIVERSE] = (universe >> 8) & 0xff;
  buf[off + SACN_OFFSET_UNIVERSE + 1] = universe & 0xff;
  flagsAndLength(buf, off + 115, total - 115);
  buf[off + 117] = 0x02; // DMP set property
  buf[off + 118] = 0xa1; // address type and data type
  buf[off + 122] = 0x01; // address increment
  buf[off + 123] = ((dataLength + 1) >> 8) & 0xff;
  buf[off + 124] = (dataLength + 1) & 0xff;
  // 125 DMX start code 0
}

/**
 * E1.31 synchronization packet (49 bytes): root layer (preamble, ACN id, vector 8
 * VECTOR_ROOT_E131_EXTENDED, CID) and framing layer (vector 1
 * VECTOR_E131_EXTENDED_SYNCHRONIZATION, sequence, synchronization address, 2 reserved bytes).
 * The sequence number (offset 44) is patched per send, counted per synchronization universe.
 */
export function writeSacnSync(buf: Uint8Array, off: number, cid: Uint8Array, syncAddress: number): void {
  buf.fill(0, off, off + SACN_SYNC_LENGTH);
  buf[off + 1] = 0x10;
  for (let i = 0; i < 12; i++) buf[off + 4 + i] = ACN_PACKET_ID[i];
  flagsAndLength(buf, off + 16, SACN_SYNC_LENGTH - 16);
  buf[off + 21] = 0x08;
  for (let i = 0; i < 16; i++) buf[off + 22 + i] = cid[i];
  flagsAndLength(buf, off + 38, SACN_SYNC_LENGTH - 38);
  buf[off + 43] = 0x01;
  buf[off + 45] = (syncAddress >> 8) & 0xff;
  buf[off + 46] = syncAddress & 0xff;
}

// ---------------------------------------------------------------------------------------------
// DDP (Distributed Display Protocol)

export const DDP_HEADER = 10;
/** Data bytes per DDP packet: a frame larger than this is split, push set on its last packet. */
export const DDP_CHUNK = 1440;
const DDP_FLAG_VERSION = 0x40;
const DDP_FLAG_PUSH = 0x01;

/** DDP header: flags (version 1, push), sequence 0, data type 0, destination 1, offset (u32), length (u16). */
export function writeDdpHeader(buf: Uint8Array, off: number, push: boolean, dataOffset: number, dataLength: number): void {
  buf[off] = DDP_FLAG_VERSION | (push ? DDP_FLAG_PUSH : 0);
  buf[off + 1] = 0;
  buf[off + 2] = 0;
  buf[off + 3] = 1;
  buf[off + 4] = (dataOffset >>> 24) & 0xff;
  buf[off + 5] = (dataOffset >>> 16) & 0xff;
  buf[off + 6] = (dataOffset >>> 8) & 0xff;
  buf[off + 7] = dataOffset & 0xff;
  buf[off + 8] = (dataLength >> 8) & 0xff;
  buf[off + 9] = dataLength & 0xff;
}

// ---------------------------------------------------------------------------------------------
// OPC (Open Pixel Control)

export const OPC_HEADER = 4;

/** OPC message header: channel, command 0 (set pixel colors), data length. */
export function writeOpcHeader(buf: Uint8Array, off: number, channel: number, dataLength: number): void {
  buf[off] = channel & 0xff;
  buf[off + 1] = 0;
  buf[off + 2] = (dataLength >> 8) & 0xff;
  buf[off + 3] = dataLength & 0xff;
}

// ---------------------------------------------------------------------------------------------
// KiNET (always 512 data bytes)

export type KinetVersion = 'DMXOUT' | 'PORTOUT';
const KINET_PORTOUT_HEADER = 24;
const KINET_DMXOUT_HEADER = 21;
export const KINET_MAX_PORT = 255;

const KINET_MAGIC = [0x04, 0x01, 0xdc, 0x4a];

export function kinetHeaderLength(version: KinetVersion): number {
  return version === 'PORTOUT' ? KINET_PORTOUT_HEADER : KINET_DMXOUT_HEADER;
}

/** KiNET v2 PORTOUT: magic, version 1, type 0x0108, universe ff ff ff ff, port, flags, length 512. */
export function writeKinetPortOutHeader(buf: Uint8Array, off: number, port: number): void {
  buf.fill(0, off, off + KINET_PORTOUT_HEADER);
  for (let i = 0; i < 4; i++) buf[off + i] = KINET_MAGIC[i];
  buf[off + 4] = 0x01;
  buf[off + 6] = 0x08;
  buf[off + 7] = 0x01;
  buf[off + 12] = 0xff;
  buf[off + 13] = 0xff;
  buf[off + 14] = 0xff;
  buf[off + 15] = 0xff;
  buf[off + 16] = port & 0xff;
  buf[off + 21] = 0x02; // 512 data bytes (little-endian 0x0200 in 20–21)
}

/** KiNET v1 DMXOUT: magic, version 1, type 0x0101, 0x40, universe little-endian (the port), start code. */
export function writeKinetDmxOutHeader(buf: Uint8Array, off: number, port: number): void {
  buf.fill(0, off, off + KINET_DMXOUT_HEADER);
  for (let i = 0; i < 4; i++) buf[off + i] = KINET_MAGIC[i];
  buf[off + 4] = 0x01;
  buf[off + 6] = 0x01;
  buf[off + 7] = 0x01;
  buf[off + 13] = 0x40;
  buf[off + 16] = port & 0xff;
  buf[off + 17] = (port >> 8) & 0xff;
  buf[off + 18] = (port >> 16) & 0xff;
  buf[off + 19] = (port >>> 24) & 0xff;
}
