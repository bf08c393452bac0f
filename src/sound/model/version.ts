import { readFileSync } from 'node:fs';

/** The identity the host reports in `capabilities`. */
export const HOST_NAME = 'Footlight';
export const HOST_VERSION: string = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
export const PROTOCOL_VERSION = 3;
