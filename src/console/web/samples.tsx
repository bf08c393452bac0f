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
interface SamplePage {
  /** The granted folder, or null with `reason` saying how to grant one. */
  folder: string | null;
  reason?: string;
  total: number;
  samples: SampleInfo[];
}
interface Audition {
  clip: { base64: string };
}

/** The page's audition output; a new audition stops the one before. Web Audio, not an <audio>
 * element: the console's content security policy allows no media from data: or blob: URLs. */
let context: AudioContext | undefined;
let playing: AudioBufferSourceNode | undefined;

/** Plays `path`'s audition; `ended` runs when it stops (played out or replaced). */
async function audition(path: string, ended: () => void): Promise<void> {
  const a = await api<Audition>('/api/sound/samples/audition', { path });
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

const load = (sample: string | null): void =>
  void act(sample === null ? 'Back to the built-in kit' : `Load ${sample}`, () => api('/api/sound/sampler-zones', { sample }));

/**
 * The operator's sample folder (`serve --samples DIR`): each file with its length, channels and
 * peak; ▶ plays it as the Sampler would (rendered by the server), Load puts it on the selected
 * Sampler across the keyboard at its own pitch on C3 (one undo step), Kit returns that Sampler to
 * its built-in kit. Read when the view opens and on Refresh, not with every state change.
 */
export function SamplesPanel({ sampler }: { readonly sampler: boolean }) {
  const [page, setPage] = useState<SamplePage | undefined>(undefined);
  const [reason, setReason] = useState<string | undefined>(undefined);
  const [heard, setHeard] = useState<string | undefined>(undefined);
  const listen = (path: string): void =>
    void act(`Audition ${path}`, async () => {
      await audition(path, () => setHeard((now) => (now === path ? undefined : now)));
      setHeard(path);
    });
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
      {page?.folder != null && page.samples.length === 0 && <p class="hint">The sample folder holds no WAV, AIFF, FLAC, MP3 or OGG files.</p>}
      {!sampler && page !== undefined && page.samples.length > 0 && <p class="hint">Select a Sampler to load a sample into it.</p>}
      <ul class="sample-list">
        {page?.samples.map((s) => (
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
        ))}
      </ul>
    </section>
  );
}
