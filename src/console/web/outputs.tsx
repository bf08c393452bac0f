// The Outputs tab: which controller lights which points. It shows get_output_map (the same call
// an agent makes): every fixture's outputs and segments with the points they send and the
// universes and channels they land on, and the problems with the fixture file, line and key.
import { useEffect, useState } from 'preact/hooks';
import { callTool, failureText, history } from './store.js';

interface Allocation {
  readonly universe: number;
  readonly start: number;
  readonly end: number;
  readonly pixels: number;
}

interface Segment {
  readonly points?: readonly [number, number];
  readonly step?: number;
  readonly pixels: number;
  readonly byteOrder: string;
  readonly component?: string;
  readonly tags?: readonly string[];
  readonly repeat?: number;
  readonly padPre?: number;
  readonly padPost?: number;
  readonly outputStride?: number;
  readonly headerBytes?: number;
  readonly footerBytes?: number;
  readonly allocation: readonly Allocation[];
}

interface Output {
  readonly protocol: string;
  readonly transport: string;
  readonly host: string;
  readonly port: number;
  readonly universe: number;
  readonly channel: number;
  readonly priority?: number;
  readonly sequence?: boolean;
  readonly kinetVersion?: string;
  readonly fps?: number;
  readonly subFixture?: string;
  readonly brightness?: number;
  readonly declared?: string;
  readonly sending: boolean;
  readonly segments: readonly Segment[];
}

interface Fixture {
  readonly path: string;
  readonly label: string;
  readonly type: string;
  readonly tags: readonly string[];
  readonly enabled: boolean;
  readonly points: number;
  readonly sending: boolean;
  readonly idle?: string;
  readonly outputs: readonly Output[];
}

interface Problem {
  readonly kind: string;
  readonly fixture: string;
  readonly message: string;
  readonly file?: string;
  readonly line?: number;
  readonly key?: string;
}

interface OutputMap {
  readonly live: boolean;
  readonly fixtures: readonly Fixture[];
  readonly destinations: readonly { readonly key: string; readonly packetsPerFrame: number }[];
  readonly problems: readonly Problem[];
  readonly packetsPerFrame: number;
  readonly bytesPerFrame: number;
}

const PROTOCOLS: Readonly<Record<string, string>> = {
  artnet: 'Art-Net',
  sacn: 'sACN',
  ddp: 'DDP',
  opc: 'OPC',
  kinet: 'KiNET',
  artsync: 'ArtSync',
  none: 'None',
};

/** Where an output starts, in the protocol's own words. */
function address(o: Output): string {
  switch (o.protocol) {
    case 'artnet':
    case 'sacn':
      return `universe ${o.universe}, channel ${o.channel + 1}`;
    case 'kinet':
      return `port ${o.universe}, channel ${o.channel + 1}${o.kinetVersion === 'DMXOUT' ? ' (DMXOUT)' : ''}`;
    case 'ddp':
      return `data offset ${o.universe}`;
    case 'opc':
      return `channel ${o.universe}, offset ${o.channel}`;
    default:
      return '';
  }
}

/** Where a segment lands: "u1 ch 278–325 · u2 ch 1–32" (channels 1-based, as on a desk). */
function landing(o: Output, s: Segment): string {
  const dmx = o.protocol === 'artnet' || o.protocol === 'sacn' || o.protocol === 'kinet';
  return s.allocation
    .map((a) => (dmx ? `${o.protocol === 'kinet' ? 'p' : 'u'}${a.universe} ch ${a.start + 1}–${a.end}` : `bytes ${a.start}–${a.end - 1}`))
    .join(' · ');
}

function points(s: Segment): string {
  if (s.points === undefined) return 'padding only';
  const [a, b] = s.points;
  const step = s.step ?? 1;
  return `${a}–${b}${Math.abs(step) > 1 ? ` every ${Math.abs(step)}` : ''}${step < 0 ? ' (reversed)' : ''}`;
}

function extras(s: Segment): string {
  const out: string[] = [];
  if (s.repeat !== undefined) out.push(`×${s.repeat}`);
  if (s.padPre !== undefined || s.padPost !== undefined) out.push(`pad ${s.padPre ?? 0}/${s.padPost ?? 0}`);
  if (s.outputStride !== undefined) out.push(`stride ${s.outputStride} B`);
  if (s.headerBytes !== undefined) out.push(`header ${s.headerBytes} B`);
  if (s.footerBytes !== undefined) out.push(`footer ${s.footerBytes} B`);
  return out.join(', ');
}

function matches(f: Fixture, query: string): boolean {
  if (query === '') return true;
  const q = query.toLowerCase();
  const text = [
    f.label,
    f.path,
    f.type,
    ...f.tags,
    ...f.outputs.flatMap((o) => [
      o.host,
      `${o.host}:${o.port}`,
      PROTOCOLS[o.protocol] ?? o.protocol,
      ...o.segments.flatMap((s) => [s.component ?? '', ...(s.tags ?? [])]),
    ]),
  ];
  return text.some((t) => t.toLowerCase().includes(q));
}

function FixtureRows({ f }: { readonly f: Fixture }) {
  return (
    <tbody class={`fixture ${f.sending ? 'sending' : 'idle'}`} data-fixture={f.path}>
      <tr class="fixture-row">
        <th colSpan={5} scope="rowgroup">
          <span class="label">{f.label}</span> <span class="type">{f.type}</span>
          {f.tags.length > 0 && <span class="tags">{f.tags.join(' ')}</span>}
          <span class="count">{f.points.toLocaleString()} points</span>
          {f.idle !== undefined ? <span class="idle">{f.idle}</span> : <span class="state">sending</span>}
        </th>
      </tr>
      {f.outputs.map((o, i) =>
        o.segments.map((s, k) => (
          <tr key={`${i}-${k}`} class={`segment ${o.sending ? '' : 'off'}`}>
            {k === 0 ? (
              <td rowSpan={o.segments.length} class="output" title={o.declared}>
                <strong>{PROTOCOLS[o.protocol] ?? o.protocol}</strong> {o.protocol !== 'none' && `${o.host}:${o.port}`}
                {o.transport === 'tcp' && ' (TCP)'}
                <div class="dim">
                  {address(o)}
                  {o.priority !== undefined && ` · priority ${o.priority}`}
                  {o.sequence === true && ' · sequence'}
                  {o.fps !== undefined && ` · ${o.fps} fps`}
                  {o.brightness !== undefined && ` · ×${o.brightness}`}
                </div>
                {o.subFixture !== undefined && <div class="dim">from {o.subFixture}</div>}
                {o.declared !== undefined && <div class="dim declared">{o.declared}</div>}
              </td>
            ) : null}
            <td class="points">
              {points(s)}
              {(s.component !== undefined || s.tags !== undefined) && (
                <div class="dim">{[s.component, s.tags?.join(' ')].filter((x) => x !== undefined && x !== '').join(' · ')}</div>
              )}
            </td>
            <td class="pixels">
              {s.pixels} {s.byteOrder}
              {extras(s) !== '' && <div class="dim">{extras(s)}</div>}
            </td>
            <td class="landing" colSpan={2}>
              {o.protocol === 'artsync' ? 'after every frame' : s.allocation.length > 0 ? landing(o, s) : o.sending ? 'nothing placed' : '—'}
            </td>
          </tr>
        )),
      )}
    </tbody>
  );
}

/** The Outputs tab. */
export function OutputsView() {
  const [map, setMap] = useState<OutputMap | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [query, setQuery] = useState('');
  const changed = history.value.steps[0]?.seq ?? 0;
  const redo = history.value.redo.length;
  useEffect(() => {
    let live = true;
    const load = (): void => {
      callTool<OutputMap>('get_output_map')
        .then((m) => {
          if (!live) return;
          setMap(m);
          setError(undefined);
        })
        .catch((err: unknown) => live && setError(failureText('Output map', err)));
    };
    load();
    // Every change lands in the history; a timer catches the rest (a project opened, a file edited).
    const timer = setInterval(load, 3000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [changed, redo]);
  if (map === undefined) return <p class="hint waiting">{error ?? 'Reading the outputs…'}</p>;
  const shown = map.fixtures.filter((f) => matches(f, query.trim()));
  return (
    <section class="outputs" aria-label="Outputs">
      <header class="outputs-bar">
        <h2>Outputs</h2>
        <span class={`badge ${map.live ? 'on' : 'warn'}`}>{map.live ? 'live' : 'off'}</span>
        <span class="dim">
          {map.packetsPerFrame} packets · {map.bytesPerFrame.toLocaleString()} bytes per frame · {map.destinations.length} destination
          {map.destinations.length === 1 ? '' : 's'}
        </span>
        <input type="search" placeholder="Find a fixture, tag, host…" value={query} onInput={(e) => setQuery((e.target as HTMLInputElement).value)} />
      </header>
      {error !== undefined && <p class="hint error">{error}</p>}
      {map.problems.length > 0 && (
        <ul class="problems" aria-label="Output problems">
          {map.problems.map((p, i) => (
            <li key={i} class={`problem ${p.kind}`}>
              <span class="kind">{p.kind}</span> <span class="fixture">{map.fixtures.find((f) => f.path === p.fixture)?.label ?? p.fixture}</span>: {p.message}
              {p.file !== undefined && (
                <span class="where">
                  {' '}
                  — {p.file}
                  {p.line !== undefined ? `:${p.line}` : ''} {p.key}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div class="outputs-scroll">
        <table class="outputs-table">
          <thead>
            <tr>
              <th scope="col">Output</th>
              <th scope="col">Points</th>
              <th scope="col">Pixels</th>
              <th scope="col" colSpan={2}>
                Lands on
              </th>
            </tr>
          </thead>
          {shown.map((f) => (
            <FixtureRows key={f.path} f={f} />
          ))}
        </table>
        {shown.length === 0 && <p class="hint">{map.fixtures.length === 0 ? 'No fixtures yet.' : 'No fixture matches.'}</p>}
      </div>
    </section>
  );
}
