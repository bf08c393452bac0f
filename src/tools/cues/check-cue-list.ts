import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { listInput } from './payloads.js';

const Finding = z.strictObject({
  kind: z.enum(['dark', 'no_op', 'follow_chain', 'follow_at_last_cue', 'follow_cuts_fade', 'missing_reference', 'fade_over_gap', 'step_does_nothing']),
  cues: z.array(z.number()).describe('The cues it is about, by number'),
  beat: z.number().optional().describe('The song timeline beat, for a timeline step'),
  severity: z.enum(['warning', 'info']),
  message: z.string(),
});

export default defineTool({
  name: 'check_cue_list',
  title: 'Check a cue list before the show',
  toolset: 'cues',
  description:
    'Lists what a lighting designer would want to hear before the show, from the cues themselves (not the live values): dark ' +
    "(a cue's look, tracked in a tracking list, sets the master or every mixer channel to 0 or off; a value the look does not set " +
    'counts as unknown), no_op (same look as the cue before; a first cue that sets nothing), follow_chain (one Go runs more than ' +
    'maxFollowChain cues by follow; follows go to the next cue by number, so a list cannot loop by itself), follow_at_last_cue, ' +
    "follow_cuts_fade (the follow fires before the cue's fade ends), missing_reference (a parameter, channel or pattern the show " +
    "no longer has; a timeline Goto or MIDI trigger goto to a cue the list lacks), and from the song timeline's steps at the song's tempo: fade_over_gap " +
    "(a cue's fade is longer than the time to the next step) and step_does_nothing (a Go past the last cue). Each finding: kind, " +
    'cues, beat, severity (warning, info), message. Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    list: listInput,
    maxFollowChain: z.number().int().min(1).max(1000).default(8).describe('Report a Go that runs more cues than this by follow (default 8)'),
  }),
  output: z.strictObject({
    list: z.string(),
    timelineSteps: z.number().int().describe("The song timeline's steps for this list that were checked (0 without a song)"),
    findings: z.array(Finding),
  }),
  handle: ({ list, maxFollowChain }, { light, lightCues }) => {
    const timeline = lightCues?.timelineOf(list.normalize('NFC'));
    const findings = light.cues.check(list, { maxFollowChain, timeline });
    return { list, timelineSteps: timeline?.steps.length ?? 0, findings };
  },
});
