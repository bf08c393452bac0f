// MIDI learn: the operator turns Learn on, clicks a parameter's control in the console (every
// control carries its parameter's path in `data-path`), then moves a control on a MIDI controller.
// That note or CC becomes a mapping through `add_midi_mapping`, the tool an agent calls: one undo
// step, in the history as the console's. Escape, or the button again, cancels.
import { signal } from '@preact/signals';
import { act, callTool, notify } from './store.js';

type LearnState = { readonly phase: 'off' } | { readonly phase: 'pick' } | { readonly phase: 'move'; readonly path: string };

const learnState = signal<LearnState>({ phase: 'off' });

/** Pointer events on a control while learning pick its parameter instead of moving it. */
const PICK_EVENTS = ['pointerdown', 'mousedown', 'click', 'dblclick'] as const;

function onPick(ev: Event): void {
  const target = ev.target instanceof Element ? ev.target.closest('[data-path]') : null;
  const path = target?.getAttribute('data-path');
  if (path === null || path === undefined) return;
  ev.preventDefault();
  ev.stopPropagation();
  if (ev.type === 'pointerdown') learnState.value = { phase: 'move', path };
}

function onKey(ev: KeyboardEvent): void {
  if (ev.key !== 'Escape') return;
  ev.preventDefault();
  ev.stopPropagation();
  setLearn(false);
}

/** Starts learning (the next click on a control picks it) or cancels. */
function setLearn(on: boolean): void {
  const was = learnState.value.phase !== 'off';
  learnState.value = on ? { phase: 'pick' } : { phase: 'off' };
  if (on === was) return;
  for (const type of PICK_EVENTS) {
    if (on) document.addEventListener(type, onPick, true);
    else document.removeEventListener(type, onPick, true);
  }
  if (on) document.addEventListener('keydown', onKey, true);
  else document.removeEventListener('keydown', onKey, true);
  document.body.classList.toggle('midi-learn', on);
}

/**
 * A MIDI message from an input, while learn waits for a control: a note on or a CC names it and
 * is taken (true: not forwarded to the show); anything else is let through.
 */
export function learnTake(data: readonly number[]): boolean {
  const s = learnState.value;
  if (s.phase !== 'move' || data.length !== 3) return false;
  const kind = data[0] & 0xf0;
  if (kind !== 0x90 && kind !== 0xb0) return false;
  // A note on only (a note off of the key that was held when Learn started names nothing).
  if (kind === 0x90 && data[2] === 0) return true;
  const args = { type: kind === 0x90 ? 'note' : 'cc', channel: (data[0] & 0x0f) + 1, number: data[1], path: s.path };
  learnState.value = { phase: 'pick' };
  void act('MIDI learn', () => callTool('add_midi_mapping', args)).then((r) => {
    if (r === undefined) return; // refused (shown): the operator picks another control
    setLearn(false);
    notify(`MIDI learn: ${args.type === 'note' ? 'note' : 'CC'} ${args.number} on channel ${args.channel} → ${args.path}`, false);
  });
  return true;
}

/** The Learn button, while MIDI is on. */
export function LearnButton() {
  const s = learnState.value;
  const text = s.phase === 'off' ? 'Learn' : s.phase === 'pick' ? 'Learn: click a control' : 'Learn: move a MIDI control';
  const title =
    s.phase === 'move'
      ? `Move a note or CC on your controller to map it to ${s.path} (Escape cancels)`
      : 'Map a MIDI control: click a control here, then move one on your controller (Escape cancels)';
  return (
    <button
      type="button"
      class={`toggle ${s.phase === 'off' ? '' : 'on'}`}
      aria-pressed={s.phase !== 'off'}
      title={title}
      data-testid="midi-learn"
      onClick={() => setLearn(s.phase === 'off')}
    >
      {text}
    </button>
  );
}

/** Learn ends when MIDI is turned off. */
export function stopLearn(): void {
  setLearn(false);
}
