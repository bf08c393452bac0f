// Views of a range of a typed array, made once and reused: `a.subarray(from, to)` makes a new
// view object per call, and point kernels copy each chunk in and out of WebAssembly memory through
// such views, several per chunk, dozens of chunks per job: that was a good part of a frame's
// garbage, and a garbage collection in a frame (or in a helper holding a chunk) is one of the
// slowest frames (docs/performance.md). The ranges of a job's chunks are the same frame after
// frame, so a view is found again instead of made. Views hang off their array weakly: they go
// when the array goes.

type View = Float32Array | Int32Array | Uint32Array;

/** Views kept per array at most (a job has at most 48 chunks per thread, plus whole-range slices). */
const VIEWS_PER_ARRAY = 64;

const cache = new WeakMap<View, View[]>();

/** `a.subarray(from, to)` (0 ≤ from ≤ to ≤ a.length), the same view object for the same array and range. */
export function rangeView<T extends View>(a: T, from: number, to: number): T {
  let views = cache.get(a);
  if (views === undefined) {
    views = [];
    cache.set(a, views);
  }
  const offset = a.byteOffset + from * a.BYTES_PER_ELEMENT;
  const length = to - from;
  for (let i = 0; i < views.length; i++) {
    const v = views[i];
    if (v.byteOffset === offset && v.length === length) return v as T;
  }
  const view = a.subarray(from, to) as T;
  if (views.length === VIEWS_PER_ARRAY) views.length = 0; // ranges that keep changing: start over
  views.push(view);
  return view;
}
