import { useState } from 'preact/hooks';
import { act, api, notify, sound } from './store.js';
import { formatPosition, parsePosition, type Song, type Transport } from './song.js';

/** One transport request to the built-in host (`POST /api/sound/transport`), its failure shown to the operator. */
export function transport(what: string, body: Record<string, unknown>): void {
  void act(what, () => api('/api/sound/transport', body));
}

function song(): Song | undefined {
  const s = sound.value as { available: boolean; song?: Song };
  return s.available ? s.song : undefined;
}

/** Whether there is a song for the transport keys to play. */
export function hasSong(): boolean {
  return song() !== undefined;
}

/** Space: play, or stop while playing. */
export function togglePlay(): void {
  const s = song();
  if (s === undefined) return;
  transport(s.transport.playing ? 'Stop' : 'Play', { action: s.transport.playing ? 'stop' : 'play' });
}

/** Home and ⏮: the playhead to the start (playing on from there while it plays). */
export function toStart(): void {
  if (song() !== undefined) transport('To the start', { action: 'seek', beats: 0 });
}

/** What the host does at the song's end, for the operator. */
function endText(t: Transport): { text: string; title: string } {
  if (t.at_song_end === 'none') return { text: 'no end', title: 'The song is empty: playback runs on until stopped' };
  const end = formatPosition(t.song_end_beats, t.meter);
  if (t.at_song_end === 'loop')
    return { text: `end ${end} · loops`, title: `The loop is on: a playhead past the loop returns to the loop start at the song's end (bar ${end})` };
  return { text: `end ${end}`, title: `Playback stops at the song's end (bar ${end}, its last clip, marker or light cue); Play then starts again from 1.1` };
}

/**
 * The transport: to the start, play, stop (a second stop returns to the start), the position
 * (type a bar or bar.beat and press Enter to go there), the song's end, tempo, meter and loop.
 */
export function TransportBar({ t, tempoRange }: { readonly t: Transport; readonly tempoRange: readonly [number, number] }) {
  const [bpm, setBpm] = useState<string | undefined>(undefined);
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const shown = formatPosition(t.position_beats, t.meter);
  const end = endText(t);
  const loopEnd = t.arranger_loop_start + t.arranger_loop_duration;
  const go = (el: HTMLInputElement): void => {
    const at = parsePosition(el.value, t.meter);
    if (typeof at === 'object') {
      notify(`Position: ${at.error}`, true);
      return;
    }
    setTyped(undefined);
    el.blur();
    transport('Go to position', { action: 'seek', beats: at });
  };
  return (
    <div class="transport" role="toolbar" aria-label="Transport">
      <button type="button" class="transport-button" aria-label="To the start" title="To the start (Home)" onClick={toStart}>
        {/* Drawn, not a glyph: ⏮ is missing from many system fonts. */}
        <svg class="icon" viewBox="0 0 12 12" aria-hidden="true">
          <rect x="1" y="1.5" width="2" height="9" />
          <path d="M11 1.5v9L4 6z" />
        </svg>
      </button>
      <button
        type="button"
        class={`transport-button toggle ${t.playing ? 'on' : ''}`}
        aria-pressed={t.playing}
        aria-label="Play"
        title="Play (Space)"
        onClick={() => transport('Play', { action: 'play' })}
      >
        ▶ Play
      </button>
      <button
        type="button"
        class="transport-button"
        aria-label="Stop"
        title={t.playing ? 'Stop (Space)' : 'Stopped: press again to return to the start'}
        onClick={() => transport('Stop', { action: 'stop' })}
      >
        ■ Stop
      </button>
      <input
        class="position"
        aria-label="Position (bar.beat)"
        title="Position as bar.beat: type a bar (9) or bar.beat (9.3) and press Enter to go there"
        value={typed ?? shown}
        size={6}
        onFocus={(ev) => {
          setTyped(shown);
          (ev.currentTarget as HTMLInputElement).select();
        }}
        onInput={(ev) => setTyped((ev.currentTarget as HTMLInputElement).value)}
        onBlur={() => setTyped(undefined)}
        onKeyDown={(ev) => {
          const el = ev.currentTarget as HTMLInputElement;
          if (ev.key === 'Enter') go(el);
          else if (ev.key === 'Escape') {
            setTyped(undefined);
            el.blur();
          }
        }}
      />
      <span class="song-end" title={end.title}>
        {end.text}
      </span>
      <label>
        Tempo
        <input
          class="bpm-input"
          type="number"
          min={tempoRange[0]}
          max={tempoRange[1]}
          step="0.1"
          title={`Beats per minute, ${tempoRange[0]}–${tempoRange[1]}`}
          value={bpm ?? t.tempo.toFixed(2)}
          onInput={(ev) => setBpm((ev.currentTarget as HTMLInputElement).value)}
          onChange={(ev) => {
            setBpm(undefined);
            transport('Tempo', { action: 'tempo', bpm: Number((ev.currentTarget as HTMLInputElement).value) });
          }}
        />
        BPM
      </label>
      <label>
        Meter
        <select
          value={`${t.meter.numerator}/${t.meter.denominator}`}
          onChange={(ev) => {
            const [n, d] = (ev.currentTarget as HTMLSelectElement).value.split('/').map(Number);
            transport('Meter', { action: 'meter', numerator: n, denominator: d });
          }}
        >
          {['2/4', '3/4', '4/4', '5/4', '6/8', '7/8', '12/8']
            .concat([`${t.meter.numerator}/${t.meter.denominator}`])
            .filter((v, i, a) => a.indexOf(v) === i)
            .map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
        </select>
      </label>
      <button
        type="button"
        class={`toggle ${t.arranger_loop_enabled ? 'on' : ''}`}
        aria-pressed={t.arranger_loop_enabled}
        title={`Loop ${formatPosition(t.arranger_loop_start, t.meter)}–${formatPosition(loopEnd, t.meter)} (drag on the ruler to set it)`}
        onClick={() => transport('Loop', { action: 'loop', enabled: !t.arranger_loop_enabled })}
      >
        Loop
      </button>
    </div>
  );
}
