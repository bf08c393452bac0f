// Pixel byte orders of LED outputs (LX's ByteOrder names). Each order says where the red,
// green, blue and, for RGBW orders, white bytes of one pixel go. The positions are derived
// from the name itself: the index of each letter is that color's byte.

/** The byte orders in LX's enum order (the ordinal is what a project file stores). */
export const BYTE_ORDERS = [
  'RGB',
  'RBG',
  'GRB',
  'GBR',
  'BRG',
  'BGR',
  'RGBW',
  'RBGW',
  'GRBW',
  'GBRW',
  'BRGW',
  'BGRW',
  'WRGB',
  'WRBG',
  'WGRB',
  'WGBR',
  'WBRG',
  'WBGR',
  'W',
] as const;

export type ByteOrderName = (typeof BYTE_ORDERS)[number];

/** How an encoder writes a pixel: 3 color bytes, RGB + white (4 bytes), or white only (1 byte). */
export const PIXEL_RGB = 0;
export const PIXEL_RGBW = 1;
const PIXEL_W = 2;

interface ByteOrderLayout {
  readonly name: ByteOrderName;
  /** Bytes per pixel: 3, 4 or 1. */
  readonly bytes: number;
  readonly mode: typeof PIXEL_RGB | typeof PIXEL_RGBW | typeof PIXEL_W;
  /** Byte position of each color within the pixel; -1 when the order has no such byte. */
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly w: number;
}

function layoutOf(name: ByteOrderName): ByteOrderLayout {
  const bytes = name.length;
  const mode = bytes === 1 ? PIXEL_W : bytes === 4 ? PIXEL_RGBW : PIXEL_RGB;
  return { name, bytes, mode, r: name.indexOf('R'), g: name.indexOf('G'), b: name.indexOf('B'), w: name.indexOf('W') };
}

/** Layouts indexed like `BYTE_ORDERS` (and like the fixture's `byteOrder` parameter). */
export const BYTE_ORDER_LAYOUTS: readonly ByteOrderLayout[] = BYTE_ORDERS.map(layoutOf);

export function byteOrderLayout(index: number): ByteOrderLayout {
  const layout = BYTE_ORDER_LAYOUTS[index];
  if (layout === undefined) throw new RangeError(`byte order ${index} does not exist`);
  return layout;
}
