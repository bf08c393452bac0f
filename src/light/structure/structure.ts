import { LXComponent } from '../lx-component.js';
import { buildModel, type Model } from '../model/index.js';
import { lxArray, type LoadContext, type LxObject } from '../project/lxp-types.js';
import { Fixture } from './fixture.js';

/**
 * The fixtures of the show and the model of points they make (LX's LXStructure), at
 * `/lx/structure`. The model is rebuilt whenever a fixture changes in a way that moves,
 * adds or retags points.
 */
export class Structure extends LXComponent {
  readonly lxClass = 'heronarts.lx.structure.LXStructure';
  readonly fixtures = this.addArray<Fixture>('fixture');
  model: Model = buildModel([]);
  /** Bumped whenever the model is rebuilt; renderers resize their buffers on change. */
  generation = 0;

  constructor() {
    super('LX');
  }

  addFixture(fixture: Fixture, index = this.fixtures.length): Fixture {
    this.fixtures.insert(fixture, index);
    fixture.onModelChange = () => this.rebuild();
    this.rebuild();
    return fixture;
  }

  removeFixture(fixture: Fixture): number {
    const index = this.fixtures.remove(fixture);
    fixture.onModelChange = undefined;
    this.rebuild();
    return index;
  }

  /** Rebuilds the point model from the fixtures, in fixture order. */
  rebuild(): void {
    this.model = buildModel(this.fixtures.items.map((f) => f.geometry()));
    this.generation++;
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['fixtures'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.fixtures = this.fixtures.items.map((f) => f.save());
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    for (const json of lxArray(obj.fixtures)) {
      const className = typeof json.class === 'string' ? json.class : '';
      let fixture: Fixture;
      try {
        fixture = new Fixture(className);
      } catch {
        ctx.warn(`fixture class ${className} is not supported yet; it was left out of the model`);
        continue;
      }
      this.fixtures.insert(fixture);
      fixture.load(json, ctx);
      fixture.onModelChange = () => this.rebuild();
    }
    this.rebuild();
  }
}
