// The output map as people and agents read it: per fixture, each declared output and segment
// with the points it sends, the universes and channels it lands on, and every problem (a fixture
// file's bad key, an overflow, two outputs on the same channels) with the file, line and key.
// get_output_map and the console's output view both show this report.
import type { LxfSource, Model, ModelNode } from '../model/index.js';
import type { OutputPlan } from './packing.js';
import type { DeclaredFixture, DeclaredOutput, DeclaredSegment } from './sources.js';

interface Allocation {
  readonly universe: number;
  /** First byte of the packet's data (0-based DMX channel for DMX protocols). */
  readonly start: number;
  /** Exclusive end byte. */
  readonly end: number;
  readonly pixels: number;
  /** sACN: the E1.31 synchronization address the universe carries, when synchronized. */
  readonly syncUniverse?: number;
}

interface SegmentReport {
  /** Model indices of the first and last point sent (reversed: first > last). */
  readonly points?: [number, number];
  /** Step between consecutive points when constant and not 1 (negative when reversed). */
  readonly step?: number;
  /** Pixels sent, with repeats and padding. */
  readonly pixels: number;
  readonly byteOrder: string;
  readonly component?: string;
  /** Tags of the smallest part of the model (strip, row, sub-fixture) holding the points. */
  readonly tags?: string[];
  readonly repeat?: number;
  readonly padPre?: number;
  readonly padPost?: number;
  readonly outputStride?: number;
  readonly headerBytes?: number;
  readonly footerBytes?: number;
  readonly allocation: Allocation[];
}

interface OutputReport {
  readonly protocol: DeclaredOutput['protocol'];
  readonly transport: 'udp' | 'tcp';
  readonly host: string;
  readonly port: number;
  readonly universe: number;
  readonly channel: number;
  readonly priority?: number;
  readonly sequence?: boolean;
  readonly kinetVersion?: string;
  readonly fps?: number;
  /** The sub-fixtures (labels) whose file declares it. */
  readonly subFixture?: string;
  readonly brightness?: number;
  /** `file:line key` where it is declared. */
  readonly declared?: string;
  readonly sending: boolean;
  readonly destination?: string;
  readonly segments: SegmentReport[];
}

interface FixtureReport {
  readonly path: string;
  readonly label: string;
  readonly type: string;
  readonly tags: string[];
  readonly enabled: boolean;
  readonly points: number;
  readonly sending: boolean;
  readonly idle?: string;
  readonly outputs: OutputReport[];
}

interface Problem {
  readonly kind: 'file' | 'overflow' | 'collision' | 'address';
  readonly fixture: string;
  readonly message: string;
  readonly file?: string;
  readonly line?: number;
  readonly key?: string;
  /** Collisions: the destination, universe and first and last byte written twice, and the other fixture. */
  readonly destination?: string;
  readonly universe?: number;
  readonly channels?: [number, number];
  readonly with?: string;
}

export interface OutputMapReport {
  readonly live: boolean;
  readonly fixtures: FixtureReport[];
  readonly destinations: {
    key: string;
    protocol: string;
    transport: string;
    host: string;
    port: number;
    packetsPerFrame: number;
    sync?: 'artsync' | 'e131';
    syncUniverse?: number;
  }[];
  readonly problems: Problem[];
  readonly packetsPerFrame: number;
  readonly bytesPerFrame: number;
}

interface OutputMapInput {
  readonly live: boolean;
  readonly declared: readonly DeclaredFixture[];
  readonly owners: readonly number[];
  readonly plan: OutputPlan | null;
}

function cite(source: LxfSource | undefined): Pick<Problem, 'file' | 'line' | 'key'> {
  if (source === undefined) return {};
  return { file: source.file, ...(source.line !== undefined ? { line: source.line } : {}), key: source.key };
}

function declaredAt(source: LxfSource): string {
  return `${source.file}${source.line !== undefined ? `:${source.line}` : ''} ${source.key}`;
}

/** The smallest tagged model node below `fixture` holding both points. */
function partOf(fixture: ModelNode, a: number, b: number): ModelNode | undefined {
  let best: ModelNode | undefined;
  const visit = (node: ModelNode): void => {
    for (const child of node.children) {
      const pts = child.points;
      if (pts.length === 0 || pts.length >= (best?.size ?? fixture.size)) continue;
      if (!pts.includes(a) || !pts.includes(b)) continue;
      if (child.tags.length > 0) best = child;
      visit(child);
    }
  };
  visit(fixture);
  return best;
}

function segmentReport(s: DeclaredSegment, allocation: Allocation[], node: ModelNode | undefined): SegmentReport {
  const part = s.first >= 0 && node !== undefined ? partOf(node, s.first, s.last) : undefined;
  return {
    ...(s.first >= 0 ? { points: [s.first, s.last] as [number, number] } : {}),
    ...(s.step !== undefined && s.step !== 1 ? { step: s.step } : {}),
    pixels: s.pixels,
    byteOrder: s.byteOrder,
    ...(s.component !== undefined ? { component: s.component } : {}),
    ...(part !== undefined ? { tags: [...part.tags] } : {}),
    ...(s.repeat !== 1 ? { repeat: s.repeat } : {}),
    ...(s.padPre > 0 ? { padPre: s.padPre } : {}),
    ...(s.padPost > 0 ? { padPost: s.padPost } : {}),
    ...(s.outputStride !== s.byteOrder.length ? { outputStride: s.outputStride } : {}),
    ...(s.headerBytes > 0 ? { headerBytes: s.headerBytes } : {}),
    ...(s.footerBytes > 0 ? { footerBytes: s.footerBytes } : {}),
    allocation,
  };
}

function addressWarnings(o: DeclaredOutput): string[] {
  const out: string[] = [];
  if (o.protocol === 'sacn' && o.universe === 0) out.push('sACN universes run from 1; most receivers ignore universe 0');
  if (/^(255\.255\.255\.255|.*\.255)$/.test(o.host)) out.push(`host ${o.host} looks like a broadcast address`);
  if (/^(22[4-9]|23\d)\./.test(o.host)) out.push(`host ${o.host} is a multicast address`);
  return out;
}

/** Whether a fixture's report matches `query`: its label, path, type, tags, a host, a component or a segment's tags. */
function matches(f: FixtureReport, query: string): boolean {
  const q = query.toLowerCase();
  const words = [
    f.label,
    f.path,
    f.type,
    ...f.tags,
    ...f.outputs.flatMap((o) => [o.host, `${o.host}:${o.port}`, ...o.segments.flatMap((s) => [s.component ?? '', ...(s.tags ?? [])])]),
  ];
  return words.some((w) => w.toLowerCase().includes(q));
}

/**
 * Builds the report from the engine's declared outputs and current plan; with `query`, only the
 * fixtures it matches (and their problems), destinations and totals staying whole.
 */
export function outputMapReport(map: OutputMapInput, model: Model, query = ''): OutputMapReport {
  const plan = map.plan;
  const problems: Problem[] = [];
  const fixtures = map.declared.map((f) => {
    const node = f.firstPoint >= 0 ? model.fixtures.find((n) => n.points[0] === f.firstPoint) : undefined;
    for (const p of f.problems) problems.push({ kind: 'file', fixture: f.path, message: p.message, ...cite(p.source) });
    const outputs = f.outputs.map((o): OutputReport => {
      for (const w of addressWarnings(o)) problems.push({ kind: 'address', fixture: f.path, message: w, ...cite(o.source) });
      const placements = o.sourceIndex >= 0 && plan !== null ? plan.placements[o.sourceIndex] : [];
      const source = o.sourceIndex >= 0 && plan !== null ? plan.sources[o.sourceIndex] : undefined;
      return {
        protocol: o.protocol,
        transport: o.transport,
        host: o.host,
        port: o.port,
        universe: o.universe,
        channel: o.channel,
        ...(o.protocol === 'sacn' ? { priority: o.priority } : {}),
        ...(o.protocol === 'artnet' ? { sequence: o.sequenceEnabled } : {}),
        ...(o.protocol === 'kinet' ? { kinetVersion: o.kinetVersion } : {}),
        ...(o.fps > 0 ? { fps: o.fps } : {}),
        ...(o.owner.length > 0 ? { subFixture: o.owner.join(' › ') } : {}),
        ...(o.brightness !== 1 ? { brightness: o.brightness } : {}),
        ...(o.source !== undefined ? { declared: declaredAt(o.source) } : {}),
        sending: o.sourceIndex >= 0,
        ...(source !== undefined
          ? { destination: `${source.protocol === 'artsync' ? 'artnet' : source.protocol}/${source.transport}/${source.host}:${source.port}` }
          : {}),
        segments: o.segments.map((s, k) =>
          segmentReport(
            s,
            placements
              .filter((p) => p.segment === k)
              .map((p) => ({
                universe: p.universe,
                start: p.start,
                end: p.end,
                pixels: p.pixels,
                ...(p.syncUniverse !== undefined ? { syncUniverse: p.syncUniverse } : {}),
              })),
            node,
          ),
        ),
      };
    });
    return {
      path: f.path,
      label: f.label,
      type: f.type,
      tags: [...f.tags],
      enabled: f.enabled,
      points: f.points,
      sending: outputs.some((o) => o.sending),
      ...(f.idle !== undefined ? { idle: f.idle } : {}),
      outputs,
    };
  });
  const sourceOf = (i: number): { fixture: string; label: string; source?: LxfSource } => {
    const f = map.declared[map.owners[i]];
    const o = f?.outputs.find((x) => x.sourceIndex === i);
    return { fixture: f?.path ?? '', label: f?.label ?? '', ...(o?.source !== undefined ? { source: o.source } : {}) };
  };
  for (const e of plan?.errors ?? []) {
    const at = sourceOf(e.source);
    problems.push({ kind: 'overflow', fixture: at.fixture, message: e.message, ...cite(at.source) });
  }
  for (const c of plan?.collisions ?? []) {
    const first = sourceOf(c.sources[0]);
    const later = sourceOf(c.sources[1]);
    const same = first.fixture === later.fixture;
    problems.push({
      kind: 'collision',
      fixture: later.fixture,
      message:
        `${same ? 'two of its outputs write' : `it writes`} bytes ${c.start}–${c.end - 1} of ${c.destination} universe ${c.universe}` +
        `${same ? '' : ` that ${first.label} (${first.fixture}) also writes`}; the later one wins on the wire: move one of them`,
      ...cite(later.source),
      destination: c.destination,
      universe: c.universe,
      channels: [c.start, c.end - 1],
      ...(same ? {} : { with: first.fixture }),
    });
  }
  const q = query.trim();
  const shown = q === '' ? fixtures : fixtures.filter((f) => matches(f, q));
  const kept = new Set(shown.map((f) => f.path));
  const perDestination = new Map<number, number>();
  if (plan !== null)
    for (let p = 0; p < plan.packetCount; p++) perDestination.set(plan.packetDestination[p], (perDestination.get(plan.packetDestination[p]) ?? 0) + 1);
  return {
    live: map.live,
    fixtures: shown,
    destinations: (plan?.destinations ?? []).map((d, i) => ({
      key: d.key,
      protocol: d.protocol,
      transport: d.transport,
      host: d.host,
      port: d.port,
      packetsPerFrame: perDestination.get(i) ?? 0,
      ...(d.sync !== undefined ? { sync: d.sync } : {}),
      ...(d.syncUniverse !== undefined ? { syncUniverse: d.syncUniverse } : {}),
    })),
    problems: q === '' ? problems : problems.filter((p) => kept.has(p.fixture) || (p.with !== undefined && kept.has(p.with))),
    packetsPerFrame: plan?.packetCount ?? 0,
    bytesPerFrame: plan?.bankSize ?? 0,
  };
}
