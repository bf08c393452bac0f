// The machine's own MIDI ports for `serve --midi-ports`, through the optional package @julusian/midi
// (RtMidi: ALSA on Linux, CoreMIDI, Windows MM; its prebuilt binaries ship inside the npm package, so
// it loads with npm's install scripts off). Opened once at start: a device plugged in later is not
// seen until serve restarts. Without the package, its binary or a MIDI system (no ALSA sequencer in
// a container), it says why in one line and serve goes on; the console's Web MIDI still works.
import { existsSync } from 'node:fs';

const MIDI_PACKAGE: string = '@julusian/midi';
/** Where ALSA's sequencer is: RtMidi prints its own errors to stderr when it is missing, so it is looked for first. */
const ALSA_SEQUENCER = '/dev/snd/seq';

interface NativeInput {
  getPortCount(): number;
  getPortName(port: number): string;
  openPort(port: number): void;
  ignoreTypes(sysex: boolean, timing: boolean, activeSensing: boolean): void;
  closePort(): void;
  on(event: 'message', listener: (deltaTime: number, message: number[]) => void): unknown;
  off(event: 'message', listener: (deltaTime: number, message: number[]) => void): unknown;
}

interface NativeOutput {
  getPortCount(): number;
  getPortName(port: number): string;
  openPort(port: number): void;
  closePort(): void;
  sendMessage(message: number[]): void;
}

interface MidiModule {
  Input: new () => NativeInput;
  Output: new () => NativeOutput;
  verifyLibraryLoaded?: () => void;
}

/** One device: its input, and its output of the same name when there is one. */
interface SystemPort {
  readonly name: string;
  readonly input: NativeInput;
  readonly output?: NativeOutput;
}

export interface SystemPorts {
  readonly ports: readonly SystemPort[];
  /** Why no port could be opened (one line), or null. */
  readonly reason: string | null;
  /** Names asked for that matched no input. */
  readonly unmatched: readonly string[];
  close(): void;
}

/**
 * A port's device name as mappings and surfaces know it: ALSA's `client:port client:port-number`
 * loses its client prefix and numbers (`APC mini mk2:APC mini mk2 Control 20:0` → `APC mini mk2 Control`).
 */
function deviceName(raw: string, platform: string = process.platform): string {
  if (platform !== 'linux') return raw.trim();
  const m = /^[^:]*:(.+?)\s+\d+:\d+$/.exec(raw);
  return (m === null ? raw : m[1]).trim();
}

const firstLine = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n')[0].trim();

/**
 * Opens the inputs named (each a case-insensitive part of a device's name), or every input but
 * ALSA's loopback ("Midi Through": feedback sent to it would come back in), and each one's output
 * of the same name. Sysex (MTC's full frame) and timing (MTC quarter frames, clock) are let through.
 */
export async function openSystemPorts(names: readonly string[] | 'all'): Promise<SystemPorts> {
  const none = (reason: string): SystemPorts => ({ ports: [], reason, unmatched: [], close: () => {} });
  let mod: MidiModule;
  try {
    mod = (await import(MIDI_PACKAGE)) as MidiModule;
    mod.verifyLibraryLoaded?.();
  } catch (err) {
    return none(`the optional package ${MIDI_PACKAGE} did not load (${firstLine(err)})`);
  }
  if (process.platform === 'linux' && !existsSync(ALSA_SEQUENCER))
    return none(`there is no ALSA sequencer (${ALSA_SEQUENCER} is missing: load the snd-seq module, or give a container /dev/snd)`);
  let probeIn: NativeInput;
  let probeOut: NativeOutput;
  try {
    probeIn = new mod.Input();
    probeOut = new mod.Output();
  } catch (err) {
    return none(`the system's MIDI could not be opened (${firstLine(err)})`);
  }
  const list = (p: NativeInput | NativeOutput): string[] => Array.from({ length: p.getPortCount() }, (_, i) => p.getPortName(i));
  const inputs = list(probeIn).map((raw, index) => ({ index, name: deviceName(raw) }));
  const outputs = list(probeOut).map((raw, index) => ({ index, name: deviceName(raw) }));
  const wanted = names === 'all' ? undefined : names.map((n) => n.toLowerCase());
  const chosen = inputs.filter((i) => (wanted === undefined ? !/^midi through/i.test(i.name) : wanted.some((w) => i.name.toLowerCase().includes(w))));
  const unmatched = names === 'all' ? [] : names.filter((n) => !inputs.some((i) => i.name.toLowerCase().includes(n.toLowerCase())));
  const ports: SystemPort[] = [];
  const close = (): void => {
    for (const p of ports.splice(0)) {
      p.input.closePort();
      p.output?.closePort();
    }
  };
  try {
    for (const i of chosen) {
      if (ports.some((p) => p.name === i.name)) continue;
      const input = new mod.Input();
      input.ignoreTypes(false, false, true);
      input.openPort(i.index);
      const out = outputs.find((o) => o.name === i.name);
      let output: NativeOutput | undefined;
      try {
        if (out !== undefined) {
          output = new mod.Output();
          output.openPort(out.index);
        }
      } catch (err) {
        input.closePort();
        throw err;
      }
      ports.push({ name: i.name, input, ...(output === undefined ? {} : { output }) });
    }
  } catch (err) {
    close();
    return none(`a MIDI port could not be opened (${firstLine(err)})`);
  }
  return { ports, reason: null, unmatched, close };
}
