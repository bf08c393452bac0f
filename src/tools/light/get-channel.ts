import * as z from 'zod';
import { bus } from '../../light/operations/targets.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { ChannelPayload, toChannelPayload } from './payloads.js';

export default defineTool({
  name: 'get_channel',
  title: 'Read one channel',
  toolset: 'discover',
  description:
    'Reads one channel, group or the master bus (/lx/mixer/master) in exactly the shape of a list_channels detail:"full" ' +
    'entry: fader, on/off, blend mode, pattern mode, its patterns (each with its own effects) and its effect chain, plus ' +
    'cue/aux/crossfade controls. Use it to drill into one channel instead of listing the whole show in full.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject(target('channel, group or master bus', '/lx/mixer/channel/1')),
  output: z.strictObject({ channel: ChannelPayload }),
  handle: ({ path, id }, { light }) => ({ channel: toChannelPayload(bus(light.lx, { path, id }), true) }),
});
