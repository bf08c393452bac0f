// Web MIDI: the operator's controllers, reached by the browser, play the show. Each input's notes
// and CCs go over the console socket to the show's MIDI mappings (src/midi/midi-surface.ts), its
// MIDI timecode to timecode in. The page asks for access only when the operator turns MIDI on, and
// for SysEx (which MTC's full frame is; the browser then asks the operator) only when the show's
// timecode in is MTC.
import { signal } from '@preact/signals';
import { sendMidi, show } from './store.js';

interface MidiState {
  readonly on: boolean;
  /** The inputs connected now, by name. */
  readonly inputs: readonly string[];
  /** Why MIDI is off when the operator asked for it (no Web MIDI in this browser, access refused). */
  readonly error?: string;
}

export const midiState = signal<MidiState>({ on: false, inputs: [] });

let access: MIDIAccess | undefined;

function listen(a: MIDIAccess): void {
  const names: string[] = [];
  a.inputs.forEach((input) => {
    if (input.state !== 'connected') return;
    const name = input.name ?? input.id;
    names.push(name);
    input.onmidimessage = (e: MIDIMessageEvent) => {
      // One message per event: a short one (MTC's quarter frames too), or MTC's 10-byte full frame; other SysEx stays here.
      const d = e.data;
      if (d === null || d.length === 0) return;
      if (d.length <= 3 || (d.length === 10 && d[0] === 0xf0 && d[1] === 0x7f && d[9] === 0xf7)) sendMidi(name, [...d]);
    };
  });
  midiState.value = { on: true, inputs: names.sort() };
}

/** Turns Web MIDI on (asking the browser for access the first time) or off. */
export async function setMidi(on: boolean): Promise<void> {
  if (!on) {
    access?.inputs.forEach((input) => {
      input.onmidimessage = null;
    });
    if (access !== undefined) access.onstatechange = null;
    access = undefined;
    midiState.value = { on: false, inputs: [] };
    return;
  }
  if (typeof navigator.requestMIDIAccess !== 'function') {
    midiState.value = { on: false, inputs: [], error: 'this browser has no Web MIDI (use Chrome, Edge or Firefox)' };
    return;
  }
  try {
    const mtc = show.value?.timecodeIn.source?.startsWith('mtc') === true;
    const a = await navigator.requestMIDIAccess({ sysex: mtc });
    access = a;
    // A controller plugged in or out while MIDI is on is picked up at once.
    a.onstatechange = () => listen(a);
    listen(a);
  } catch (err) {
    midiState.value = { on: false, inputs: [], error: `MIDI access was refused (${err instanceof Error ? err.message : String(err)})` };
  }
}
