// The Stage tab: the patch sheet of the stage (DMX) fixtures and, for the one selected, its
// attributes, Remove and an Aim row; under it the library search and patch form (stage-patch.tsx).
// It reads list_stage_fixtures and get_stage_fixture_dmx (the calls an agent makes) after every
// history step; the sliders write through /api/parameter like every console edit, so a drag is
// one undo step. docs/console.md.
import { useEffect, useState } from 'preact/hooks';
import { Slider } from './controls.js';
import { FixtureActions, PatchPanel } from './stage-patch.js';
import type { ParameterPayload } from '../protocol.js';
import { api, callTool, failureText, history } from './store.js';

interface StageFixture {
  readonly path: string;
  readonly label: string;
  readonly profile: { readonly maker: string; readonly model: string; readonly type: string };
  readonly mode: string;
  readonly universe: number;
  readonly address: number;
  readonly channels: readonly [number, number];
  readonly footprint: number;
  /** Present on a head that can aim. */
  readonly aim?: { readonly mode: string };
}

interface Overlap {
  readonly fixture: string;
  readonly with: string;
  readonly universe: number;
  readonly channels: readonly [number, number];
}

interface Sheet {
  readonly fixtures: readonly StageFixture[];
  readonly overlaps: readonly Overlap[];
}

interface Dmx {
  readonly attributes: readonly { readonly key: string; readonly value: number; readonly range?: string }[];
}

/** The selected fixture's attributes: a slider each (the DMX value) and the profile's range it is in. */
function AttributePanel({ f, changed }: { readonly f: StageFixture; readonly changed: string }) {
  const [params, setParams] = useState<readonly ParameterPayload[] | undefined>(undefined);
  const [dmx, setDmx] = useState<Dmx | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    api<{ parameters: ParameterPayload[] }>(`/api/component?path=${encodeURIComponent(f.path)}`)
      .then((c) => live && setParams(c.parameters.filter((p) => p.path !== `${f.path}/label`)))
      .catch((err: unknown) => live && setError(failureText('Attributes', err)));
    callTool<Dmx>('get_stage_fixture_dmx', { path: f.path })
      .then((d) => live && setDmx(d))
      .catch((err: unknown) => live && setError(failureText('DMX', err)));
    return () => {
      live = false;
    };
  }, [f.path, changed]);
  return (
    <section class="stage-attributes" aria-label={`Attributes of ${f.label}`}>
      <h3>
        {f.label} <span class="dim">{f.profile.model}</span>
      </h3>
      {error !== undefined && <p class="hint error">{error}</p>}
      {params === undefined ? (
        <p class="hint waiting">Reading the attributes…</p>
      ) : (
        params.map((p) => {
          const key = p.path.slice(f.path.length + 1);
          const range = dmx?.attributes.find((a) => a.key === key)?.range;
          return (
            <div class="stage-attribute" key={p.path} data-key={key}>
              <Slider p={p} label={key} stacked />
              <span class="range" title="The profile's range this value is in">
                {range ?? ''}
              </span>
            </div>
          );
        })
      )}
    </section>
  );
}

/** The Stage tab. */
export function StageView() {
  const [sheet, setSheet] = useState<Sheet | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const changed = history.value.steps[0]?.seq ?? 0;
  const redo = history.value.redo.length;
  useEffect(() => {
    let live = true;
    const load = (): void => {
      callTool<Sheet>('list_stage_fixtures')
        .then((s) => {
          if (!live) return;
          setSheet(s);
          setError(undefined);
        })
        .catch((err: unknown) => live && setError(failureText('Stage fixtures', err)));
    };
    load();
    // Every change lands in the history; a timer catches the rest (a project opened).
    const timer = setInterval(load, 3000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [changed, redo]);
  if (sheet === undefined) return <p class="hint waiting">{error ?? 'Reading the stage fixtures…'}</p>;
  const chosen = sheet.fixtures.find((f) => f.path === selected);
  return (
    <section class="stage-sheet" aria-label="Stage fixtures">
      <header class="outputs-bar">
        <h2>Stage fixtures</h2>
        <span class="dim">
          {sheet.fixtures.length} patched{sheet.overlaps.length > 0 ? ` · ${sheet.overlaps.length} overlapping` : ''}
        </span>
      </header>
      {error !== undefined && <p class="hint error">{error}</p>}
      <div class="outputs-scroll">
        <table class="outputs-table stage-table">
          <thead>
            <tr>
              <th scope="col">Fixture</th>
              <th scope="col">Universe</th>
              <th scope="col">Address</th>
              <th scope="col">Channels</th>
              <th scope="col">Footprint</th>
              <th scope="col">Mode</th>
              <th scope="col">Profile</th>
            </tr>
          </thead>
          <tbody>
            {sheet.fixtures.map((f) => {
              const overlap = sheet.overlaps.find((o) => o.fixture === f.path);
              const title = overlap === undefined ? undefined : `Channels ${overlap.channels[0]}–${overlap.channels[1]} also written by ${overlap.with}`;
              return (
                <tr
                  key={f.path}
                  data-fixture={f.path}
                  class={`${overlap !== undefined ? 'overlap' : ''} ${f.path === selected ? 'selected' : ''}`}
                  title={title}
                  aria-selected={f.path === selected}
                  onClick={() => setSelected(f.path)}
                >
                  <th scope="row">
                    <button type="button" class="link-button" onClick={() => setSelected(f.path)}>
                      {f.label}
                    </button>
                    {overlap !== undefined && <span class="overlap-note"> overlaps {overlap.with}</span>}
                  </th>
                  <td>{f.universe}</td>
                  <td>{f.address}</td>
                  <td>
                    {f.channels[0]}–{f.channels[1]}
                  </td>
                  <td>{f.footprint}</td>
                  <td>{f.mode}</td>
                  <td>
                    {f.profile.maker} {f.profile.model}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {sheet.fixtures.length === 0 && <p class="hint">No stage fixtures yet: patch one below (or with patch_fixture).</p>}
      </div>
      {chosen !== undefined && (
        <FixtureActions
          key={chosen.path}
          path={chosen.path}
          label={chosen.label}
          heads={sheet.fixtures.filter((f) => f.aim !== undefined).map((f) => f.path)}
          removed={() => setSelected(undefined)}
        />
      )}
      {chosen !== undefined && <AttributePanel f={chosen} changed={`${changed}/${redo}`} />}
      <PatchPanel patched={setSelected} />
    </section>
  );
}
