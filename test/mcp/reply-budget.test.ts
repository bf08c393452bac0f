// Replies are summary-first: on the stage demo (the biggest show we ship), every read an agent
// makes with default arguments answers in at most 16 KB; detail is one argument away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';

const REPLY_BUDGET = 16 * 1024;

const READS: readonly (readonly [string, Record<string, unknown>])[] = [
  ['get_status', {}],
  ['get_project_info', {}],
  ['list_channels', {}],
  ['get_channel', { path: '/lx/mixer/channel/1' }],
  ['search_components', { query: 'fader' }],
  ['list_available_patterns', {}],
  ['list_available_effects', {}],
  ['list_available_modulators', {}],
  ['list_available_fixtures', {}],
  ['get_component_doc', { class: 'Gradient' }],
  ['describe_model', {}],
  ['list_parameters', { path: '/lx/mixer/channel/1/pattern/1' }],
  ['get_frame', {}],
  ['get_history', {}],
  ['find_tools', { task: 'wire an LFO', enable: false }],
  ['list_clips', {}],
  ['list_light_cues', {}],
  ['get_palette', {}],
  ['list_fixtures', {}],
  ['list_modulations', {}],
  ['list_views', {}],
  ['list_snapshots', {}],
  ['get_output_map', {}],
  ['sound_get_status', {}],
  ['sound_list_tracks', {}],
  ['song_get_state', {}],
  ['song_get_arranger', { track_index: 4 }],
  ['sound_inspect_device', {}],
  ['sound_search_devices', {}],
  ['sound_list_actions', {}],
  ['sound_get_device_state', {}],
  ['grid_search_modules', {}],
  ['song_listen', { region: { from_beat: 32, to_beat: 96 } }],
  ['check_show', { from_beat: 32, to_beat: 96 }],
];

test('every read answers within 16 KB by default on the stage demo', async (t) => {
  const show = await startShow(t, { demo: 'stage' });
  const over: string[] = [];
  for (const [name, args] of READS) {
    const bytes = Buffer.byteLength(JSON.stringify(await show.call(name, args)));
    if (bytes > REPLY_BUDGET) over.push(`${name} ${JSON.stringify(args)}: ${bytes} bytes`);
  }
  assert.deepEqual(over, []);
});
