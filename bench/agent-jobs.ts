// The jobs of issue #29 as an agent runs them over MCP from the default tool surface, each
// scripted the way the agent guide teaches (discover with find_tools, read, plan, confirm once,
// check by ear or by frame). Every call counts — exploring included — with the bytes of its
// request and its reply. bench/agent-tasks.ts prints them; test/mcp/agent-jobs.test.ts holds
// the targets.
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/client';

type Json = Record<string, any>;

/** One agent's MCP session, counting what it costs. */
export class Agent {
  calls = 0;
  bytes = 0;
  largest = { tool: '', bytes: 0 };

  constructor(private readonly client: Client) {}

  /** A tool call that must succeed; its JSON payload. */
  async call(name: string, args: Json = {}): Promise<Json> {
    const request = JSON.stringify(args);
    const r = await this.client.callTool({ name, arguments: args });
    const content = r.content as { type: string; text?: string; data?: string }[];
    const reply = content.reduce((n, c) => n + (c.text?.length ?? 0) + (c.data?.length ?? 0), 0);
    this.calls++;
    this.bytes += request.length + reply;
    if (reply > this.largest.bytes) this.largest = { tool: name, bytes: reply };
    const text = content[0]?.text ?? '';
    if (r.isError === true) throw new Error(`${name} failed: ${text.slice(0, 400)}`);
    return JSON.parse(text) as Json;
  }

  /** A call outside the job (the bench's own checks): not counted. */
  async peek(name: string, args: Json = {}): Promise<Json> {
    const r = await this.client.callTool({ name, arguments: args });
    const text = (r.content as { text?: string }[])[0]?.text ?? '';
    if (r.isError === true) throw new Error(`${name} failed: ${text.slice(0, 400)}`);
    return JSON.parse(text) as Json;
  }

  /** A sound write: the preview, then the same call with its confirmation token (two calls). */
  async confirmed(name: string, args: Json): Promise<Json> {
    const preview = await this.call(name, args);
    if (preview.status !== 'confirmation_required') return preview;
    return this.call(name, { ...args, confirmation_token: preview.confirmation.token });
  }
}

export interface Job {
  readonly name: string;
  /** What the agent is asked, in the words. */
  readonly task: string;
  /** The targets issue #29 sets (calls, kilobytes), where it sets them. */
  readonly target?: { readonly calls: number; readonly kb?: number };
  /** Does the job; returns how to take it all back (run after counting stops) and check the state is as before. */
  readonly run: (agent: Agent) => Promise<{ undo: () => Promise<void> }>;
}

const byName = (list: Json[], name: string): Json => {
  const found = list.find((x) => x.name === name);
  assert.ok(found !== undefined, `no ${name}`);
  return found;
};

/** Poly Grid subtractive synth with an LFO on the filter, on the Lead track, reviewed and confirmed as one plan. */
const synth: Job = {
  name: 'synth',
  task: 'Poly Grid subtractive synth with LFO',
  target: { calls: 16, kb: 150 },
  run: async (agent) => {
    await agent.call('find_tools', { task: 'build a subtractive synth in a Poly Grid with an LFO on the filter', enable: true });
    const tracks = (await agent.call('sound_list_tracks')).native.tracks as Json[];
    const lead = byName(tracks, 'Lead');
    await agent.call('sound_select_track', { index: lead.index });
    const before = (await agent.call('grid_get_state')).native;
    const catalog = (await agent.call('grid_search_modules')).native.modules as Json[];
    const lfo = (await agent.call('grid_search_modulators', { query: 'lfo' })).native.modulators[0];
    const uuid = (name: string): string => byName(catalog, name).uuid;
    // The clear first; new nodes on a free row, so each insert previews against the graph as read.
    const y = 1 + Math.max(...[...before.modules, ...before.modulators].map((n: Json) => n.y));
    const nodes = ['Pitch', 'Gate', 'Sawtooth', 'Low-pass LD', 'ADSR', 'Multiply', 'Audio Out'];
    const insert = nodes.map((name, x) => ({ tool: 'grid_insert_node', args: { kind: 'module', uuid: uuid(name), x, y } }));
    const id = (name: string) => ({ from_step: 1 + nodes.indexOf(name), field: 'native.module.id' });
    const lfoStep = 1 + nodes.length;
    const cord = (from: string, to: string, port = 0) => ({
      tool: 'grid_connect',
      args: { source_id: id(from), source_port: 0, target_id: id(to), target_port: port },
    });
    const set = (node: string, parameter_id: string, value: number) => ({
      tool: 'grid_set_parameter',
      args: { kind: 'module', node_id: id(node), parameter_id, value },
    });
    const steps = [
      { tool: 'grid_clear_graph', args: { expected_revision: before.revision } },
      ...insert,
      { tool: 'grid_insert_node', args: { kind: 'modulator', uuid: lfo.uuid, x: 0, y: y + 1 } },
      cord('Pitch', 'Sawtooth'),
      cord('Sawtooth', 'Low-pass LD'),
      cord('Gate', 'ADSR'),
      cord('Low-pass LD', 'Multiply'),
      cord('ADSR', 'Multiply', 1),
      cord('Multiply', 'Audio Out'),
      {
        tool: 'grid_connect',
        args: {
          source_kind: 'modulator',
          source_id: { from_step: lfoStep, field: 'native.modulator.id' },
          source_port: 0,
          target_id: id('Low-pass LD'),
          target_port: 1,
        },
      },
      set('Low-pass LD', 'CUTOFF', 0.45),
      set('Low-pass LD', 'RESONANCE', 0.4),
      set('ADSR', 'RELEASE', 0.3),
    ];
    const done = await agent.confirmed('sound_apply_plan', { steps });
    assert.equal(done.status, 'completed', JSON.stringify(done).slice(0, 800));
    const clips = (await agent.call('song_get_arranger', { track_index: lead.index })).native.arranger.clips as Json[];
    const at = clips[0].start as number;
    const heard = (await agent.call('song_listen', { region: { from_beat: at, to_beat: at + 16, track_index: lead.index } })).native;
    assert.ok(heard.silent === false && heard.clipping === false, `the synth sounds, unclipped: ${JSON.stringify(heard).slice(0, 300)}`);
    return {
      undo: async () => {
        await agent.confirmed('sound_undo', { steps: done.applied });
        assert.equal((await agent.peek('grid_get_state')).native.revision, before.revision, 'undo restores the patch');
      },
    };
  },
};

/** A 16-bar song: compile a plan offline, import it with one review, check it by ear. */
const song: Job = {
  name: 'song',
  task: '16-bar song: compile, import, sounds, check by ear',
  target: { calls: 14, kb: 120 },
  run: async (agent) => {
    const mark = (await agent.peek('sound_get_history')).native.next_undo?.seq as number | undefined;
    const tracksBefore = (await agent.peek('sound_list_tracks')).native.tracks;
    await agent.call('find_tools', { task: 'write a 16-bar song and import it into the sound project', enable: true });
    const state = (await agent.call('song_get_state')).native;
    const plan = {
      title: 'Night Drive',
      tempo: 124,
      sections: [
        { name: 'Intro', bars: 4 },
        { name: 'Verse', bars: 8 },
        { name: 'Outro', bars: 4 },
      ],
      parts: [
        { name: 'Drums', channel: 10, patterns: [{ steps: [36, 42, 38, 42], step_beats: 0.5 }] },
        { name: 'Bass', patterns: [{ steps: ['A1', null, 'A1', 'C2', null, 'E2', 'G1', null], step_beats: 0.5, velocity: 96 }] },
        {
          name: 'Keys',
          patterns: [
            {
              sections: ['Verse', 'Outro'],
              steps: [
                ['A2', 'C3', 'E3'],
                ['F2', 'A2', 'C3'],
                ['C3', 'E3', 'G3'],
                ['G2', 'B2', 'D3'],
              ],
              step_beats: 4,
              velocity: 80,
            },
          ],
        },
        { name: 'Lead', patterns: [{ sections: ['Verse'], steps: ['E4', 'G4', 'A4', null, 'C5', 'B4', 'A4', null], step_beats: 1, velocity: 90 }] },
      ],
    };
    const compiled = await agent.call('song_compile_plan', { plan });
    const imported = await agent.confirmed('song_import_plan', {
      song_session_id: compiled.song_session_id,
      revision: compiled.revision,
      project_token: state.project_token,
    });
    assert.equal(imported.status, 'completed', JSON.stringify(imported).slice(0, 600));
    const tracks = (await agent.call('sound_list_tracks')).native.tracks as Json[];
    const group = byName(tracks, plan.title);
    const heard = (await agent.call('song_listen', { region: { from_beat: 0, to_beat: 64, track_index: group.index } })).native;
    assert.ok(heard.silent === false && heard.clipping === false, `the song sounds, unclipped: ${JSON.stringify(heard).slice(0, 300)}`);
    assert.ok(heard.true_peak_dbtp <= -1, `true peak ${heard.true_peak_dbtp} dBTP`);
    return {
      undo: async () => {
        const depth = (await agent.peek('sound_get_history')).native.undo_depth as number;
        const undone = await agent.confirmed('sound_undo', mark === undefined ? { steps: depth } : { toSeq: mark });
        assert.equal(undone.status, 'completed', JSON.stringify(undone).slice(0, 400));
        assert.deepEqual((await agent.peek('sound_list_tracks')).native.tracks, tracksBefore, 'undo restores the tracks');
        assert.equal((await agent.peek('song_get_state')).native.transport.tempo, state.transport.tempo, 'and the tempo');
      },
    };
  },
};

/** Intro dim blue, strobe at the drop: edits the stage demo's cue show, checked where the cues land. */
const cues: Job = {
  name: 'cues',
  task: 'intro dim blue, strobe at the drop',
  target: { calls: 20 },
  run: async (agent) => {
    const mark = (await agent.peek('get_history', { limit: 1 })).steps[0]?.seq as number | undefined;
    const introBefore = (await agent.peek('check_show', { from_beat: 0, beats: 4 })).frames.sha256;
    await agent.call('find_tools', { task: 'make the intro dim blue and strobe at the drop', enable: true });
    const timeline = await agent.call('list_light_cues');
    const scene = (marker: string): number => timeline.cues.find((c: Json) => c.marker === marker).scene;
    const [intro, drop, after] = [scene('Intro'), scene('Drop'), scene('Breakdown')];
    const channels = (await agent.call('list_channels')).channels as Json[];
    const grid = (await agent.call('list_clips')).buses as Json[];
    const masterSlots = new Set((grid.find((b) => b.bus === '/lx/mixer/master')?.clips ?? []).map((c: Json) => c.slot));
    const blue = await agent.call('add_channel', { class: 'Solid', label: 'Intro Blue', fader: 0 });
    const strobe = await agent.call('add_effect', { containerPath: '/lx/mixer/master', class: 'Strobe' });
    const blueBus = blue.channel.path as string;
    const lane = (bus: string, slot: number, path: string, value: number | boolean) => ({
      tool: 'set_clip_lane',
      args: { bus, slot, lane: path, events: [{ beats: 0, value }] },
    });
    const enabled = `${strobe.effect.path}/enabled`;
    const operations = [
      { tool: 'set_parameter', args: { path: `${blueBus}/pattern/1/color/hue`, value: 225 } },
      { tool: 'set_parameter', args: { path: enabled, value: false } },
      { tool: 'set_parameter', args: { path: `${strobe.effect.path}/depth`, value: 1 } },
      { tool: 'set_parameter', args: { path: `${strobe.effect.path}/tempoSync`, value: true } },
      ...channels.map((c) => lane(c.path, intro, `${c.path}/fader`, 0)),
      { tool: 'add_clip', args: { bus: blueBus, slot: intro } },
      lane(blueBus, intro, `${blueBus}/fader`, 0.35),
      { tool: 'add_clip', args: { bus: blueBus, slot: intro + 1 } },
      lane(blueBus, intro + 1, `${blueBus}/fader`, 0),
      ...[intro, drop, after].filter((slot) => !masterSlots.has(slot)).map((slot) => ({ tool: 'add_clip', args: { bus: '/lx/mixer/master', slot } })),
      lane('/lx/mixer/master', intro, enabled, false),
      lane('/lx/mixer/master', drop, enabled, true),
      lane('/lx/mixer/master', after, enabled, false),
    ];
    await agent.call('apply_operations', { operations, label: 'Intro dim blue, strobe at the drop' });
    // Checked offline, as the song will play: the intro's first bar, then the drop's first two beats.
    const at = (marker: string): number => timeline.cues.find((c: Json) => c.marker === marker).beat;
    const introLight = (await agent.call('check_show', { from_beat: at('Intro'), beats: 4 })).light as Json[];
    const isBlue = (hex: string): boolean => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      return b > 2 * Math.max(r, g);
    };
    for (const b of introLight) {
      assert.ok(b.colors.every(isBlue), `intro beat ${b.from_beat} is blue: ${b.colors}`);
      assert.ok(b.level < 40, `intro beat ${b.from_beat} is dim: ${b.level}`);
    }
    assert.ok(
      introLight.some((b) => b.colors.length > 0),
      'the intro is lit',
    );
    const dropLight = (await agent.call('check_show', { from_beat: at('Drop'), beats: 2 })).light as Json[];
    for (const b of dropLight) assert.ok(b.level_min < 5 && b.level_max > 40, `the strobe flashes at beat ${b.from_beat}: ${b.level_min}–${b.level_max}`);
    return {
      undo: async () => {
        const depth = (await agent.peek('get_history', { limit: 1 })).undoDepth as number;
        const undone = await agent.peek('undo', mark === undefined ? { steps: depth } : { toSeq: mark });
        assert.ok(undone.changed, JSON.stringify(undone).slice(0, 300));
        assert.equal((await agent.peek('list_channels')).channels.length, channels.length, 'undo removes the new channel');
        assert.equal((await agent.peek('check_show', { from_beat: 0, beats: 4 })).frames.sha256, introBefore, "the intro's frames are as before");
      },
    };
  },
};

/** A Noise channel coloured from the palette, its fader pulsed by an LFO. */
const noise: Job = {
  name: 'noise',
  task: 'Noise channel in palette colours, LFO pulse',
  run: async (agent) => {
    const mark = (await agent.peek('get_history', { limit: 1 })).steps[0]?.seq as number | undefined;
    const channelsBefore = (await agent.peek('list_channels')).channels.length as number;
    const framesBefore = (await agent.peek('check_show', { from_beat: 0, beats: 4 })).frames.sha256;
    await agent.call('find_tools', { task: 'add a noise channel in the palette colours with an LFO pulse', enable: true });
    const palette = await agent.call('get_palette');
    assert.ok(palette.swatch.colors.length > 1, 'the palette has colours');
    const channel = (await agent.call('add_channel', { class: 'Noise', label: 'Noise Pulse', fader: 0.2 })).channel.path as string;
    const lfo = (await agent.call('add_modulator', { class: 'LFO' })).modulator.path as string;
    await agent.call('apply_operations', {
      label: 'Noise in palette colours, LFO pulse',
      operations: [
        { tool: 'add_effect', args: { containerPath: channel, class: 'Colorize' } },
        { tool: 'set_parameter', args: { path: `${channel}/effect/1/colorMode`, value: 3 } },
        { tool: 'wire_modulation', args: { sourcePath: lfo, targetPath: `${channel}/fader`, range: 0.8 } },
      ],
    });
    const fader = (await agent.call('get_parameter', { path: `${channel}/fader` })).parameter;
    assert.equal(fader.modulated, true, 'the LFO drives the fader');
    // Offline, over the first four beats: the level swings with the LFO, in saturated colours.
    const light = (await agent.call('check_show', { from_beat: 0, beats: 4 })).light as Json[];
    const swing = Math.max(...light.map((b) => b.level_max)) - Math.min(...light.map((b) => b.level_min));
    assert.ok(swing > 10, `the LFO pulses the rig: ${swing}`);
    const saturated = (hex: string): boolean => {
      const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      return Math.max(...c) - Math.min(...c) > 0.5 * Math.max(...c);
    };
    assert.ok(
      light.some((b) => b.colors.length > 0 && b.colors.every(saturated)),
      `palette colours, not grey: ${light.map((b) => b.colors)}`,
    );
    return {
      undo: async () => {
        const depth = (await agent.peek('get_history', { limit: 1 })).undoDepth as number;
        await agent.peek('undo', mark === undefined ? { steps: depth } : { toSeq: mark });
        assert.equal((await agent.peek('list_channels')).channels.length, channelsBefore, 'undo removes the channel');
        assert.equal((await agent.peek('check_show', { from_beat: 0, beats: 4 })).frames.sha256, framesBefore, 'the frames are as before');
      },
    };
  },
};

/** Light that reacts to the kick: a white flash channel gated by beat detection, checked offline against the drop's kicks. */
const kick: Job = {
  name: 'kick',
  task: 'lights react to the kick',
  run: async (agent) => {
    const mark = (await agent.peek('get_history', { limit: 1 })).steps[0]?.seq as number | undefined;
    const channelsBefore = (await agent.peek('list_channels')).channels.length as number;
    await agent.call('find_tools', { task: 'flash the lights on every kick drum', enable: true });
    const markers = (await agent.call('song_get_state')).native.cue_markers as Json[];
    const drop = byName(markers, 'Drop').beat as number;
    const range = { from_beat: drop, to_beat: drop + 4 };
    const checked = await agent.call('check_show', range);
    const before = checked.light as Json[];
    const flash = (await agent.call('add_channel', { class: 'Solid', label: 'Kick Flash', fader: 0 })).channel.path as string;
    const beat = (await agent.call('add_modulator', { class: 'BandGate' })).modulator.path as string;
    await agent.call('apply_operations', {
      label: 'Flash on the kick',
      operations: [
        { tool: 'set_parameter', args: { path: `${flash}/pattern/1/color/saturation`, value: 0 } },
        // The agent guide's kick settings: the kick's band, +18 dB into the detector.
        { tool: 'set_parameter', args: { path: `${beat}/minFreq`, value: 35 } },
        { tool: 'set_parameter', args: { path: `${beat}/maxFreq`, value: 60 } },
        { tool: 'set_parameter', args: { path: `${beat}/gain`, value: 18 } },
        { tool: 'wire_modulation', args: { sourcePath: beat, targetPath: `${flash}/fader`, range: 1 } },
      ],
    });
    const after = (await agent.call('check_show', range)).light as Json[];
    after.forEach((b, i) => {
      assert.ok(b.level_max > before[i].level_max + 20, `beat ${b.from_beat}: the flash lifts the peak (${before[i].level_max} → ${b.level_max})`);
    });
    return {
      undo: async () => {
        const depth = (await agent.peek('get_history', { limit: 1 })).undoDepth as number;
        await agent.peek('undo', mark === undefined ? { steps: depth } : { toSeq: mark });
        assert.equal((await agent.peek('list_channels')).channels.length, channelsBefore, 'undo removes the channel');
        assert.equal((await agent.peek('check_show', range)).frames.sha256, checked.frames.sha256, "the drop's frames are as before");
      },
    };
  },
};

export const JOBS: readonly Job[] = [noise, synth, song, cues, kick];
