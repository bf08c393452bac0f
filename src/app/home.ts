import { homedir } from 'node:os';
import { join } from 'node:path';

/** Footlight's folder for status and config: `FOOTLIGHT_HOME`, else `~/.footlight`. */
export function footlightHome(): string {
  const override = process.env.FOOTLIGHT_HOME;
  return override !== undefined && override !== '' ? override : join(homedir(), '.footlight');
}
