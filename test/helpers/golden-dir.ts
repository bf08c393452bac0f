import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The folder of LX 1.2.1's golden frames: `FOOTLIGHT_GOLDEN_DIR`, else the copy committed in
 * test/golden/lx-1.2.1 (so a clean clone has them).
 */
export const GOLDEN_DIR: string = process.env.FOOTLIGHT_GOLDEN_DIR ?? fileURLToPath(new URL('../golden/lx-1.2.1/', import.meta.url));

if (!existsSync(GOLDEN_DIR)) throw new Error(`LX golden files not found at ${GOLDEN_DIR}; set FOOTLIGHT_GOLDEN_DIR to the lx-1.2.1 folder`);

/** The golden scenes Footlight renders exactly; a scene joins when it becomes exact. */
export const EXACT_SCENES: readonly string[] = [
  'blend_modes',
  'chase',
  'clips_lanes',
  'composite_blend',
  'crossfader_ab',
  'effects_blur_strobe',
  'effects_color',
  'effects_mask',
  'fixture_comments',
  'gradient_fixed_rgb',
  'gradient_palette_views',
  'groups',
  'macro_chain',
  'modulation_lfos',
  'master_chain',
  'palette_dynamic',
  'noise_perlin',
  'noise_ridge_fbm',
  'planes',
  'playlist_transition',
  'solid_faders',
  'test_pattern',
];
