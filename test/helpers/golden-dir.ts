import { existsSync } from 'node:fs';

/**
 * The folder of LX 1.2.1's golden frames: `FOOTLIGHT_GOLDEN_DIR`, else the copy committed in
 * test/golden/lx-1.2.1 (so a clean clone has them).
 */
export const GOLDEN_DIR: string = process.env.FOOTLIGHT_GOLDEN_DIR ?? new URL('../golden/lx-1.2.1/', import.meta.url).pathname;

if (!existsSync(GOLDEN_DIR)) throw new Error(`LX golden files not found at ${GOLDEN_DIR}; set FOOTLIGHT_GOLDEN_DIR to the lx-1.2.1 folder`);
