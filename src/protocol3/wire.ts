/**
 * Protocol-3 wire constants shared by the listener and the client. This module imports nothing
 * from the sound host, so a client (the MCP sound adapter) can use it against any protocol-3 host.
 */
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
 * Commands that change nothing. A lost reply to one of these may be asked again; a lost reply
 * to anything else (including unknown commands and `guard`) is ambiguous: the write may have
 * happened, so read state before deciding, and never replay it blindly.
 */
export const READ_ONLY_COMMANDS: ReadonlySet<string> = new Set([
  'ping',
  'capabilities',
  'state',
  'inspect',
  'history',
  'tracks',
  'device-catalog',
  'devices',
  'actions',
  'graph-capabilities',
  'graph-state',
  'graph-catalog',
  'graph-modulators',
  'graph-host-modulators',
  'graph-resolve-value',
  'song-state',
  'song-import-status',
  'song-arranger',
  'song-listen',
]);
