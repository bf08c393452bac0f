// Web MIDI: the operator's controllers, reached by the browser, play the show. Each input's notes
// and CCs go over the console socket to the show's MIDI mappings (src/midi/midi-surface.ts), its
// MIDI timecode to timecode in. The page asks for access only when the operator turns MIDI on, and
// for SysEx (which MTC's full frame is; the browser then asks the operator) only when the show's
// timecode in is MTC.
import { signal } from '@preact/signals';
import { learnTake, stopLearn } from './learn.js';
import { midiOutDefault, onMidiFeedback, onMidiSend, requestMidiFeedback, requestMidiOut, sendMidi, show } from './store.js';

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
      // MIDI learn waiting for a control: this message names it, and goes no further.
      if (learnTake([...d])) return;
      if (d.length <= 3 || (d.length === 10 && d[0] === 0xf0 && d[1] === 0x7f && d[9] === 0xf7)) sendMidi(name, [...d]);
    };
  });
  midiState.value = { on: true, inputs: names.sort() };
  listOutputs(a);
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
    closeOutputs();
    requestMidiFeedback(false);
    stopLearn();
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
    requestMidiFeedback(true);
  } catch (err) {
    midiState.value = { on: false, inputs: [], error: `MIDI access was refused (${err instanceof Error ? err.message : String(err)})` };
  }
}

// ---- MIDI out: the show's MTC and clock (src/show/timecode/midi-out.ts) to one output the operator picks.

interface MidiOutState {
  /** The outputs connected now, by name. */
  readonly outputs: readonly string[];
  /** The output the show's MIDI goes to, or null. */
  readonly output: string | null;
  readonly mtc: boolean;
  readonly clock: boolean;
  /** ms between a frame and its MIDI leaving the output (the server says: one engine frame and a look-ahead). */
  readonly latencyMs?: number;
  /** True when the browser granted SysEx, which MTC's full frames need (without it only quarter frames go out). */
  readonly sysex: boolean;
  /** Why the last change was refused, or what is missing. */
  readonly error?: string;
}

export const midiOutState = signal<MidiOutState>({ outputs: [], output: null, mtc: false, clock: false, sysex: false });

/** The access used for sending: the inputs' own, or a second one with SysEx once MTC asks for it. */
let outAccess: MIDIAccess | undefined;

function outputByName(a: MIDIAccess | undefined, name: string | null): MIDIOutput | undefined {
  let found: MIDIOutput | undefined;
  a?.outputs.forEach((o) => {
    if (o.state === 'connected' && (o.name ?? o.id) === name) found = o;
  });
  return found;
}

function listOutputs(a: MIDIAccess): void {
  const names: string[] = [];
  (outAccess ?? a).outputs.forEach((o) => {
    if (o.state === 'connected') names.push(o.name ?? o.id);
  });
  const s = midiOutState.value;
  if (s.output !== null && !names.includes(s.output)) {
    // The device went away: the show stops sending to this page.
    requestMidiOut({ mtc: false, clock: false });
    midiOutState.value = { ...s, outputs: names.sort(), output: null, mtc: false, clock: false, error: `the output ${s.output} was disconnected` };
    return;
  }
  // `serve --timecode-out mtc`: MTC starts on, until the operator changes a setting; it runs once an output is picked.
  midiOutState.value = { ...s, outputs: names.sort(), mtc: s.mtc || (!touched && midiOutDefault.value !== null) };
}

/** True once the operator changed a MIDI out setting on this page (the show's default no longer applies). */
let touched = false;

function closeOutputs(): void {
  requestMidiOut({ mtc: false, clock: false });
  outAccess = undefined;
  midiOutState.value = { outputs: [], output: null, mtc: false, clock: false, sysex: false };
}

/**
 * Chooses the output and what the show sends to it. An output that is not connected is refused
 * and nothing changes. MTC asks the browser for SysEx (its full frames are SysEx) the first time.
 */
export async function setMidiOut(want: { output: string | null; mtc: boolean; clock: boolean }): Promise<void> {
  const s = midiOutState.value;
  touched = true;
  if (access === undefined) {
    midiOutState.value = { ...s, error: 'turn MIDI on first' };
    return;
  }
  if (want.output !== null && outputByName(outAccess ?? access, want.output) === undefined) {
    midiOutState.value = { ...s, error: `no MIDI output named ${want.output} is connected` };
    return;
  }
  let sysex = s.sysex || (outAccess ?? access).sysexEnabled;
  if (want.mtc && !sysex) {
    try {
      outAccess = await navigator.requestMIDIAccess({ sysex: true });
      sysex = outAccess.sysexEnabled;
    } catch {
      // Refused: quarter frames still go out; full frames (SysEx) are left out.
    }
  }
  const on = want.output !== null;
  midiOutState.value = {
    outputs: s.outputs,
    ...(s.latencyMs === undefined ? {} : { latencyMs: s.latencyMs }),
    output: want.output,
    mtc: want.mtc,
    clock: want.clock,
    sysex,
    ...(want.mtc && !sysex ? { error: 'SysEx was not granted: MTC sends quarter frames only (no full frame on a locate)' } : {}),
  };
  requestMidiOut({ mtc: on && want.mtc, clock: on && want.clock });
}

/** Recent (arrival − server time) of batches, for the server-to-page clock mapping: the quickest delivery wins. */
const CLOCK_WINDOW_MS = 10_000;
let deliveries: { readonly at: number; readonly d: number }[] = [];
/** The last timestamp given to the output: later messages never go before it (quarter frames must stay in order). */
let lastStamp = 0;

/** Messages the show sent, each played at its time with Web MIDI's timestamped send (no bursts when the page is busy). */
onMidiSend((msg, receivedAt) => {
  if (msg.output !== undefined) {
    // A control surface's LEDs: to the output of its device's name, at once; none connected, nothing to light.
    const surface = outputByName(outAccess ?? access, msg.output);
    for (const m of msg.messages) {
      try {
        surface?.send(m.data as number[]);
      } catch {
        // A device unplugged mid-batch: the rest of the batch is dropped.
      }
    }
    return;
  }
  const s = midiOutState.value;
  if (s.latencyMs !== msg.latencyMs) midiOutState.value = { ...s, latencyMs: msg.latencyMs };
  // The server's clock on this page's: a batch that waited (a busy page, a slow socket) does not move the timing.
  deliveries = deliveries.filter((x) => receivedAt - x.at < CLOCK_WINDOW_MS);
  deliveries.push({ at: receivedAt, d: receivedAt - msg.t });
  let offset = Number.POSITIVE_INFINITY;
  for (const x of deliveries) offset = Math.min(offset, x.d);
  const output = outputByName(outAccess ?? access, s.output);
  if (output === undefined) return;
  for (const m of msg.messages) {
    if (m.data[0] === 0xf0 && !s.sysex) continue;
    const stamp = Math.max(lastStamp, msg.t + offset + msg.latencyMs + m.at);
    lastStamp = stamp;
    try {
      output.send(m.data as number[], stamp);
    } catch (err) {
      midiOutState.value = { ...midiOutState.value, error: `the output refused a message (${err instanceof Error ? err.message : String(err)})` };
    }
  }
});

/**
 * Feedback for the controllers' LEDs and rings (docs/midi.md, "Feedback"): sent at once to every
 * connected output named like a connected input (a controller's in and out share its name),
 * except inputs saved with Control off, which drive no mapping.
 */
onMidiFeedback((msg) => {
  const a = outAccess ?? access;
  if (a === undefined) return;
  const controllers = new Set(midiState.value.inputs.filter((name) => !msg.controlOff.includes(name)));
  a.outputs.forEach((o) => {
    if (o.state !== 'connected' || !controllers.has(o.name ?? o.id)) return;
    for (const m of msg.messages) {
      try {
        o.send(m as number[]);
      } catch {
        // A device that went away mid-batch: the next state change lists the outputs again.
      }
    }
  });
});
