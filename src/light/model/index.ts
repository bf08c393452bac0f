// Model geometry for Footlight's light engine: LX 1.2.1's fixtures, model, normalization and
// views, bit-exact in float32. Plain data in, typed arrays out; no engine types.
//
// Per-point data lives in a PointSet: one Float32Array per field (x, y, z, xn, yn, zn, r, rn,
// rc, rcn, theta, azimuth, elevation, ...), plus an Int32Array of global point indices. For the
// model, position k is point k; for a view, position k is the view's k-th point, `index[k]` is
// where its color goes, and the normalized fields are the view's own.
export { ModelInputError, SelectorSyntaxError } from './errors.js';
export { COMMON_FIXTURE_PARAMETERS, type FixtureGeometry, type FixtureParameterSpec, totalSize } from './fixture.js';
export { STOCK_FIXTURE_CLASSES, type StockFixtureClass, stockFixtureClass } from './stock-classes.js';
export { type LxfParameter, type LxfResolver, jsonFixture, lxfParameters } from './json-fixture.js';
export { type LxfOutput, type LxfProblem, type LxfSource, isHostName } from './lxf-outputs.js';
export { JSON_FIXTURE_CLASS } from './fixture-registry.js';
export { type Model, ModelNode, type ModelNodeKind, type NormalizationSettings, buildModel } from './model.js';
export { PointSet } from './points.js';
export { parseSelector } from './selector.js';
export { type View, buildView } from './view.js';
