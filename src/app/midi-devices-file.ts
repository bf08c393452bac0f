// LX keeps MIDI inputs and surfaces per machine, in `.lxmidi` of its media folder; Footlight keeps
// the same file, in the same shape, in its home folder.
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { readRegularFile } from './regular-file.js';

const FILE = '.lxmidi';
const MAX_BYTES = 1 << 20;

/** The saved MIDI device settings, or undefined when there are none; an unreadable file is an error naming it. */
export async function readMidiDevices(home: string): Promise<unknown> {
  const path = join(home, FILE);
  const buf = await readRegularFile(path, { maxBytes: MAX_BYTES });
  if (buf === undefined) return undefined;
  try {
    return JSON.parse(buf.toString('utf8')) as unknown;
  } catch (err) {
    throw new Error(`${path} is not JSON: ${(err as Error).message}`);
  }
}

/** Writes the settings as LX does (two-space indented JSON), atomically. */
export function writeMidiDevices(home: string, devices: unknown): Promise<void> {
  return writeFileAtomic(join(home, FILE), `${JSON.stringify(devices, null, 2)}\n`);
}
