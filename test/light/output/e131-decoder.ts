// An E1.31 decoder written from ANSI E1.31-2018 alone (§4 packet tables, §5 root layer, §6
// framing layer, §7 DMP layer), not from Footlight's encoder: tshark 4.0's ACN dissector
// predates the synchronization packet (it leaves it undissected and names the data packet's
// synchronization address by its 2009 name, "Reserved"). Every fixed field is checked; a
// packet that breaks one is refused with the field's name.

const ACN_PACKET_IDENTIFIER = 'ASC-E1.17\0\0\0';
const VECTOR_ROOT_E131_DATA = 0x00000004;
const VECTOR_ROOT_E131_EXTENDED = 0x00000008;
const VECTOR_E131_DATA_PACKET = 0x00000002;
const VECTOR_E131_EXTENDED_SYNCHRONIZATION = 0x00000001;
const VECTOR_DMP_SET_PROPERTY = 0x02;

export type E131Packet =
  | {
      readonly kind: 'data';
      readonly cid: string;
      readonly sourceName: string;
      readonly priority: number;
      readonly syncAddress: number;
      readonly sequence: number;
      readonly options: number;
      readonly universe: number;
      readonly startCode: number;
      readonly slots: readonly number[];
    }
  | { readonly kind: 'sync'; readonly cid: string; readonly sequence: number; readonly syncAddress: number };

function check(ok: boolean, field: string, got: unknown): void {
  if (!ok) throw new Error(`E1.31: bad ${field} (${String(got)})`);
}

/** A PDU's flags (high nibble 0x7: vector, header and data present) and length from `at` to the packet's end. */
function checkFlagsAndLength(buf: Buffer, at: number, layer: string): void {
  const word = buf.readUInt16BE(at);
  check(word >> 12 === 0x7, `${layer} flags`, (word >> 12).toString(16));
  check((word & 0x0fff) === buf.length - at, `${layer} length`, word & 0x0fff);
}

export function decodeE131(buf: Buffer): E131Packet {
  check(buf.length >= 49, 'packet length', buf.length);
  // Root layer (§5): preamble size 0x0010, post-amble size 0, packet identifier, flags and length, vector, CID.
  check(buf.readUInt16BE(0) === 0x0010, 'preamble size', buf.readUInt16BE(0));
  check(buf.readUInt16BE(2) === 0, 'post-amble size', buf.readUInt16BE(2));
  check(buf.toString('latin1', 4, 16) === ACN_PACKET_IDENTIFIER, 'ACN packet identifier', buf.toString('latin1', 4, 16));
  checkFlagsAndLength(buf, 16, 'root layer');
  const rootVector = buf.readUInt32BE(18);
  const cid = buf.toString('hex', 22, 38);
  checkFlagsAndLength(buf, 38, 'framing layer');
  const framingVector = buf.readUInt32BE(40);
  if (rootVector === VECTOR_ROOT_E131_EXTENDED) {
    // Synchronization packet (§4.2, §6.3): sequence, synchronization address, two reserved octets.
    check(framingVector === VECTOR_E131_EXTENDED_SYNCHRONIZATION, 'extended framing vector', framingVector);
    check(buf.length === 49, 'synchronization packet length', buf.length);
    const syncAddress = buf.readUInt16BE(45);
    check(syncAddress >= 1 && syncAddress <= 63999, 'synchronization address', syncAddress);
    return { kind: 'sync', cid, sequence: buf[44], syncAddress };
  }
  // Data packet (§4.1, §6.2, §7).
  check(rootVector === VECTOR_ROOT_E131_DATA, 'root vector', rootVector);
  check(framingVector === VECTOR_E131_DATA_PACKET, 'data framing vector', framingVector);
  check(buf.length >= 126 && buf.length <= 638, 'data packet length', buf.length);
  const name = buf.subarray(44, 108);
  const nul = name.indexOf(0);
  check(nul >= 0, 'source name termination', 'no NUL');
  const priority = buf[108];
  check(priority <= 200, 'priority', priority);
  const syncAddress = buf.readUInt16BE(109);
  check(syncAddress <= 63999, 'synchronization address', syncAddress);
  const universe = buf.readUInt16BE(113);
  check(universe >= 1 && universe <= 63999, 'universe', universe);
  checkFlagsAndLength(buf, 115, 'DMP layer');
  check(buf[117] === VECTOR_DMP_SET_PROPERTY, 'DMP vector', buf[117]);
  check(buf[118] === 0xa1, 'address type and data type', buf[118]);
  check(buf.readUInt16BE(119) === 0, 'first property address', buf.readUInt16BE(119));
  check(buf.readUInt16BE(121) === 1, 'address increment', buf.readUInt16BE(121));
  const count = buf.readUInt16BE(123);
  check(count === buf.length - 125, 'property value count', count);
  return {
    kind: 'data',
    cid,
    sourceName: name.toString('utf8', 0, nul),
    priority,
    syncAddress,
    sequence: buf[111],
    options: buf[112],
    universe,
    startCode: buf[125],
    slots: [...buf.subarray(126)],
  };
}
