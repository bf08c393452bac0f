import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;

interface BuildInfo {
  readonly version: string;
  /** When the running code was last changed: the newest source file's time (ISO 8601). */
  readonly buildTime: string;
  /** What runs: the compiled JavaScript in lib/ (bin/footlight.js's choice while it is current) or the sources through tsx. */
  readonly code: BuildCode;
}

export const BUILD_CODES = ['compiled', 'sources'] as const;
export type BuildCode = (typeof BUILD_CODES)[number];

/** This module compiled is lib/app/build-info.js; as a source it is src/app/build-info.ts. */
const CODE: BuildCode = import.meta.url.endsWith('.js') ? 'compiled' : 'sources';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    newest = Math.max(newest, st.isDirectory() ? newestMtime(p) : st.mtimeMs);
  }
  return newest;
}

let version: string | undefined;
let cached: BuildInfo | undefined;

/** The package version (package.json), read once per process: every command's --version, without the source walk. */
export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}

/** The package version and build time, read once per process. */
export function buildInfo(): BuildInfo {
  cached ??= { version: packageVersion(), buildTime: new Date(Math.floor(newestMtime(join(ROOT, 'src')))).toISOString(), code: CODE };
  return cached;
}
