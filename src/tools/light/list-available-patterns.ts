import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { ComponentClassPayload, toComponentClassPayload } from './payloads.js';

export default defineTool({
  name: 'list_available_patterns',
  title: 'List the pattern classes',
  toolset: 'discover',
  description:
    "Lists every pattern class of Footlight's light library in LX's registry order: full class (what add_pattern takes), " +
    'display name, category, whether a behaviour note exists (`documented`: get_component_doc explains it) and whether it can ' +
    'run here (`available: false` with `unavailableReason` for classes that need live DMX input). A pattern ' +
    "fills its channel's points each frame; effects (list_available_effects) then process them.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({ patterns: z.array(ComponentClassPayload) }),
  handle: (_args, { docs }) => ({ patterns: docs.entries('pattern').map((e) => toComponentClassPayload(e, docs.isDocumented(e))) }),
});
