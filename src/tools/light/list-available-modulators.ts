import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { ComponentClassPayload, toComponentClassPayload } from './payloads.js';

export default defineTool({
  name: 'list_available_modulators',
  title: 'List the modulator classes',
  toolset: 'discover',
  description:
    "Lists every modulator class of Footlight's light library in LX's registry order: full class (what add_modulator " +
    'takes), display name, category, `global`/`device` (whether it may be added to the global modulation engine and/or inside ' +
    'a device), whether a behaviour note exists (`documented`: get_component_doc explains it) and whether it can run here ' +
    '(`available: false` with `unavailableReason` for classes that need live DMX or MIDI input).',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({ modulators: z.array(ComponentClassPayload) }),
  handle: (_args, { docs }) => ({ modulators: docs.entries('modulator').map((e) => toComponentClassPayload(e, docs.isDocumented(e))) }),
});
