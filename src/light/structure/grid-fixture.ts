import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { StringParameter } from '../../engine/parameters/string.js';
import { LXComponent } from '../lx-component.js';

/** A rectangular grid of points (LX's GridFixture): rows bottom to top, columns left to right. */
export class GridFixture extends LXComponent {
  readonly lxClass = 'heronarts.lx.structure.GridFixture';
  readonly x = new BoundedParameter('X', 0, { v0: -1_000_000, v1: 1_000_000, description: 'Position on the x axis' });
  readonly y = new BoundedParameter('Y', 0, { v0: -1_000_000, v1: 1_000_000, description: 'Position on the y axis' });
  readonly z = new BoundedParameter('Z', 0, { v0: -1_000_000, v1: 1_000_000, description: 'Position on the z axis' });
  readonly enabled = new BooleanParameter('Enabled', false, { description: 'Send this fixture to its network output' });
  readonly tags = new StringParameter('Tags', '', { description: 'Extra model tags, separated by spaces' });
  readonly numRows = new DiscreteParameter('Rows', 10, 1, 1024, { description: 'Number of rows' });
  readonly numColumns = new DiscreteParameter('Columns', 10, 1, 1024, { description: 'Number of columns' });
  readonly rowSpacing = new BoundedParameter('Row Spacing', 10, { v0: 0, v1: 1_000_000, description: 'Distance between rows' });
  readonly columnSpacing = new BoundedParameter('Column Spacing', 10, { v0: 0, v1: 1_000_000, description: 'Distance between columns' });

  constructor(label = 'Grid') {
    super(label);
    this.addParameter('x', this.x);
    this.addParameter('y', this.y);
    this.addParameter('z', this.z);
    this.addParameter('enabled', this.enabled);
    this.addParameter('tags', this.tags);
    this.addParameter('numRows', this.numRows);
    this.addParameter('numColumns', this.numColumns);
    this.addParameter('rowSpacing', this.rowSpacing);
    this.addParameter('columnSpacing', this.columnSpacing);
  }

  protected override onParameterChanged(): void {
    (this.parent as { rebuild?: () => void } | null)?.rebuild?.();
  }

  get pointCount(): number {
    return this.numRows.getValue() * this.numColumns.getValue();
  }

  /** Writes this fixture's points from `offset` into the model arrays. */
  writePoints(x: Float32Array, y: Float32Array, z: Float32Array, offset: number): void {
    const rows = this.numRows.getValue();
    const cols = this.numColumns.getValue();
    const rs = this.rowSpacing.getValue();
    const cs = this.columnSpacing.getValue();
    const x0 = this.x.getValue();
    const y0 = this.y.getValue();
    const z0 = this.z.getValue();
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const i = offset + r * cols + c;
        x[i] = x0 + c * cs;
        y[i] = y0 + r * rs;
        z[i] = z0;
      }
    }
  }
}
