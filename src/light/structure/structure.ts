import { LXComponent } from '../lx-component.js';
import { GridFixture } from './grid-fixture.js';
import { PointModel } from './grid-model.js';

/** The fixtures of the show and the model of points they make (LX's LXStructure). */
export class Structure extends LXComponent {
  readonly lxClass = 'heronarts.lx.structure.LXStructure';
  readonly fixtures = this.addArray<GridFixture>('fixture');
  model: PointModel = PointModel.empty();
  /** Bumped whenever the model is rebuilt; renderers resize their buffers on change. */
  generation = 0;

  constructor() {
    super('LX');
  }

  addFixture(fixture: GridFixture): GridFixture {
    this.fixtures.insert(fixture);
    this.rebuild();
    return fixture;
  }

  /** Rebuilds the point model from the fixtures, in fixture order. */
  rebuild(): void {
    let n = 0;
    for (const f of this.fixtures.items) n += f.pointCount;
    const x = new Float32Array(n);
    const y = new Float32Array(n);
    const z = new Float32Array(n);
    let offset = 0;
    for (const f of this.fixtures.items) {
      f.writePoints(x, y, z, offset);
      offset += f.pointCount;
    }
    this.model = new PointModel(x, y, z);
    this.generation++;
  }
}
