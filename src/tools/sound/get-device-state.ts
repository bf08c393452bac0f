import * as z from 'zod';
import { toMcp } from '../../sound-client/wire.js';
import { arr } from '../../sound-client/core.js';
import { defineTool } from '../define-tool.js';
import { READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'sound_get_device_state',
  title: "Read the selected device's exposed controls",
  toolset: 'sound',
  description:
    'The selected device (name, uuid, instance_id, track_id, kind, chain) and its 8 exposed control slots. `controls` lists the mapped ones on the MCP ' +
    "scale 0–128 (`mcp_value`; native = mcp_value / 128) with the host's display text; `native` keeps the host's reply whole (normalized 0–1 values, " +
    "native values, unmapped slots). Neither scale is a Grid module's native parameter domain (grid_get_state has those). " +
    'Also returns the selection_token that device edits bind to; with nothing selected, `native.device` is null and there is no token. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: ReadPayload.extend({
    controls: z
      .array(z.strictObject({ index: z.number().int(), name: z.string(), mcp_value: z.number(), display: z.string() }))
      .describe('Mapped exposed controls, MCP scale 0–128'),
  }),
  handle: async (_args, { soundAdapter }) => {
    const r = await soundAdapter.core.readCommand('state');
    const controls = arr(r.native.controls)
      .filter((c) => c.exists === true && typeof c.value === 'number')
      .map((c) => ({ index: c.index as number, name: String(c.name), mcp_value: toMcp(c.value as number), display: String(c.display) }));
    return { ...(r as z.infer<typeof ReadPayload>), controls };
  },
});
