// GridFixture: rows × columns of points in the local XY plane, with one submodel per row
// (tags from `rowTags`) and per column (tags from `columnTags`).
import {
  COMMON_FIXTURE_PARAMETERS,
  type FixtureGeometry,
  type FixtureParameterSpec,
  type FixtureParams,
  type SubmodelGeometry,
  javaDoubleString,
  pointBuffers,
  specOf,
  splitTags,
  startStockFixture,
  stockGeometry,
  type TransformStep,
} from './fixture.js';
import { f } from '../math/float32.js';
import { type Mat4, copyMatrix, translate } from './matrix.js';
import { walkLine } from './strip-fixture.js';

const GRID_POSITION_MODES = ['CORNER', 'CENTER'] as const;
const POSITION_MODE_LABELS = ['Corner', 'Center'];

/** Output order only; geometry does not depend on it. */
const GRID_WIRINGS = [
  'ROWS_L2R_B2T',
  'ROWS_L2R_T2B',
  'ROWS_R2L_B2T',
  'ROWS_R2L_T2B',
  'COLUMNS_B2T_L2R',
  'COLUMNS_B2T_R2L',
  'COLUMNS_T2B_L2R',
  'COLUMNS_T2B_R2L',
  'ZIGZAG_HORIZ_BL',
  'ZIGZAG_HORIZ_TL',
  'ZIGZAG_HORIZ_BR',
  'ZIGZAG_HORIZ_TR',
  'ZIGZAG_VERT_BL',
  'ZIGZAG_VERT_TL',
  'ZIGZAG_VERT_BR',
  'ZIGZAG_VERT_TR',
] as const;

export const GRID_FIXTURE_PARAMETERS: readonly FixtureParameterSpec[] = [
  ...COMMON_FIXTURE_PARAMETERS,
  { key: 'numRows', label: 'Rows', kind: 'discrete', default: 10, min: 1, max: 1024, change: 'metrics', description: 'Number of rows in the grid' },
  { key: 'numColumns', label: 'Columns', kind: 'discrete', default: 10, min: 1, max: 1024, change: 'metrics', description: 'Number of columns in the grid' },
  {
    key: 'rowSpacing',
    label: 'Row Spacing',
    kind: 'bounded',
    default: 10,
    min: 0,
    max: 1000000,
    change: 'geometry',
    description: 'Spacing between rows in the grid',
  },
  {
    key: 'columnSpacing',
    label: 'Column Spacing',
    kind: 'bounded',
    default: 10,
    min: 0,
    max: 1000000,
    change: 'geometry',
    description: 'Spacing between columns in the grid',
  },
  {
    key: 'positionMode',
    label: 'Mode',
    kind: 'enum',
    default: 0,
    options: GRID_POSITION_MODES,
    change: 'geometry',
    description: 'Whether the grid is positioned by its corner or its center',
  },
  {
    key: 'wiring',
    label: 'Wiring',
    kind: 'enum',
    default: 0,
    options: GRID_WIRINGS,
    change: 'output',
    description: 'How the strips in the grid are sequentially wired',
  },
  { key: 'rowTags', label: 'Row Tags', kind: 'string', default: 'row', change: 'tags', description: 'Tags to be applied to rows in model' },
  { key: 'columnTags', label: 'Column Tags', kind: 'string', default: 'column', change: 'tags', description: 'Tags to be applied to columns in model' },
];

const S = (key: string): FixtureParameterSpec => specOf(GRID_FIXTURE_PARAMETERS, key);
const NUM_ROWS = S('numRows'),
  NUM_COLUMNS = S('numColumns'),
  ROW_SPACING = S('rowSpacing');
const COLUMN_SPACING = S('columnSpacing'),
  POSITION_MODE = S('positionMode'),
  WIRING = S('wiring');
const ROW_TAGS = S('rowTags'),
  COLUMN_TAGS = S('columnTags');

export const GRID_DEFAULT_TAGS: readonly string[] = ['grid'];

/** Point i = column + row·numColumns; rows go up +Y, columns along +X (before the transform). */
export function gridFixture(params: FixtureParams, parent?: Readonly<Mat4>, steps?: readonly TransformStep[]): FixtureGeometry {
  const start = startStockFixture('Grid', params, parent, GRID_DEFAULT_TAGS, steps);
  const { reader, transform } = start;
  const numRows = reader.number(NUM_ROWS);
  const numColumns = reader.number(NUM_COLUMNS);
  const rowSpacingD = reader.number(ROW_SPACING);
  const columnSpacingD = reader.number(COLUMN_SPACING);
  const rowSpacing = f(rowSpacingD);
  const columnSpacing = f(columnSpacingD);
  const positionMode = reader.ordinal(POSITION_MODE);
  reader.ordinal(WIRING); // validated only: wiring orders output, not geometry

  const buffers = pointBuffers(numRows * numColumns);

  const base = copyMatrix(transform);
  if (positionMode === 1) {
    translate(base, f(f(-0.5 * (numColumns - 1)) * columnSpacing), f(f(-0.5 * (numRows - 1)) * rowSpacing), 0);
  }
  const row = new Float32Array(16);
  for (let r = 0; r < numRows; ++r) {
    row.set(base);
    walkLine(row, numColumns, columnSpacing, buffers.points, buffers.normals, r * numColumns);
    translate(base, 0, rowSpacing, 0);
  }

  const rowTags = splitTags(reader.string(ROW_TAGS), false);
  const columnTags = splitTags(reader.string(COLUMN_TAGS), false);
  const submodels: SubmodelGeometry[] = [];
  for (let r = 0; r < numRows; ++r) {
    const t = copyMatrix(transform);
    translate(t, 0, f(r * rowSpacing), 0);
    submodels.push({
      tags: rowTags,
      start: r * numColumns,
      count: numColumns,
      stride: 1,
      transform: t,
      metaData: { numPoints: String(numColumns), spacing: javaDoubleString(columnSpacingD), rowIndex: String(r) },
    });
  }
  for (let c = 0; c < numColumns; ++c) {
    const t = copyMatrix(transform);
    translate(t, f(c * columnSpacing), 0, 0);
    submodels.push({
      tags: columnTags,
      start: c,
      count: numRows,
      stride: numColumns,
      transform: t,
      metaData: { numPoints: String(numRows), spacing: javaDoubleString(rowSpacingD), columnIndex: String(c) },
    });
  }

  const metaData = {
    numRows: String(numRows),
    numColumns: String(numColumns),
    rowSpacing: javaDoubleString(rowSpacingD),
    columnSpacing: javaDoubleString(columnSpacingD),
    positionMode: POSITION_MODE_LABELS[positionMode],
  };
  return stockGeometry(start, metaData, buffers, submodels);
}
