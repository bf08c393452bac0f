// Reading the model out of a saved LX project (`.lxp`, §9): the structure's fixtures, its
// normalization settings and its view definitions.
import { ModelInputError } from './errors.js';
import { type FixtureDescriptor, fixtureGeometry } from './fixture-registry.js';
import type { LxfResolver } from './json-fixture.js';
import { type Model, type NormalizationSettings, buildModel } from './model.js';
import type { ViewNormalization, ViewOrientation } from './view.js';

/** A view definition as the structure's view engine saves it. */
interface ViewDefinition {
  readonly label: string;
  readonly enabled: boolean;
  readonly selector: string;
  readonly normalization: ViewNormalization;
  readonly orientation: ViewOrientation;
}

interface ProjectStructure {
  readonly fixtures: readonly FixtureDescriptor[];
  readonly normalization: NormalizationSettings;
  readonly views: readonly ViewDefinition[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function objectAt(parent: Record<string, unknown>, key: string, where: string): Record<string, unknown> | undefined {
  const v = parent[key];
  if (v === undefined) return undefined;
  if (!isObject(v)) throw new ModelInputError(`${where}.${key} must be a JSON object`);
  return v;
}

function numberParam(params: Record<string, unknown>, key: string, fallback: number): number {
  const v = params[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

function enumParam<T extends string>(params: Record<string, unknown>, key: string, options: readonly T[]): T {
  const name = params[`${key}/name`];
  const named = options.find((o) => o === name);
  if (named !== undefined) return named;
  const v = params[key];
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < options.length) return options[v];
  return options[0];
}

/** Reads fixtures, normalization and views from a parsed `.lxp` document. */
export function readProjectStructure(project: unknown): ProjectStructure {
  if (!isObject(project)) throw new ModelInputError('a project must be a JSON object');
  const model = objectAt(project, 'model', 'project') ?? {};
  const params = objectAt(model, 'parameters', 'model') ?? {};

  const fixtures: FixtureDescriptor[] = [];
  const list = model.fixtures;
  if (list !== undefined && !Array.isArray(list)) throw new ModelInputError('model.fixtures must be an array');
  for (const [i, entry] of (list ?? []).entries()) {
    if (!isObject(entry) || typeof entry.class !== 'string') {
      throw new ModelInputError(`model.fixtures[${i}] must be an object with a "class" string`);
    }
    const fixtureParams = objectAt(entry, 'parameters', `model.fixtures[${i}]`) ?? {};
    const jsonParameters = objectAt(entry, 'jsonParameters', `model.fixtures[${i}]`);
    const jsonFixtureType = typeof entry.jsonFixtureType === 'string' ? entry.jsonFixtureType : undefined;
    fixtures.push({
      className: entry.class,
      params: fixtureParams,
      ...(jsonFixtureType !== undefined ? { jsonFixtureType } : {}),
      ...(jsonParameters !== undefined ? { jsonParameters } : {}),
    });
  }

  const mode = enumParam(params, 'normalizationMode', ['AUTOMATIC', 'MANUAL'] as const);
  const normalization: NormalizationSettings =
    mode === 'MANUAL'
      ? {
          mode,
          x: numberParam(params, 'normalizationX', 0),
          y: numberParam(params, 'normalizationY', 0),
          z: numberParam(params, 'normalizationZ', 0),
          width: numberParam(params, 'normalizationWidth', 1000),
          height: numberParam(params, 'normalizationHeight', 1000),
          depth: numberParam(params, 'normalizationDepth', 1000),
        }
      : { mode };

  const views: ViewDefinition[] = [];
  const viewEngine = objectAt(objectAt(model, 'children', 'model') ?? {}, 'views', 'model.children');
  const viewList = viewEngine?.views;
  if (Array.isArray(viewList)) {
    for (const entry of viewList) {
      if (!isObject(entry)) continue;
      const p = objectAt(entry, 'parameters', 'view') ?? {};
      views.push({
        label: typeof p.label === 'string' ? p.label : 'View',
        enabled: p.enabled !== false,
        selector: typeof p.selector === 'string' ? p.selector : '',
        normalization: enumParam(p, 'normalization', ['RELATIVE', 'ABSOLUTE'] as const),
        orientation: enumParam(p, 'orientation', ['GLOBAL', 'GROUP'] as const),
      });
    }
  }
  return { fixtures, normalization, views };
}

/** Builds the model a project describes (its fixtures, in order, with its normalization). */
export function modelFromProject(project: unknown, resolveLxf?: LxfResolver): Model {
  const structure = readProjectStructure(project);
  return buildModel(
    structure.fixtures.map((d) => fixtureGeometry(d, resolveLxf)),
    structure.normalization,
  );
}
