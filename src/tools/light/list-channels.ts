import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { ChannelPayload, MixerPayload, toChannelPayload, toMixerPayload } from './payloads.js';

export default defineTool({
  name: 'list_channels',
  title: 'List mixer channels',
  toolset: 'discover',
  description:
    "Lists the mixer's channels in mix order (the first channel is at the bottom of the mix), with the master bus and the " +
    'crossfader. `detail: "summary"` (default) gives each channel\'s path, id, label, on/off, fader, blend mode, pattern mode ' +
    'and active pattern, plus counts; `detail: "full"` adds every pattern and the channel controls. A channel is visible only ' +
    'if it is enabled, its fader is above 0 and the master fader is above 0. Paths are 1-based and shift when channels are ' +
    'added, removed or moved: re-list after structural changes.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    detail: z.enum(['summary', 'full']).default('summary').describe('summary (default) or full'),
  }),
  output: z.strictObject({
    channels: z.array(ChannelPayload),
    mixer: MixerPayload,
  }),
  handle: ({ detail }, { light }) => ({
    channels: light.mixer.channels.items.map((ch) => toChannelPayload(ch, detail === 'full')),
    mixer: toMixerPayload(light.mixer),
  }),
});
