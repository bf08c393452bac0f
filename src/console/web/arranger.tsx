import { useRef, useState } from 'preact/hooks';
import type { LightCueState } from '../protocol.js';
import { MeterBar, monitorBeat, monitorMeters } from './monitor.js';
import { formatPosition, meterUnits, type Clip, type TrackInfo, type Transport } from './song.js';
import { act, api, light } from './store.js';
import { transport } from './transport.js';

type Lanes = readonly { readonly index: number; readonly clips: readonly Clip[] }[];

const track = (what: string, body: Record<string, unknown>): void => void act(what, () => api('/api/sound/track', body));

/** A pointer press that moved less than this many pixels is a click (seek), not a drag (loop). */
const DRAG_PX = 4;

/** Bars between ruler labels, so that labels stay readable on a long song. */
function labelEvery(bars: number): number {
  for (const n of [1, 2, 4, 8, 16, 32, 64]) if (bars / n <= 24) return n;
  return 128;
}

/**
 * The bar ruler over the lanes: bar numbers, the loop range (lit while the loop is on), the
 * song's end and the playhead. A click moves the playhead to the nearest beat; a drag sets the
 * loop range (snapped to beats) and turns the loop on.
 */
/**
 * A labelled mark at beat `b`: its line at the beat and its label after it, or, near the end of
 * the timeline (the song's End), before it, so the label stays inside the arranger.
 */
function mark(cls: string, b: number, span: number): { class: string; style: Record<string, string> } {
  const at = b / span;
  return at > 0.9
    ? { class: `${cls} tail`, style: { right: `${((1 - at) * 100).toFixed(3)}%` } }
    : { class: cls, style: { left: `${(at * 100).toFixed(3)}%` } };
}

function Ruler({ t, span, playhead }: { readonly t: Transport; readonly span: number; readonly playhead: number }) {
  const body = useRef<HTMLDivElement>(null);
  const press = useRef<{ readonly x: number; readonly beat: number; dragging: boolean } | null>(null);
  const [drag, setDrag] = useState<{ readonly from: number; readonly to: number } | null>(null);
  const u = meterUnits(t.meter);
  const pct = (b: number): string => `${((b / span) * 100).toFixed(3)}%`;
  const beatAt = (clientX: number): number => {
    const r = body.current!.getBoundingClientRect();
    const b = ((clientX - r.left) / Math.max(1, r.width)) * span;
    return Math.min(span, Math.max(0, Math.round(b / u.beat) * u.beat));
  };
  const bars = Math.round(span / u.bar);
  const every = labelEvery(bars);
  const loop = drag ?? { from: t.arranger_loop_start, to: t.arranger_loop_start + t.arranger_loop_duration };
  const [lo, hi] = [Math.min(loop.from, loop.to), Math.max(loop.from, loop.to)];
  return (
    <div class="lane ruler-lane">
      <div class="lane-head ruler-head">
        <span class="ruler-caption">Bars</span>
      </div>
      <div
        class="ruler"
        ref={body}
        data-span={span}
        title="Click: move the playhead there. Drag: set the loop range (the loop turns on)"
        onPointerDown={(ev) => {
          if (ev.button !== 0) return;
          (ev.currentTarget as HTMLElement).setPointerCapture(ev.pointerId);
          press.current = { x: ev.clientX, beat: beatAt(ev.clientX), dragging: false };
        }}
        onPointerMove={(ev) => {
          const p = press.current;
          if (p === null || (!p.dragging && Math.abs(ev.clientX - p.x) < DRAG_PX)) return;
          p.dragging = true;
          setDrag({ from: p.beat, to: beatAt(ev.clientX) });
        }}
        onPointerUp={(ev) => {
          const p = press.current;
          press.current = null;
          setDrag(null);
          if (p === null) return;
          if (!p.dragging) {
            transport('Move the playhead', { action: 'seek', beats: beatAt(ev.clientX) });
            return;
          }
          const to = beatAt(ev.clientX);
          const [start, end] = [Math.min(p.beat, to), Math.max(p.beat, to)];
          if (end > start) transport('Set the loop', { action: 'loop_range', start, duration: end - start });
        }}
        onPointerCancel={() => {
          press.current = null;
          setDrag(null);
        }}
      >
        {Array.from({ length: Math.ceil(bars / every) }, (_, i) => i * every).map((bar) => (
          <span class="ruler-bar" key={bar} style={{ left: pct(bar * u.bar) }}>
            {bar + 1}
          </span>
        ))}
        {hi > lo && (
          <div
            class={`ruler-loop ${t.arranger_loop_enabled || drag !== null ? 'on' : ''}`}
            style={{ left: pct(lo), width: pct(hi - lo) }}
            title={`Loop ${formatPosition(lo, t.meter)}–${formatPosition(hi, t.meter)}${t.arranger_loop_enabled ? '' : ' (off)'}`}
          />
        )}
        {t.song_end_beats > 0 && (
          <span {...mark('ruler-end', t.song_end_beats, span)} title={`The song ends at ${formatPosition(t.song_end_beats, t.meter)}`}>
            End
          </span>
        )}
        <div class="playhead ruler-playhead" style={{ left: pct(playhead) }} />
      </div>
    </div>
  );
}

/** Every clip inside a folded group (the tracks after it that are deeper), shown in its lane. */
interface FoldedClip {
  readonly clip: Clip;
  readonly owner: string;
  /** The track's row in the folded lane, of `rows`. */
  readonly row: number;
  readonly rows: number;
}

/** Every clip inside a folded group (the tracks after it that are deeper), one thin row per track that has clips. */
function foldedClips(tracks: readonly TrackInfo[], group: TrackInfo, arranger: Lanes): FoldedClip[] {
  const inside: { owner: string; clips: readonly Clip[] }[] = [];
  for (let i = tracks.indexOf(group) + 1; i < tracks.length && tracks[i].depth > group.depth; i++) {
    const clips = arranger.find((a) => a.index === tracks[i].index)?.clips ?? [];
    if (clips.length > 0) inside.push({ owner: tracks[i].name, clips });
  }
  return inside.flatMap((x, row) => x.clips.map((clip) => ({ clip, owner: x.owner, row, rows: inside.length })));
}

function LaneHead({ tr }: { readonly tr: TrackInfo }) {
  const meter = monitorMeters.value.find((m) => m.index === tr.index);
  const soloable = tr.type !== 'master' && tr.type !== 'effect';
  const expanded = tr.group_expanded === true;
  return (
    <div class="lane-head" style={{ paddingLeft: `${4 + tr.depth * 12}px` }}>
      <div class="lane-top">
        {tr.group_expanded !== null ? (
          <button
            type="button"
            class="fold"
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Fold' : 'Unfold'} ${tr.name}`}
            title={expanded ? 'Fold the group: its clips show in its lane' : 'Unfold the group: show its tracks'}
            onClick={() => track(expanded ? 'Fold group' : 'Unfold group', { index: tr.index, expanded: !expanded, select: false })}
          >
            {expanded ? '▾' : '▸'}
          </button>
        ) : (
          <span class="fold-space" />
        )}
        <button type="button" class="lane-name" onClick={() => track('Select track', { index: tr.index })} title={`${tr.name} (${tr.type}): select`}>
          {tr.name}
        </button>
        <span class="lane-vol" title="Volume (fader law: gain = 2·v³)">
          {tr.volume_display}
        </span>
      </div>
      <div class="lane-controls">
        {meter !== undefined ? <MeterBar peak={meter.peak} rms={meter.rms} label={tr.name} /> : <span class="meter-space" />}
        <button
          type="button"
          class={`mini ${tr.muted ? 'on' : ''}`}
          title="Mute"
          aria-label={`Mute ${tr.name}`}
          aria-pressed={tr.muted}
          onClick={() => track('Mute', { index: tr.index, muted: !tr.muted, select: false })}
        >
          M
        </button>
        {soloable && (
          <button
            type="button"
            class={`mini solo ${tr.soloed ? 'on' : ''}`}
            title="Solo: while any track is soloed, only soloed tracks (with their groups and effect returns) sound"
            aria-label={`Solo ${tr.name}`}
            aria-pressed={tr.soloed}
            onClick={() => track('Solo', { index: tr.index, soloed: !tr.soloed, select: false })}
          >
            S
          </button>
        )}
        <button
          type="button"
          class={`mini ${tr.armed ? 'on rec' : ''}`}
          title="Arm for recording"
          aria-label={`Arm ${tr.name}`}
          aria-pressed={tr.armed}
          onClick={() => track('Arm', { index: tr.index, armed: !tr.armed, select: false })}
        >
          ●
        </button>
      </div>
    </div>
  );
}

/** The arranger: a bar ruler, one lane per visible track (folded groups show their tracks' clips), and the song's light cues. */
export function Arranger({ tracks, arranger, t }: { readonly tracks: TrackInfo[]; readonly arranger: Lanes; readonly t: Transport }) {
  const cues = light.value?.clips.timeline === true ? light.value.clips.cues : [];
  const u = meterUnits(t.meter);
  const playhead = monitorBeat.value ?? t.position_beats;
  const last = Math.max(4 * u.bar, t.song_end_beats, t.arranger_loop_start + t.arranger_loop_duration, t.position_beats);
  const span = (Math.ceil(last / u.bar - 1e-9) + 1) * u.bar;
  const pct = (b: number): string => `${((b / span) * 100).toFixed(3)}%`;
  const loop = t.arranger_loop_enabled && <div class="loop-range" style={{ left: pct(t.arranger_loop_start), width: pct(t.arranger_loop_duration) }} />;
  return (
    <section class="arranger" aria-label="Arranger" style={{ '--bar': pct(u.bar) }}>
      <Ruler t={t} span={span} playhead={playhead} />
      {tracks
        .filter((tr) => !tr.hidden)
        .map((tr) => {
          const own = arranger.find((a) => a.index === tr.index)?.clips ?? [];
          const folded = tr.group_expanded === false ? foldedClips(tracks, tr, arranger) : [];
          return (
            <div class={`lane ${tr.selected ? 'selected' : ''}`} key={tr.track_id} data-index={tr.index}>
              <LaneHead tr={tr} />
              <div class="lane-body">
                {loop}
                {own.map((c) => (
                  <div
                    class={`clip ${c.loop_enabled ? 'looped' : ''} ${c.audio !== undefined ? 'audio' : ''}`}
                    key={c.native_id}
                    style={{ left: pct(c.start), width: pct(c.length) }}
                    title={
                      c.audio === undefined
                        ? `${c.name}: beats ${c.start}–${c.start + c.length}`
                        : `${c.name}: ${c.audio.sample} at ${c.audio.gain_db} dB, beats ${c.start}–${c.start + c.length}${c.loop_enabled ? ', looped' : ''}`
                    }
                  >
                    {c.name}
                  </div>
                ))}
                {folded.map(({ clip: c, owner, row, rows }) => (
                  <div
                    class="clip folded"
                    key={c.native_id}
                    style={{ left: pct(c.start), width: pct(c.length), top: `calc(${(row / rows) * 100}% + 2px)`, height: `calc(${100 / rows}% - 3px)` }}
                    title={`${owner}: ${c.name}, beats ${c.start}–${c.start + c.length} (unfold ${tr.name} to see its tracks)`}
                  >
                    {owner}
                  </div>
                ))}
                <div class="playhead" style={{ left: pct(playhead) }} />
              </div>
            </div>
          );
        })}
      {cues.length > 0 && (
        <div class="lane light-cue-lane">
          <div class="lane-head">
            <span class="lane-caption" title="Light cues launch a clip scene at their beat (edit them in the Clips tab)">
              Light cues
            </span>
          </div>
          <div class="lane-body">
            {cues.map((c) => (
              <div {...mark('light-cue-mark', c.beat, span)} key={c.beat} data-beat={c.beat} title={`Beat ${c.beat}: ${lightCueWhat(c)}`}>
                {c.marker ?? (c.scene !== undefined ? `S${c.scene + 1}` : `▶${c.cueList?.list ?? ''}`)}
              </div>
            ))}
            <div class="playhead" style={{ left: pct(playhead) }} />
          </div>
        </div>
      )}
    </section>
  );
}

/** What a light cue does, in words: its scene, its cue list step, or both. */
function lightCueWhat(c: LightCueState): string {
  const parts: string[] = [];
  if (c.scene !== undefined) parts.push(`scene ${c.scene + 1}`);
  if (c.cueList !== undefined) parts.push(c.cueList.cue === undefined ? `Go ${c.cueList.list}` : `Goto ${c.cueList.list} ${c.cueList.cue}`);
  return parts.join(', ');
}
