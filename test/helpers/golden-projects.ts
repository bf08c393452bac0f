import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** test/golden: every folder of LX's own answers. */
export const GOLDEN_ROOT: string = fileURLToPath(new URL('../golden/', import.meta.url));

/** A project file LX saved, found under test/golden. */
export interface GoldenProject {
  /** Its path relative to test/golden, e.g. `lx-1.2.1/chase.lxp` (unique, used as the test name). */
  readonly name: string;
  readonly path: string;
  /** The media folder LX was given for it: `media/` beside it when there is one, else its own folder. */
  readonly media: string;
  /** `<scene>.frames.json` beside it when LX rendered it with GoldenRender, else undefined. */
  readonly frames: string | undefined;
}

/**
 * Every `.lxp` under test/golden, walked when called (so scenes added later are covered), in
 * path order. Media folders are skipped: the `.lxp` files a scene loads live beside them.
 */
export function goldenProjects(root: string = GOLDEN_ROOT): GoldenProject[] {
  const out: GoldenProject[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'media') walk(path);
      } else if (entry.isFile() && entry.name.endsWith('.lxp')) {
        const folder = dirname(path);
        const media = existsSync(join(folder, 'media')) ? join(folder, 'media') : folder;
        const frames = join(folder, `${basename(entry.name, '.lxp')}.frames.json`);
        out.push({ name: relative(root, path).split('\\').join('/'), path, media, frames: existsSync(frames) ? frames : undefined });
      }
    }
  };
  walk(root);
  return out;
}
