import * as z from 'zod';
import { invalidArgument } from '../../engine/errors.js';
import { defineTool } from '../define-tool.js';
import { listInput, StatusPayload } from './payloads.js';

const NOTE = 'Running a cue list is live: not an undo step (undo does not take it back); release or goto instead.';

export default defineTool({
  name: 'run_cue_list',
  title: 'Go, Back, Goto, Pause, Resume or Release a cue list',
  toolset: 'cues',
  description:
    'Runs a cue list live. go: the next cue (the first after a release) fades in with its times (values going up: delay in, ' +
    'fade in; going down: delay out, fade out); a Go during a fade starts from where the fade is. back: the cue before, with ' +
    'its times. goto: cue `cue` with its times, or at once with `immediate`. pause / resume: hold the running fade and follow. ' +
    'release: every value the list set fades back (over `fadeMs`, default 0) to what the show held when the list started, and ' +
    'the list stops. Returns the status (running cue, next cue, fade progress 0–1) and a note that this is live. Not undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    list: listInput,
    action: z.enum(['go', 'back', 'goto', 'pause', 'resume', 'release']),
    cue: z.number().optional().describe('goto: the cue number'),
    immediate: z.boolean().optional().describe('back / goto: no fade'),
    fadeMs: z.number().optional().describe('release: fade back over this long, ms (0–600000; default 0)'),
  }),
  output: z.strictObject({ status: StatusPayload, undoable: z.literal(false), note: z.string() }),
  handle: ({ list, action, cue, immediate, fadeMs }, { light }) => {
    if (cue !== undefined && action !== 'goto') throw invalidArgument('cue goes with action goto');
    if (immediate !== undefined && action !== 'goto' && action !== 'back') throw invalidArgument('immediate goes with goto or back');
    if (fadeMs !== undefined && action !== 'release') throw invalidArgument("fadeMs goes with release (a cue's own times fade a Go)");
    const c = light.cues;
    const status = (() => {
      switch (action) {
        case 'go':
          return c.go(list);
        case 'back':
          return c.back(list, immediate);
        case 'goto':
          if (cue === undefined) throw invalidArgument('goto needs cue: the cue number');
          return c.goto(list, cue, immediate);
        case 'pause':
          return c.pause(list);
        case 'resume':
          return c.resume(list);
        case 'release':
          return c.release(list, fadeMs);
      }
    })();
    return { status, undoable: false as const, note: NOTE };
  },
});
