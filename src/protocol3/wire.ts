/**
 * Protocol-3 wire constants shared by the listener and the client. This module imports nothing
 * from the sound host (only the shared command table), so a client can use it against any
 * protocol-3 host.
 */
import { PROTOCOL3 } from './replies/index.js';

/** Longest command line, in bytes, without its newline. */
export const MAX_COMMAND_BYTES = 1024 * 1024;
/** Longest reply, in bytes, without its newline. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/**
 * How deep a reply may nest (arrays and objects inside each other) for the client to parse it.
 * The deepest real reply (a Grid graph, a listen spectrogram) nests under 10; a deeper one is
 * refused before JSON.parse, so no later recursive step walks a hostile host's 100,000 levels.
 */
export const MAX_RESPONSE_DEPTH = 64;
/** The client's socket inactivity timeout while a reply is awaited. */
export const CLIENT_TIMEOUT_MS = 65_000;

/**
 * Commands that change nothing (PROTOCOL3's read-only ones). A lost reply to one of these may be
 * asked again; a lost reply to anything else (including unknown commands and `guard`) is
 * ambiguous: the write may have happened, so read state before deciding, and never replay it
 * blindly.
 */
export const READ_ONLY_COMMANDS: ReadonlySet<string> = new Set(Object.entries(PROTOCOL3).flatMap(([name, c]) => (c.readOnly ? [name] : [])));
