import { useEffect, useState } from 'preact/hooks';
import { act, api, ApiError } from './store.js';

interface SampleInfo {
  path: string;
  format: string;
  seconds: number;
  channels: number;
  sample_rate: number;
  peak_db: number | null;
}
interface Preset {
  bank: number;
  program: number;
  name: string;
}
/** A SoundFont (.sf2, .sf3) in the folder: its presets instead of a length. */
interface SoundFontInfo {
  path: string;
  format: 'sf2' | 'sf3';
  presets: Preset[];
}
type Entry = SampleInfo | SoundFontInfo;
const isSoundFont = (e: Entry): e is SoundFontInfo => 'presets' in e;
type PresetChoice = Pick<Preset, 'bank' | 'program'>;
interface SamplePage {
  /** The granted folder, or null with `reason` saying how to grant one. */
  folder: string | null;
  reason?: string;
  total: number;
  samples: Entry[];
}
interface Audition {
  clip: { base64: string };
}

/** The page's audition output; a new audition stops the one before. Web Audio, not an <audio>
 * element: the console's content security policy allows no media from data: or blob: URLs. */
let context: AudioContext | undefined;
let playing: AudioBufferSourceNode | undefined;

/** Plays `path`'s audition (a SoundFont's: `preset`'s); `ended` runs when it stops (played out or replaced). */
async function audition(path: string, preset: PresetChoice | undefined, ended: () => void): Promise<void> {
  const a = await api<Audition>('/api/sound/samples/audition', preset === undefined ? { path } : { path, preset });
  const bytes = Uint8Array.from(atob(a.clip.base64), (c) => c.charCodeAt(0));
  context ??= new AudioContext();
  const buffer = await context.decodeAudioData(bytes.buffer);
  playing?.stop();
  playing = context.createBufferSource();
  playing.buffer = buffer;
  playing.connect(context.destination);
  playing.onended = ended;
  playing.start();
}

const load = (sample: string | null, preset?: PresetChoice): void =>
  void act(sample === null ? 'Back to the built-in kit' : `Load ${sample}`, () =>
    api('/api/sound/sampler-zones', preset === undefined ? { sample } : { sample, preset }),
  );

const presetKey = (p: PresetChoice): string => `${p.bank}:${p.program}`;
const presetLabel = (p: Preset): string => `${String(p.bank).padStart(3, '0')}:${String(p.program).padStart(3, '0')} ${p.name}`;

/**
 * A SoundFont's row: its presets in a list to choose from (the first at first), ▶ plays the
 * chosen one at C4 for 2 s, Load puts it on the selected Sampler across the keyboard.
 */
function SoundFontRow({
  font,
  sampler,
  heard,
  listen,
}: {
  font: SoundFontInfo;
  sampler: boolean;
  heard: string | undefined;
  listen: (path: string, preset: PresetChoice) => void;
}) {
  const [chosen, setChosen] = useState<PresetChoice>(font.presets[0] ?? { bank: 0, program: 0 });
  return (
    <li>
      <span class="sample-path">{font.path}</span>
      <small>
        {font.format} · {font.presets.length} presets
      </small>
      <select
        aria-label={`Preset of ${font.path}`}
        value={presetKey(chosen)}
        onChange={(e) => {
          const [bank, program] = (e.currentTarget as HTMLSelectElement).value.split(':').map(Number);
          setChosen({ bank, program });
        }}
      >
        {font.presets.map((p) => (
          <option key={presetKey(p)} value={presetKey(p)}>
            {presetLabel(p)}
          </option>
        ))}
      </select>
      <button
        type="button"
        aria-label={`Audition ${font.path}`}
        title="Play the preset at C4"
        aria-pressed={heard === `${font.path}#${presetKey(chosen)}`}
        onClick={() => listen(font.path, chosen)}
      >
        ▶
      </button>
      <button type="button" aria-label={`Load ${font.path}`} disabled={!sampler} onClick={() => load(font.path, chosen)}>
        Load
      </button>
    </li>
  );
}

/**
 * The operator's sample folder (`serve --samples DIR`): each file with its length, channels and
 * peak, each SoundFont with its presets; ▶ plays it as the Sampler would (rendered by the server),
 * Load puts it on the selected Sampler across the keyboard at its own pitch on C3 (a SoundFont:
 * the chosen preset; one undo step), Kit returns that Sampler to its built-in kit. Read when the view opens and on Refresh, not with every state change.
 */
export function SamplesPanel({ sampler }: { readonly sampler: boolean }) {
  const [page, setPage] = useState<SamplePage | undefined>(undefined);
  const [reason, setReason] = useState<string | undefined>(undefined);
  const [heard, setHeard] = useState<string | undefined>(undefined);
  const listen = (path: string, preset?: PresetChoice): void => {
    const key = preset === undefined ? path : `${path}#${presetKey(preset)}`;
    void act(`Audition ${path}`, async () => {
      await audition(path, preset, () => setHeard((now) => (now === key ? undefined : now)));
      setHeard(key);
    });
  };
  const refresh = (): void => {
    api<SamplePage>('/api/sound/samples?limit=50')
      .then((p) => {
        setPage(p);
        setReason(p.reason);
      })
      .catch((err: unknown) => setReason(err instanceof ApiError ? err.message : String(err)));
  };
  useEffect(refresh, []);
  return (
    <section class="samples" aria-label="Samples">
      <h2>
        Samples{' '}
        {page?.folder != null && (
          <small>
            {page.total} in {page.folder}
          </small>
        )}
        <span class="buttons">
          <button type="button" onClick={refresh}>
            Refresh
          </button>
          <button type="button" disabled={!sampler} title="Return the selected Sampler to its built-in kit" onClick={() => load(null)}>
            Kit
          </button>
        </span>
      </h2>
      {reason !== undefined && <p class="hint">{reason}</p>}
      {page?.folder != null && page.samples.length === 0 && (
        <p class="hint">The sample folder holds no WAV, AIFF, FLAC, MP3, OGG or SoundFont (SF2, SF3) files.</p>
      )}
      {!sampler && page !== undefined && page.samples.length > 0 && <p class="hint">Select a Sampler to load a sample into it.</p>}
      <ul class="sample-list">
        {page?.samples.map((s) =>
          isSoundFont(s) ? (
            <SoundFontRow key={s.path} font={s} sampler={sampler} heard={heard} listen={listen} />
          ) : (
            <li key={s.path}>
              <span class="sample-path">{s.path}</span>
              <small>
                {s.format} · {s.seconds.toFixed(2)} s · {s.channels === 1 ? 'mono' : `${s.channels} ch`} · {s.sample_rate / 1000} kHz ·{' '}
                {s.peak_db === null ? 'silent' : `${s.peak_db.toFixed(1)} dBFS`}
              </small>
              <button
                type="button"
                aria-label={`Audition ${s.path}`}
                title="Play it as the Sampler would"
                aria-pressed={heard === s.path}
                onClick={() => listen(s.path)}
              >
                ▶
              </button>
              <button type="button" aria-label={`Load ${s.path}`} disabled={!sampler} onClick={() => load(s.path)}>
                Load
              </button>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
