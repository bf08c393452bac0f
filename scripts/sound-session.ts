// An agent-style session over MCP against the built-in sound host: compile a short song, import
// it, adjust the Lead's Grid patch under a patch session, save. Writes the transcript of every
// tool call and reply (abridged where huge) to docs/sound-session-transcript.md, or to the path
// given as the first argument. Run in CI by test/tools/sound/transcript.test.ts.
//
//   node --import tsx scripts/sound-session.ts [out.md]
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { silentLogger } from '../src/engine/log.js';
import { startFootlight } from '../src/main.js';

export interface SessionCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly reply: Record<string, unknown>;
  readonly isError: boolean;
}

/** Keeps the shape, drops the bulk: long arrays show their first items, deep objects collapse. */
export function abridge(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > 240 ? `${value.slice(0, 200)}… (${value.length} characters)` : value;
  if (Array.isArray(value)) {
    if (depth >= 5) return `[… ${value.length} items]`;
    const keep = value.length > 4 ? value.slice(0, 2) : value;
    const out = keep.map((v) => abridge(v, depth + 1));
    if (keep.length < value.length) out.push(`… ${value.length - keep.length} more`);
    return out;
  }
  if (value !== null && typeof value === 'object') {
    if (depth >= 5) return '{…}';
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = abridge(v, depth + 1);
    return out;
  }
  return value;
}

const TOKEN = /\b[0-9a-f]{64}\b/g;

/** Runs the session; returns the calls and the transcript's markdown. */
export async function runSoundSession(): Promise<{ calls: SessionCall[]; markdown: string }> {
  const home = await mkdtemp(join(tmpdir(), 'footlight-sound-session-'));
  const app = await startFootlight({ host: '127.0.0.1', port: 0, soundPort: 0, home, log: silentLogger, realtime: false, writeStatus: false });
  const client = new Client({ name: 'sound-session-script', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
  const calls: SessionCall[] = [];
  const narration: string[] = [];
  const md: string[] = [];
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(app.http.url)));
    const call = async (tool: string, args: Record<string, unknown> = {}, note?: string): Promise<any> => {
      const result = await client.callTool({ name: tool, arguments: args });
      const text = (result.content as { type: string; text?: string }[])[0]?.text ?? '';
      const isError = result.isError === true;
      const reply = isError ? { error: text } : (result.structuredContent as Record<string, unknown>);
      calls.push({ tool, args, reply, isError });
      if (note !== undefined) narration.push(note);
      md.push(`### ${calls.length}. \`${tool}\``, '');
      if (note !== undefined) md.push(note, '');
      md.push(
        '```json',
        `// call`,
        JSON.stringify(args, null, 2),
        '```',
        '',
        '```json',
        `// reply${isError ? ' (isError)' : ''}`,
        JSON.stringify(abridge(reply), null, 2),
        '```',
        '',
      );
      assert.equal(isError, false, `${tool}: ${text.slice(0, 400)}`);
      return reply;
    };
    const operator = (what: string): void => {
      md.push(`> **Operator, in the console:** ${what}`, '');
    };

    md.push('## 1. Readiness', '');
    const status = await call(
      'sound_get_status',
      {},
      'The agent proves the host is ready with read-only requests before anything else: protocol 3, identity, instance.',
    );
    assert.equal(status.ready, true);

    md.push('## 2. Compile a short song, offline', '');
    const plan = {
      title: 'Night Drive',
      tempo: 96,
      meter: { numerator: 3, denominator: 4 },
      sections: [
        { name: 'Intro', bars: 2 },
        { name: 'Verse', bars: 4 },
      ],
      parts: [
        { name: 'Night Bass', patterns: [{ steps: ['C1', null, 'G1'], step_beats: 1, velocity: 96 }] },
        {
          name: 'Night Keys',
          patterns: [
            {
              sections: ['Verse'],
              steps: [
                ['C3', 'E3', 'G3'],
                ['A2', 'C3', 'E3'],
              ],
              step_beats: 3,
              velocity: 80,
            },
          ],
          notes: [{ pitch: 'G3', start: 3, duration: 3, section: 'Intro', velocity: 70 }],
        },
      ],
    };
    const compiled = await call('song_compile_plan', { plan }, 'The plan compiles to a type-1 MIDI export the workflow owns; the host is not contacted.');
    assert.equal(compiled.export.note_track_count, 2);

    md.push('## 3. Import it (preview, then confirm)', '');
    const song = await call('song_get_state', {}, 'The agent reviews where the import will go (the selected target) and the project token.');
    const importArgs = { song_session_id: compiled.song_session_id, revision: compiled.revision, project_token: song.native.project_token };
    const preview = await call(
      'song_import_plan',
      importArgs,
      'No cooperative grant is on, so the first call only previews and returns a confirmation token bound to the project token.',
    );
    assert.equal(preview.status, 'confirmation_required');
    const imported = await call(
      'song_import_plan',
      { ...importArgs, confirmation_token: preview.confirmation.token },
      'The human approved the preview; the confirming call makes the one import attempt, then sets tempo and meter through the transport with fresh tokens.',
    );
    assert.equal(imported.status, 'completed');
    const tracks = (await call('sound_list_tracks', {}, 'Where did the tracks land?')).native.tracks as { index: number; name: string }[];
    const keys = tracks.find((x) => x.name === 'Night Keys');
    assert.ok(keys !== undefined);
    const arranger = await call(
      'song_get_arranger',
      { track_index: keys.index },
      'The arranger, read back: one clip at beat 0 with the notes the plan asked for.',
    );
    assert.equal(arranger.native.arranger.clips[0].source_notes.count, 13);

    md.push("## 4. Adjust the Lead's Grid patch under a patch session", '');
    const session = await call(
      'grid_begin_patch_session',
      {},
      "The Lead's Poly Grid is selected. The session keeps the whole graph as evidence and binds every step to its last verified revision.",
    );
    const filter = (session.before_graph.modules as { id: number; name: string }[]).find((m) => m.name === 'Low-pass LD');
    assert.ok(filter !== undefined);
    const resolved = await call(
      'grid_resolve_value',
      { node_id: filter.id, parameter_id: 'CUTOFF', display: '1.2 kHz' },
      "Musical units go through the host's own scale first (non-mutating).",
    );
    const setArgs = { kind: 'module', node_id: filter.id, parameter_id: 'CUTOFF', value: resolved.native.value, patch_session_id: session.patch_session_id };
    const setPreview = await call('grid_set_parameter', setArgs, 'Step 1 of the session, previewed.');
    const step1 = await call(
      'grid_set_parameter',
      { ...setArgs, confirmation_token: setPreview.confirmation.token },
      'Confirmed: sent as `guard REVISION graph-set …`, then verified by reading the graph back.',
    );
    assert.equal(step1.verification.ok, true);
    operator('turns the cooperative grant on for this agent (the `serve --sound-cooperative` flag does the same at start).');
    app.services.policy.soundCooperative = true;
    const sine = (await call('grid_search_modules', { query: 'sine' }, 'A sine sub-oscillator to thicken the patch.')).native.modules[0];
    const inserted = await call(
      'grid_insert_node',
      { kind: 'module', uuid: sine.uuid, x: 2, y: 3, patch_session_id: session.patch_session_id },
      "Step 2 runs at once under the cooperative grant, still guarded by the session's revision.",
    );
    const pitch = (session.before_graph.modules as { id: number; name: string }[]).find((m) => m.name === 'Pitch Quantize');
    assert.ok(pitch !== undefined);
    await call(
      'grid_connect',
      { source_id: pitch.id, source_port: 0, target_id: inserted.native.module.id, target_port: 0, patch_session_id: session.patch_session_id },
      'Step 3: the quantized pitch drives the sine.',
    );
    const step4 = await call(
      'grid_connect',
      { source_id: inserted.native.module.id, source_port: 0, target_id: filter.id, target_port: 0, patch_session_id: session.patch_session_id },
      'Step 4: the sine feeds the filter input, summed with the saw.',
    );
    assert.equal(step4.patch_session.applied_steps, 4);
    const ended = await call(
      'grid_end_patch_session',
      { patch_session_id: session.patch_session_id },
      'The session ends; nothing is rolled back. The diff compares the before-graph with the graph now.',
    );
    assert.equal(ended.session.state, 'closed');
    operator('revokes the cooperative grant.');
    app.services.policy.soundCooperative = false;

    md.push('## 5. Save into a fresh folder', '');
    const savePreview = await call(
      'song_save_project',
      {},
      'Saving is a write too: previewed, then confirmed. The adapter allocates a fresh sound-project-* folder only when the save runs.',
    );
    const saved = await call('song_save_project', { confirmation_token: savePreview.confirmation.token });
    assert.equal(saved.status, 'native_save_completed');
    await call('sound_get_history', {}, "Every change above is in the host's one global history, undoable step by step.");
  } finally {
    await client.close().catch(() => undefined);
    await app.close();
    await rm(home, { recursive: true, force: true });
  }
  const header = [
    '# Sound session transcript',
    '',
    '<!-- Generated by `node --import tsx scripts/sound-session.ts` (CI runs it: test/tools/sound/transcript.test.ts). Do not edit by hand. -->',
    '',
    "An agent-style session over MCP (the official SDK client, streamable HTTP) against Footlight's built-in sound host, through the sound tools (see " +
      '[sound-tools.md](sound-tools.md)). The agent compiles a short song offline, imports it after a preview and a confirmation, reads the arranger back, ' +
      "adjusts the Lead's Grid patch under a patch session (one step confirmed, three under the operator's cooperative grant), and saves into a fresh " +
      'folder.',
    '',
    'Replies are abridged where huge: arrays show their first two items and how many more there are, deep objects collapse to `{…}`, long strings are cut. ' +
      '64-hex tokens and revisions are shortened to their first 8 digits; temporary paths start with `<home>`.',
    '',
    `${calls.length} tool calls.`,
    '',
  ];
  const body = md
    .join('\n')
    .replace(TOKEN, (t) => `${t.slice(0, 8)}…`)
    .replace(/\/[^"\s]*footlight-sound-session-[A-Za-z0-9]+/g, '<home>');
  return { calls, markdown: `${[...header, body].join('\n').trimEnd()}\n` };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = process.argv[2] ?? new URL('../docs/sound-session-transcript.md', import.meta.url).pathname;
  const { calls, markdown } = await runSoundSession();
  await writeFile(out, markdown);
  console.log(`${out}: ${calls.length} tool calls`);
}
