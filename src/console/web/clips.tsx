import type { ClipGridState, ClipSlotState } from '../protocol.js';
import { act, callTool } from './store.js';

/** Where the cursor is, as a fraction of the clip's length (0 when stopped or empty). */
function progress(c: ClipSlotState): number {
  return c.lengthMs > 0 ? Math.min(1, Math.max(0, c.cursorMs / c.lengthMs)) : 0;
}

function beats(ms: number, bpm: number): string {
  return ((ms * bpm) / 60000).toFixed(2);
}

function Slot({
  bus,
  clip,
  slot,
}: {
  readonly bus: { readonly id: number; readonly label: string };
  readonly clip: ClipSlotState | undefined;
  readonly slot: number;
}) {
  if (clip === undefined) return <td class="clip-slot empty" aria-label={`${bus.label}: slot ${slot + 1} empty`} />;
  const state = clip.running ? 'running' : clip.pending ? 'pending' : 'stopped';
  const toggle = () =>
    void act(clip.running || clip.pending ? `Stop ${clip.label}` : `Launch ${clip.label}`, () =>
      callTool(clip.running || clip.pending ? 'stop_clip' : 'launch_clip', { bus: bus.id, slot }),
    );
  return (
    <td class={`clip-slot ${state}`} data-slot={slot} data-clip={clip.id}>
      <button
        type="button"
        onClick={toggle}
        aria-pressed={clip.running}
        title={
          `${clip.label}: ${state}${clip.loop ? ', looping' : ''}, ${beats(clip.cursorMs, clip.referenceBpm)} / ` +
          `${beats(clip.lengthMs, clip.referenceBpm)} beats (click to ${clip.running || clip.pending ? 'stop' : 'launch'})`
        }
      >
        <span class="clip-name">{clip.label}</span>
        <span class="clip-pos" data-cursor-ms={clip.cursorMs}>
          {state === 'running' ? `${(clip.cursorMs / 1000).toFixed(2)} s` : state === 'pending' ? 'waiting' : ''}
        </span>
        <span class="clip-bar" style={{ width: `${(100 * progress(clip)).toFixed(1)}%` }} />
      </button>
    </td>
  );
}

/** The light clip grid: a row per bus, a column per scene; click a clip to launch or stop it. */
export function ClipGrid({ grid }: { readonly grid: ClipGridState }) {
  const used = Math.max(0, ...grid.buses.flatMap((b) => b.clips.map((c) => c.slot + 1)));
  const scenes = Math.max(grid.scenes, used);
  const cols = Array.from({ length: scenes }, (_, i) => i);
  return (
    <section class="clip-grid" aria-label="Clips">
      <header class="clip-grid-head">
        <span class="title">Clips</span>
        <button type="button" onClick={() => void act('Stop all clips', () => callTool('stop_clip'))}>
          Stop all
        </button>
      </header>
      <div class="clip-grid-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Bus</th>
              {cols.map((i) => (
                <th scope="col" key={i}>
                  <button
                    type="button"
                    class="scene"
                    title={`Launch scene ${i + 1}`}
                    onClick={() => void act(`Launch scene ${i + 1}`, () => callTool('launch_clip', { scene: i }))}
                  >
                    ▶ {i + 1}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.buses.map((b) => (
              <tr key={b.id} data-bus={b.path}>
                <th scope="row">{b.label}</th>
                {cols.map((i) => (
                  <Slot key={i} bus={b} slot={i} clip={b.clips.find((c) => c.slot === i)} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
