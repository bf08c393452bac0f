// Typed arrays the render helper thread can read and write. Frame buffers and point coordinates
// of large models live on SharedArrayBuffers so that point jobs (point-pool.ts) can split their
// work across threads; small ones stay on ordinary buffers, where jobs run on the engine thread.

/** From this many elements an array is worth sharing (and a point job worth splitting). */
export const MIN_SHARED_POINTS = 4096;

/** Arrays from this many elements go on SharedArrayBuffers (tests lower it to share small models too). */
export const sharing = { minLength: MIN_SHARED_POINTS };

type ArrayType<T> = new (buffer: ArrayBufferLike, byteOffset?: number, length?: number) => T;

function allocate<T>(type: ArrayType<T> & { readonly BYTES_PER_ELEMENT: number }, length: number, shared: boolean, capacity = length): T {
  const Buffer = shared ? SharedArrayBuffer : ArrayBuffer;
  return new type(new Buffer(Math.max(length, capacity) * type.BYTES_PER_ELEMENT), 0, length);
}

/** A Float32Array, shared when `length` reaches sharing.minLength, on a buffer with room for `capacity` elements. */
export function pointFloat32(length: number, capacity = length): Float32Array {
  return allocate(Float32Array, length, length >= sharing.minLength, capacity);
}

/** An Int32Array, shared when `length` reaches sharing.minLength, on a buffer with room for `capacity` elements. */
export function pointInt32(length: number, capacity = length): Int32Array {
  return allocate(Int32Array, length, length >= sharing.minLength, capacity);
}

/** A color buffer (Uint32Array), shared when `length` reaches sharing.minLength. */
export function colorBuffer(length: number): Uint32Array {
  return allocate(Uint32Array, length, length >= sharing.minLength);
}

/** Whether the helper thread can see `a`. */
export function isShared(a: ArrayBufferView): boolean {
  return a.buffer instanceof SharedArrayBuffer;
}
