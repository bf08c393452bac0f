import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { ComponentClassPayload, toComponentClassPayload } from './payloads.js';

export default defineTool({
  name: 'list_available_effects',
  title: 'List the effect classes',
  toolset: 'discover',
  description:
    "Lists every effect class of Footlight's light library in LX's registry order: full class (what add_effect takes), " +
    'display name, category, whether a behaviour note exists (`documented`: get_component_doc explains it) and whether it can ' +
    'run here (`available: false` with `unavailableReason`). Effects process the colors of a pattern, channel, group or the ' +
    'master bus, in chain order.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({ effects: z.array(ComponentClassPayload) }),
  handle: (_args, { docs }) => ({ effects: docs.entries('effect').map((e) => toComponentClassPayload(e, docs.isDocumented(e))) }),
});
