import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COMMAND_NAMES, COMMANDS } from '../../src/protocol3/server/commands.js';
import { GRAPH_MUTATIONS } from '../../src/sound/operations/grid.js';

/** Every command of the contract's three tables (docs/protocol3.md documents each). */
const CONTRACT = {
  core: [
    'ping',
    'capabilities',
    'state',
    'inspect',
    'history',
    'set',
    'batch',
    'tracks',
    'track',
    'track-first',
    'track-next',
    'track-previous',
    'next',
    'previous',
    'parent',
    'device-first',
    'device-primary',
    'device-editor',
    'device-catalog',
    'devices',
    'insert',
    'device-remove',
    'actions',
    'action',
    'undo',
    'redo',
  ],
  grid: [
    'graph-capabilities',
    'graph-state',
    'graph-catalog',
    'graph-modulators',
    'graph-host-modulators',
    'graph-insert',
    'graph-insert-modulator',
    'graph-set',
    'graph-set-modulator',
    'graph-resolve-value',
    'graph-connect',
    'graph-connect-modulator',
    'graph-disconnect',
    'graph-move',
    'graph-clear',
    'guard',
  ],
  /** Footlight extensions the render needs (docs/protocol3.md, "Footlight extensions"). */
  extensions: [
    'song-track-mix',
    'song-track-send',
    'graph-set-amount',
    'device-param-set',
    'song-listen',
    'sample-list',
    'sample-audition',
    'sampler-zones',
    'song-audio-clip',
  ],
  song: [
    'song-state',
    'song-import',
    'song-import-status',
    'song-save',
    'song-arranger',
    'song-clip-loop',
    'song-transport-play',
    'song-transport-stop',
    'song-transport-tempo',
    'song-transport-meter',
    'song-transport-seek',
    'song-transport-loop',
    'song-track-state',
  ],
};

const SYNOPSES: Record<string, string> = {
  'song-listen': 'region FROM_BEAT TO_BEAT [track=INDEX] [clip] [spectrogram] [reference=PATH_B64] | live SECONDS [clip] [spectrogram] [reference=PATH_B64]',
  set: 'INDEX VALUE',
  batch: 'INDEX=VALUE ...',
  track: 'INDEX',
  'device-catalog': '[QUERY]',
  insert: 'POSITION UUID SELECTION_TOKEN',
  'device-remove': 'SELECTION_TOKEN',
  actions: '[QUERY]',
  action: 'ID',
  // Footlight's extension: several steps in one command (docs/protocol3.md).
  undo: '[steps N | to SEQ]',
  redo: '[steps N | to SEQ]',
  'graph-catalog': '[QUERY]',
  'graph-modulators': '[QUERY]',
  'graph-insert': 'UUID X Y',
  'graph-insert-modulator': 'UUID X Y',
  'graph-set': 'MODULE PARAMETER_B64 VALUE',
  'graph-set-modulator': 'MODULE PARAMETER_B64 VALUE',
  'graph-resolve-value': 'MODULE PARAMETER_B64 DISPLAY_B64',
  'graph-connect': 'SOURCE SOURCE_PORT TARGET TARGET_PORT',
  'graph-connect-modulator': 'SOURCE SOURCE_PORT TARGET TARGET_PORT',
  'graph-disconnect': 'TARGET TARGET_PORT',
  'graph-set-amount': 'SOURCE SOURCE_PORT TARGET TARGET_PORT AMOUNT',
  'device-param-set': 'PARAMETER_B64 VALUE SELECTION_TOKEN',
  'sample-list': 'OFFSET LIMIT',
  'sample-audition': 'PATH_B64 [BANK PROGRAM]',
  'sampler-zones': 'ZONES_B64 SELECTION_TOKEN',
  'song-audio-clip': 'TOKEN INDEX CLIP_ID CLIP_B64',
  'graph-move': 'MODULE X Y',
  'song-import': 'TOKEN SHA256 NOTE_TRACK_COUNT PATH_B64',
  'song-import-status': 'RECEIPT_ID',
  'song-save': 'TOKEN DIRECTORY_B64',
  'song-arranger': 'INDEX',
  'song-clip-loop': 'TOKEN INDEX CLIP_ID EXPECTED_ENABLED ENABLED',
  'song-transport-play': 'TOKEN',
  'song-transport-stop': 'TOKEN',
  'song-transport-tempo': 'TOKEN BPM',
  'song-transport-meter': 'TOKEN METER',
  'song-transport-seek': 'TOKEN POSITION_BEATS',
  'song-transport-loop': 'TOKEN ENABLED',
  'song-track-state': 'TOKEN INDEX MUTED ARMED',
  'song-track-mix': 'TOKEN INDEX VOLUME PAN',
  'song-track-send': 'TOKEN INDEX FX_INDEX LEVEL_DB PRE_FADER',
};

test('the listener answers exactly the contract commands and the documented extensions, with their synopses', () => {
  const contract = [...CONTRACT.core, ...CONTRACT.grid, ...CONTRACT.song, ...CONTRACT.extensions].sort();
  assert.deepEqual([...COMMAND_NAMES].sort(), contract);
  for (const c of COMMANDS) assert.equal(c.synopsis, SYNOPSES[c.name] ?? '', `${c.name} synopsis`);
});

test('guard accepts exactly the graph mutations', () => {
  assert.deepEqual(
    COMMANDS.filter((c) => c.graphMutation)
      .map((c) => c.name)
      .sort(),
    [...GRAPH_MUTATIONS].sort(),
  );
  for (const c of COMMANDS.filter((x) => x.graphMutation)) assert.equal(c.write, true);
});

test('the client, wire and reply-schema modules import nothing from the sound host (the MCP adapter reaches it only through protocol 3)', async () => {
  const { readFile, readdir } = await import('node:fs/promises');
  const replies = (await readdir(new URL('../../src/protocol3/replies/', import.meta.url))).map((f) => [`replies/${f}`, ['zod', /^\.\/[a-z-]+\.js$/]] as const);
  for (const [f, allowed] of [['client/client.ts', ['../wire.js']], ['wire.ts', ['./replies/index.js']], ...replies] as const) {
    const text = await readFile(new URL(`../../src/protocol3/${f}`, import.meta.url), 'utf8');
    const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    for (const i of imports) assert.ok(i.startsWith('node:') || allowed.some((a) => (typeof a === 'string' ? a === i : a.test(i))), `${f} imports ${i}`);
  }
});
