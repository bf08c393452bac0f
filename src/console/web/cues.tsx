import type { CueListState, ShowLiveState } from '../protocol.js';
import { act, callTool, show } from './store.js';

/** A cue's fade as the list shows it: "3 s", "1 s / 2 s" (in / out), "cut". */
function fadeText(c: CueListState['cues'][number]): string {
  const s = (ms: number) => `${Math.round(ms) / 1000} s`;
  if (c.fadeInMs === 0 && c.fadeOutMs === 0) return 'cut';
  return c.fadeInMs === c.fadeOutMs ? s(c.fadeInMs) : `${s(c.fadeInMs)} / ${s(c.fadeOutMs)}`;
}

const cueName = (c: { readonly number: number; readonly label: string } | null): string => (c === null ? '—' : `${c.number} ${c.label}`.trim());

/**
 * One cue list: its cues, the running one marked, the fade's progress and the next cue. Go, Back,
 * Pause / Resume (one button, as the list's state says), Release and each cue's Goto run it live.
 */
function CueListPanel({ list }: { readonly list: CueListState }) {
  const st = list.status;
  const run = (action: 'go' | 'back' | 'pause' | 'resume' | 'release' | 'goto', cue?: number) =>
    void act(`${action[0].toUpperCase()}${action.slice(1)}${cue === undefined ? '' : ` ${cue}`} ${list.name}`, () =>
      callTool('run_cue_list', cue === undefined ? { list: list.name, action } : { list: list.name, action, cue }),
    );
  const paused = st.state === 'paused';
  const pct = Math.round(st.progress * 100);
  return (
    <section class="cue-list" data-list={list.name} aria-label={`Cue list ${list.name}`}>
      <div class="cue-list-head">
        <span class="title">{list.name}</span>
        <span class="cue-state" data-state={st.state}>
          {st.state}
        </span>
        <span class="hint">{list.mode}</span>
      </div>
      <div class="cue-now">
        <span>
          Running: <b class="cue-current">{cueName(st.current)}</b>
        </span>
        <span>
          Next: <b class="cue-next">{cueName(st.next)}</b>
        </span>
      </div>
      <div
        class="cue-progress"
        role="progressbar"
        aria-label={`Fade of ${list.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        data-progress={st.progress}
        title={`${pct}% of ${Math.round(st.fadeMs)} ms`}
      >
        <span class="cue-progress-bar" style={{ width: `${pct}%` }} />
      </div>
      <div class="cue-buttons">
        <button type="button" class="go" onClick={() => run('go')} disabled={list.cues.length === 0} aria-label={`Go ${list.name}`}>
          Go
        </button>
        <button type="button" onClick={() => run('back')} disabled={st.state === 'released'} aria-label={`Back ${list.name}`}>
          Back
        </button>
        <button
          type="button"
          class="pause"
          onClick={() => run(paused ? 'resume' : 'pause')}
          disabled={st.state !== 'running' && !paused}
          aria-pressed={paused}
          aria-label={`${paused ? 'Resume' : 'Pause'} ${list.name}`}
        >
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" onClick={() => run('release')} disabled={st.state === 'released'} aria-label={`Release ${list.name}`}>
          Release
        </button>
        <span class="hint">live, not undo steps</span>
      </div>
      <table class="cue-table">
        <thead>
          <tr>
            <th>Cue</th>
            <th>Label</th>
            <th>Fade in / out</th>
            <th>Goto</th>
          </tr>
        </thead>
        <tbody>
          {list.cues.map((c) => {
            const mark = st.current?.number === c.number ? 'current' : st.next?.number === c.number ? 'next' : '';
            return (
              <tr key={c.number} class={mark} data-cue={c.number}>
                <td>{c.number}</td>
                <td>{c.label}</td>
                <td>{fadeText(c)}</td>
                <td>
                  <button type="button" class="cue-goto" onClick={() => run('goto', c.number)} aria-label={`Goto ${c.number} ${list.name}`}>
                    Goto
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** Art-Net timecode out and in, as get_status says them. */
function TimecodeReadout({ s }: { readonly s: ShowLiveState }) {
  const out = s.timecode;
  const inn = s.timecodeIn;
  return (
    <section class="timecode-readout" aria-label="Timecode">
      <div class="title">Timecode</div>
      <dl class="tc-out" data-running={out.running}>
        <dt>Out</dt>
        <dd>{out.destinations.length === 0 ? 'not sent' : out.destinations.join(', ')}</dd>
        <dt>Rate</dt>
        <dd class="tc-out-rate">{out.rate} fps</dd>
        <dt>Offset</dt>
        <dd class="tc-out-offset">{out.offset}</dd>
        <dt>Now</dt>
        <dd class="tc-label tc-out-label">{out.timecode}</dd>
        <dt>Running</dt>
        <dd class="tc-out-running">{out.running ? 'sending' : 'stopped'}</dd>
      </dl>
      <dl class="tc-in" data-state={inn.state}>
        <dt>In</dt>
        <dd class="tc-in-source">{inn.source ?? 'not listening'}</dd>
        <dt>State</dt>
        <dd class="tc-in-state">{inn.source === null ? 'off' : inn.state}</dd>
        <dt>Incoming</dt>
        <dd class="tc-label tc-in-label">{inn.timecode ?? '—'}</dd>
        <dt>Rate</dt>
        <dd class="tc-in-rate">{inn.rate === null ? '—' : `${inn.rate} fps`}</dd>
        {inn.error !== undefined && (
          <>
            <dt>Error</dt>
            <dd>{inn.error}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** The Cues view: every cue list with its transport, and the timecode readout. */
export function CuesView() {
  const s = show.value;
  if (s === undefined) return <p class="hint waiting">Waiting for the show…</p>;
  return (
    <div class="cues-main">
      <TimecodeReadout s={s} />
      {s.cueLists.length === 0 ? (
        <p class="hint">No cue lists yet: an agent makes them with create_cue_list and record_cue (docs/cues.md).</p>
      ) : (
        s.cueLists.map((l) => <CueListPanel key={l.name} list={l} />)
      )}
    </div>
  );
}
