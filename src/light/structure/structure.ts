import type { Component } from '../../engine/component.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { LXComponent } from '../component/lx-component.js';
import { type LxfResolver, type Model, type NormalizationSettings, ModelInputError, buildModel, totalSize } from '../model/index.js';
import { isLxObject, lxArray, type LoadContext, type LxObject } from '../component/lxp-types.js';
import { Fixture, isFixtureClass } from './fixture.js';
import { StructureOutput } from './structure-output.js';
import { ViewEngine } from './view-engine.js';
import { setViewSourceLookup } from './view-selector.js';

const POSITION = { v0: -1_000_000, v1: 1_000_000, mappable: false };

/**
 * The fixtures of the show, the model of points they make and the view definitions over it
 * (LX's LXStructure), at `/lx/structure`. The model is rebuilt whenever a fixture changes in a
 * way that moves, adds or retags points; the views are rebuilt with it.
 */
export class Structure extends LXComponent {
  readonly lxClass = 'heronarts.lx.structure.LXStructure';
  readonly syncModelFile = new BooleanParameter('Sync Model File', false, {
    mappable: false,
    description: 'Re-import the external .lxm model file when the project opens',
  });
  readonly allWhite = new BooleanParameter('White', false, { description: 'Sends full white to every point (a rig test)' });
  readonly mute = new BooleanParameter('Mute', false, { description: 'Sends black to every point' });
  readonly normalizationMode = new EnumParameter(
    'Normalization',
    [
      { label: 'Auto', name: 'AUTOMATIC' },
      { label: 'Manual', name: 'MANUAL' },
    ],
    0,
    { mappable: false, description: "AUTOMATIC normalizes coordinates to the model's bounds; MANUAL to the box below" },
  );
  readonly normalizationX = new BoundedParameter('Center X', 0, { ...POSITION, description: 'Manual normalization box center, x' });
  readonly normalizationY = new BoundedParameter('Center Y', 0, { ...POSITION, description: 'Manual normalization box center, y' });
  readonly normalizationZ = new BoundedParameter('Center Z', 0, { ...POSITION, description: 'Manual normalization box center, z' });
  readonly normalizationWidth = new BoundedParameter('Width', 1000, { v1: 1_000_000, mappable: false, description: 'Manual normalization box width' });
  readonly normalizationHeight = new BoundedParameter('Height', 1000, { v1: 1_000_000, mappable: false, description: 'Manual normalization box height' });
  readonly normalizationDepth = new BoundedParameter('Depth', 1000, { v1: 1_000_000, mappable: false, description: 'Manual normalization box depth' });
  readonly views: ViewEngine;
  /** The fixtures' output stage (gamma, white point, brightness), saved as LX's `output` object. */
  readonly output: StructureOutput;
  readonly fixtures = this.addArray<Fixture>('fixture');
  model: Model = buildModel([]);
  /** Bumped whenever the model is rebuilt; renderers resize their buffers on change. */
  generation = 0;
  /** Finds `.lxf` files for JSON fixtures (the media folder's Fixtures/). */
  resolveLxf: LxfResolver | undefined;
  /** Why the last rebuild failed (a JSON fixture whose file is missing), if it did. */
  modelError: string | undefined;
  /** Each fixture's point range in the model (absent for deactivated or unbuildable fixtures). */
  readonly pointRanges = new Map<Fixture, { readonly start: number; readonly count: number }>();
  private loading = false;

  constructor() {
    super('LX');
    this.addParameter('syncModelFile', this.syncModelFile);
    this.addParameter('allWhite', this.allWhite);
    this.addParameter('mute', this.mute);
    this.addParameter('normalizationMode', this.normalizationMode);
    this.addParameter('normalizationX', this.normalizationX);
    this.addParameter('normalizationY', this.normalizationY);
    this.addParameter('normalizationZ', this.normalizationZ);
    this.addParameter('normalizationWidth', this.normalizationWidth);
    this.addParameter('normalizationHeight', this.normalizationHeight);
    this.addParameter('normalizationDepth', this.normalizationDepth);
    this.views = this.addChild('views', new ViewEngine());
    this.output = this.addChild('output', new StructureOutput());
    this.views.selectorRoot = () => this.parent;
  }

  addFixture(fixture: Fixture, index = this.fixtures.length): Fixture {
    this.fixtures.insert(fixture, index);
    this.wire(fixture);
    this.rebuild();
    return fixture;
  }

  removeFixture(fixture: Fixture): number {
    const index = this.fixtures.remove(fixture);
    fixture.onModelChange = undefined;
    this.rebuild();
    return index;
  }

  moveFixture(fixture: Fixture, index: number): void {
    this.fixtures.move(fixture, index);
    this.rebuild();
  }

  private wire(fixture: Fixture): void {
    fixture.onModelChange = () => this.rebuild();
    fixture.resolveLxf = (type) => this.resolveLxf?.(type);
  }

  private normalization(): NormalizationSettings {
    if (this.normalizationMode.getValue() === 0) return { mode: 'AUTOMATIC' };
    return {
      mode: 'MANUAL',
      x: this.normalizationX.getValue(),
      y: this.normalizationY.getValue(),
      z: this.normalizationZ.getValue(),
      width: this.normalizationWidth.getValue(),
      height: this.normalizationHeight.getValue(),
      depth: this.normalizationDepth.getValue(),
    };
  }

  /** Rebuilds the point model from the fixtures, in fixture order, then every view. */
  rebuild(): void {
    if (this.loading) return;
    const geometries = [];
    this.modelError = undefined;
    this.pointRanges.clear();
    let offset = 0;
    for (const f of this.fixtures.items) {
      try {
        const g = f.geometry();
        geometries.push(g);
        if (!g.deactivated) {
          const count = totalSize(g);
          this.pointRanges.set(f, { start: offset, count });
          offset += count;
        }
      } catch (err) {
        if (!(err instanceof ModelInputError)) throw err;
        this.modelError = `${f.label.getString()}: ${err.message}`;
      }
    }
    this.model = buildModel(geometries, this.normalization(), this.model);
    this.generation++;
    this.views.setModel(this.model);
  }

  protected override onParameterChanged(p: Parameter): void {
    if (p.key.startsWith('normalization')) this.rebuild();
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['output', 'fixtures'];
  }

  protected override saveExtra(obj: LxObject): void {
    // LX writes the output stage as a key of its own, not among the children.
    if (obj.children !== undefined) delete obj.children.output;
    obj.output = this.output.save();
    obj.fixtures = this.fixtures.items.map((f) => f.save());
  }

  override load(obj: LxObject, ctx: LoadContext): void {
    this.loading = true;
    try {
      if (ctx.resolveLxf !== undefined) this.resolveLxf = ctx.resolveLxf;
      super.load(obj, ctx);
    } finally {
      this.loading = false;
    }
    this.rebuild();
    if (this.modelError !== undefined) ctx.warn(`model: ${this.modelError}`);
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    if (isLxObject(obj.output)) this.output.load(obj.output, ctx);
    let fixtures = lxArray(obj.fixtures);
    // An external model file replaces the embedded fixtures when the project syncs it (LX).
    if (typeof obj.file === 'string' && this.syncModelFile.isOn()) {
      let doc: unknown;
      let problem = `was not found in the media folder's Models/`;
      try {
        doc = ctx.resolveLxm?.(obj.file);
      } catch (err) {
        if (!(err instanceof ModelInputError)) throw err;
        problem = `cannot be read: ${err.message}`;
      }
      if (isLxObject(doc) && Array.isArray(doc.fixtures)) {
        fixtures = lxArray(doc.fixtures);
        // The model file's normalization replaces the project's (LX's importModel).
        if (isLxObject(doc.normalization)) this.loadNormalization(doc.normalization);
      } else ctx.warn(`model file ${obj.file} ${problem}; using the fixtures saved in the project`, { obj, key: 'file' });
    }
    for (const json of fixtures) {
      const className = typeof json.class === 'string' ? json.class : '';
      if (!isFixtureClass(className)) {
        ctx.warn(`fixture class ${className || '(none)'} is not supported; it was left out of the model`, { obj: json, key: 'class' });
        this.keepUnknownFixture(json);
        continue;
      }
      const fixture = new Fixture(className);
      this.fixtures.insert(fixture);
      this.wire(fixture);
      fixture.load(json, ctx);
    }
  }

  /** The normalization block of an `.lxm`: the structure's normalization parameters by key. */
  private loadNormalization(obj: LxObject): void {
    for (const [key, v] of Object.entries(obj)) {
      if (!key.startsWith('normalization') || key.endsWith('/name')) continue;
      const p = this.parameters.get(key);
      if (p !== undefined) this.loadParameter(p, v, obj[`${key}/name`]);
    }
  }

  /** Fixtures of classes Footlight cannot build are written back where they were (at the end). */
  private readonly unknownFixtures: LxObject[] = [];

  private keepUnknownFixture(json: LxObject): void {
    this.unknownFixtures.push(json);
  }

  override save(): LxObject {
    const obj = super.save();
    if (this.unknownFixtures.length > 0) obj.fixtures = [...(obj.fixtures as LxObject[]), ...this.unknownFixtures];
    return obj;
  }
}

/** The structure a component belongs to, found through its light root. */
function structureOf(c: Component): Structure | undefined {
  for (let p: Component | null = c; p !== null; p = p.parent) {
    if (p instanceof Structure) return p;
    const s = (p as { structure?: unknown }).structure;
    if ((p as { isLightRoot?: boolean }).isLightRoot === true && s instanceof Structure) return s;
  }
  return undefined;
}

setViewSourceLookup((owner) => structureOf(owner)?.views);
