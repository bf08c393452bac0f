// Packets for the DMX input tests, built from the standards here (never from Footlight's decoder):
// Art-Net 4's ArtDmx, and E1.31 data packets made by the `sacn` package, reshaped per E1.31-2018.
import { Packet } from 'sacn';

interface ArtDmxOptions {
  readonly portAddress: number;
  readonly data: readonly number[] | Uint8Array;
  readonly protVer?: number;
  /** The Length field; default the data's length. */
  readonly length?: number;
  readonly opcode?: number;
  readonly sequence?: number;
}

/** ArtDmx: "Art-Net\0", OpCode (LE), ProtVer (BE), Sequence, Physical, SubUni, Net, Length (BE), data. */
export function artDmx(o: ArtDmxOptions): Buffer {
  const b = Buffer.alloc(18 + o.data.length);
  b.write('Art-Net\0', 0, 'latin1');
  b.writeUInt16LE(o.opcode ?? 0x5000, 8);
  b.writeUInt16BE(o.protVer ?? 14, 10);
  b[12] = o.sequence ?? 0;
  b[14] = o.portAddress & 0xff;
  b[15] = (o.portAddress >> 8) & 0x7f;
  b.writeUInt16BE(o.length ?? o.data.length, 16);
  b.set(o.data, 18);
  return b;
}

interface SacnOptions {
  readonly universe: number;
  /** Levels of slots 1.. (the packet carries this many slots). */
  readonly data: readonly number[];
  readonly priority?: number;
  readonly sequence?: number;
  readonly sourceName?: string;
  /** 16 bytes. */
  readonly cid?: Buffer;
  /** E1.31 options: 0x80 preview, 0x40 stream terminated. */
  readonly options?: number;
  readonly startCode?: number;
}

/**
 * An E1.31 data packet: the `sacn` package's 512-slot packet, cut to the slots given with every
 * PDU length (flags 0x7) and the property value count set as E1.31-2018 defines them.
 */
export function sacnData(o: SacnOptions): Buffer {
  const payload: Record<number, number> = {};
  o.data.forEach((v, i) => {
    payload[i + 1] = v;
  });
  const full = new Packet({
    universe: o.universe,
    payload,
    sequence: o.sequence ?? 0,
    priority: o.priority ?? 100,
    sourceName: o.sourceName ?? 'Footlight test desk',
    useRawDmxValues: true,
    ...(o.cid === undefined ? {} : { cid: o.cid }),
  }).buffer;
  const b = Buffer.from(full.subarray(0, 126 + o.data.length));
  b.writeUInt16BE(0x7000 | (b.length - 16), 16);
  b.writeUInt16BE(0x7000 | (b.length - 38), 38);
  b.writeUInt16BE(0x7000 | (b.length - 115), 115);
  b.writeUInt16BE(1 + o.data.length, 123);
  b[112] = o.options ?? 0;
  b[125] = o.startCode ?? 0;
  return b;
}

export function cid(n: number): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt32BE(0x466f6f74, 0);
  b.writeUInt32BE(n, 12);
  return b;
}
