// The Stage tab's edits: search the fixture library, patch a profile in one of its modes, and for
// the selected fixture remove it or aim heads at a point. Each calls the stage tool an agent calls
// (list_fixture_profiles, get_fixture_profile, patch_fixture, remove_stage_fixture,
// aim_stage_fixtures) through the console API, so each edit is that tool's one undo step; a
// refusal is shown inline as the tool words it. docs/console.md.
import { useState } from 'preact/hooks';
import { callTool, failureText } from './store.js';

interface ProfileEntry {
  readonly id: string;
  readonly maker: string;
  readonly model: string;
  readonly type: string;
}

interface Profile extends ProfileEntry {
  readonly modes: readonly { readonly name: string; readonly channelCount: number }[];
}

/** A labelled text field: the value stays the text typed, parsed when the action runs. */
function Field({
  label,
  value,
  set,
  width = 5,
}: {
  readonly label: string;
  readonly value: string;
  readonly set: (v: string) => void;
  readonly width?: number;
}) {
  return (
    <label class="stage-field">
      {label}
      <input type="text" size={width} value={value} onInput={(e) => set((e.target as HTMLInputElement).value)} />
    </label>
  );
}

/** The text as a number; empty is `fallback`. */
function num(text: string, what: string, fallback = 0): number {
  if (text.trim() === '') return fallback;
  const v = Number(text);
  if (!Number.isFinite(v)) throw new Error(`${what}: not a number: "${text}"`);
  return v;
}

/** The patch form for one profile: mode, universe, address, label, placement, home. */
function PatchForm({ profile, patched }: { readonly profile: Profile; readonly patched: (path: string) => void }) {
  const [mode, setMode] = useState(profile.modes[0]?.name ?? '');
  const [f, setF] = useState({ universe: '1', address: '', label: '', x: '', y: '', z: '', yaw: '', pitch: '', roll: '' });
  const [hanging, setHanging] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const field = (key: keyof typeof f, label: string, width?: number) => (
    <Field label={label} value={f[key]} set={(v) => setF({ ...f, [key]: v })} width={width} />
  );
  const patch = async (): Promise<void> => {
    try {
      const args = {
        profile: profile.id,
        mode,
        universe: num(f.universe, 'Universe', 1),
        address: f.address.trim() === '' ? 'auto' : num(f.address, 'Address'),
        ...(f.label.trim() === '' ? {} : { label: f.label.trim() }),
        placement: {
          position: { x: num(f.x, 'x'), y: num(f.y, 'y'), z: num(f.z, 'z') },
          yaw: num(f.yaw, 'Yaw'),
          pitch: num(f.pitch, 'Pitch'),
          roll: num(f.roll, 'Roll'),
          home: { x: 0, y: hanging ? -1 : 1, z: 0 },
        },
      };
      const r = await callTool<{ fixture: { path: string; label: string; universe: number; address: number } }>('patch_fixture', args);
      setMessage({ text: `Patched ${r.fixture.label} at ${r.fixture.universe}.${r.fixture.address}`, error: false });
      patched(r.fixture.path);
    } catch (err) {
      setMessage({ text: failureText('Patch', err), error: true });
    }
  };
  return (
    <form
      class="stage-patch-form"
      aria-label={`Patch ${profile.maker} ${profile.model}`}
      onSubmit={(e) => {
        e.preventDefault();
        void patch();
      }}
    >
      <label class="stage-field">
        Mode
        <select value={mode} onChange={(e) => setMode((e.target as HTMLSelectElement).value)}>
          {profile.modes.map((m) => (
            <option key={m.name} value={m.name}>
              {m.name} ({m.channelCount} ch)
            </option>
          ))}
        </select>
      </label>
      {field('universe', 'Universe', 4)}
      {field('address', 'Address (blank: auto)', 4)}
      {field('label', 'Label', 12)}
      {field('x', 'x', 4)}
      {field('y', 'y', 4)}
      {field('z', 'z', 4)}
      {field('yaw', 'Yaw°', 4)}
      {field('pitch', 'Pitch°', 4)}
      {field('roll', 'Roll°', 4)}
      <label class="stage-field">
        Home
        <select value={hanging ? 'hanging' : 'standing'} onChange={(e) => setHanging((e.target as HTMLSelectElement).value === 'hanging')}>
          <option value="standing">standing (+y)</option>
          <option value="hanging">hanging (−y)</option>
        </select>
      </label>
      <button type="submit">Patch</button>
      {message !== undefined && <p class={`hint ${message.error ? 'error' : ''}`}>{message.text}</p>}
    </form>
  );
}

/** Search the fixture library (first page), pick a profile, patch it. */
export function PatchPanel({ patched }: { readonly patched: (path: string) => void }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ profiles: readonly ProfileEntry[]; total: number } | undefined>(undefined);
  const [profile, setProfile] = useState<Profile | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const search = async (): Promise<void> => {
    try {
      setFound(await callTool('list_fixture_profiles', { text, limit: 20 }));
      setError(undefined);
    } catch (err) {
      setError(failureText('Library', err));
    }
  };
  const pick = async (id: string): Promise<void> => {
    try {
      setProfile(await callTool<Profile>('get_fixture_profile', { id }));
      setError(undefined);
    } catch (err) {
      setError(failureText('Profile', err));
    }
  };
  return (
    <section class="stage-patch" aria-label="Patch a fixture">
      <form
        class="stage-search"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <input
          type="search"
          placeholder="Maker, model or type"
          aria-label="Search the fixture library"
          value={text}
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
        />
        <button type="submit">Search</button>
        {found !== undefined && (
          <span class="dim">{found.profiles.length < found.total ? `first ${found.profiles.length} of ${found.total}` : `${found.total} found`}</span>
        )}
      </form>
      {error !== undefined && <p class="hint error">{error}</p>}
      {found !== undefined && (
        <ul class="stage-results">
          {found.profiles.map((p) => (
            <li key={p.id}>
              <button type="button" class={`link-button ${p.id === profile?.id ? 'selected' : ''}`} data-profile={p.id} onClick={() => void pick(p.id)}>
                {p.maker} {p.model}
              </button>{' '}
              <span class="dim">{p.type}</span>
            </li>
          ))}
        </ul>
      )}
      {profile !== undefined && <PatchForm key={profile.id} profile={profile} patched={patched} />}
    </section>
  );
}

/** The selected fixture's edits: Remove, and for a head that can aim, an Aim row (a point and a fan). */
export function FixtureActions({
  path,
  label,
  heads,
  removed,
}: {
  readonly path: string;
  readonly label: string;
  /** Every head of the sheet that can aim (empty: this fixture cannot either). */
  readonly heads: readonly string[];
  readonly removed: () => void;
}) {
  const [p, setP] = useState({ x: '', y: '', z: '', fan: '' });
  const [all, setAll] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const canAim = heads.includes(path);
  const remove = async (): Promise<void> => {
    try {
      await callTool('remove_stage_fixture', { path });
      removed();
    } catch (err) {
      setMessage({ text: failureText('Remove', err), error: true });
    }
  };
  const aim = async (): Promise<void> => {
    try {
      const point = { x: num(p.x, 'x'), y: num(p.y, 'y'), z: num(p.z, 'z') };
      const r = await callTool<{ changed: boolean; heads: readonly unknown[]; warnings: readonly string[] }>('aim_stage_fixtures', {
        fixtures: all ? heads : [path],
        aim: 'point',
        point,
        fan: num(p.fan, 'Fan'),
      });
      const done = `${r.heads.length === 1 ? label : `${r.heads.length} heads`} aimed at ${point.x}, ${point.y}, ${point.z}`;
      setMessage({ text: [r.changed ? done : `${done} already`, ...r.warnings].join(' · '), error: r.warnings.length > 0 });
    } catch (err) {
      setMessage({ text: failureText('Aim', err), error: true });
    }
  };
  const field = (key: keyof typeof p, name: string) => <Field label={name} value={p[key]} set={(v) => setP({ ...p, [key]: v })} width={4} />;
  return (
    <div class="stage-actions">
      <button type="button" onClick={() => void remove()}>
        Remove {label}
      </button>
      {canAim && (
        <form
          class="stage-aim"
          aria-label="Aim"
          onSubmit={(e) => {
            e.preventDefault();
            void aim();
          }}
        >
          <span>Aim at</span>
          {field('x', 'x')}
          {field('y', 'y')}
          {field('z', 'z')}
          {field('fan', 'Fan°')}
          <label class="stage-field">
            <input type="checkbox" checked={all} onChange={(e) => setAll((e.target as HTMLInputElement).checked)} /> all heads
          </label>
          <button type="submit">Aim</button>
        </form>
      )}
      {message !== undefined && <p class={`hint stage-message ${message.error ? 'error' : ''}`}>{message.text}</p>}
    </div>
  );
}
