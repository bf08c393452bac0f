import * as z from 'zod';
import { invalidArgument } from '../../engine/errors.js';
import type { CallAuthority } from '../../sound-client/authorization.js';
import type { PlanStep } from '../../sound-client/plans.js';
import { defineTool, type AnyTool } from '../define-tool.js';
import type { ToolContext } from '../context.js';
import { describeZodError } from '../zod-errors.js';
import { asWrite, authorityOf, ConfirmationToken, WritePayload } from './payloads.js';

/** The sound and Grid writes a plan may hold: each binds to a token or revision and is one undo step. */
const SOUND_STEPS = new Set([
  'song_set_track_mix',
  'song_set_track_send',
  'song_set_track_state',
  'song_set_clip_loop',
  'song_set_audio_clip',
  'song_control_transport',
  'sound_set_controls',
  'sound_set_device_parameter',
  'sound_set_sampler_zones',
  'sound_insert_device',
  'sound_remove_device',
  'sound_invoke_action',
  'grid_insert_node',
  'grid_connect',
  'grid_disconnect',
  'grid_set_parameter',
  'grid_set_cord_amount',
  'grid_clear_graph',
]);
const NOT_LIGHT_STEPS = new Set(['apply_operations', 'undo', 'redo']);

const StepOutcome = z.strictObject({
  index: z.number().int(),
  tool: z.string(),
  status: z.string().describe('completed; refused, requires_observation or failed for the step that stopped the plan'),
  ok: z.boolean(),
  summary: z.string().optional(),
  command: z.string().optional(),
  native: z.unknown().optional().describe("The step's reply (the host's, or a light tool's payload)"),
  verification: z.unknown().optional(),
  error: z.string().optional(),
  code: z.string().optional(),
});

export default defineTool({
  name: 'sound_apply_plan',
  title: 'Review and apply many changes at once',
  toolset: 'sound',
  description:
    'One review and one confirmation for a whole plan of up to 32 steps: sound and Grid writes (song_set_track_mix, song_set_track_send, ' +
    'song_set_track_state, song_set_clip_loop, song_set_audio_clip, song_control_transport, sound_set_controls, sound_set_device_parameter, ' +
    'sound_set_sampler_zones, sound_insert_device, sound_remove_device, sound_invoke_action, grid_insert_node, grid_connect, grid_disconnect, ' +
    'grid_set_parameter, grid_set_cord_amount, grid_clear_graph) and ' +
    'changing light tools. Each step is {"tool", "args"} with the arguments of calling that tool alone, minus confirmation_token. The first call ' +
    'previews every step against the state as it is now and sends nothing (status "confirmation_required", one token); the same call with ' +
    'confirmation_token (or the cooperative grant, or the human through elicitation) applies them in order. Each step stays guarded as alone: its ' +
    'fresh preview must match the reviewed one, the host checks its token or revision, Grid writes are read back, and no other writer may change ' +
    'the host between two steps. The first step that does not complete stops the plan: `steps` lists what landed, nothing after it is sent, ' +
    'nothing is rolled back or replayed. An argument may come from an earlier step\'s reply: {"from_step": 0, "field": "native.node.id"} (such a ' +
    'step is previewed at its turn). Select the track or device first: selection is not a plan step. Undoable: one undo step per step.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    steps: z
      .array(
        z.strictObject({
          tool: z.string().describe('A sound or Grid write named above, or a changing light tool'),
          args: z.record(z.string(), z.unknown()).default({}).describe("That tool's arguments (no confirmation_token)"),
        }),
      )
      .min(1)
      .max(32)
      .describe('The steps, applied in order'),
    detail: z
      .enum(['summary', 'full'])
      .default('summary')
      .describe("summary: each step's summary and command, and ids from each reply; full: what each step read, and whole replies"),
    confirmation_token: ConfirmationToken,
  }),
  output: WritePayload.extend({
    applied: z.number().int().optional().describe('How many steps landed'),
    stopped_at: z.number().int().optional().describe('The step that did not complete (absent when all landed)'),
    steps: z.array(StepOutcome).optional().describe('Each step that ran, in order; the preview lists every step'),
  }),
  handle: async (args, ctx) => {
    const steps: PlanStep[] = args.steps.map((s, i) => ({ tool: stepTool(ctx, s.tool, i).name, args: s.args }));
    return asWrite(
      await ctx.soundAdapter.plans.apply(steps, args.detail, authorityOf(ctx, args.confirmation_token), (step, authority) => runStep(ctx, step, authority)),
    );
  },
});

function stepTool(ctx: ToolContext, name: string, index: number): AnyTool {
  const tool = ctx.findTool(name);
  const light = tool !== undefined && tool.mode !== 'direct' && !tool.annotations.readOnlyHint && !NOT_LIGHT_STEPS.has(tool.name);
  if (tool === undefined || !(SOUND_STEPS.has(tool.name) || light))
    throw invalidArgument(
      `steps[${index}]: ${JSON.stringify(name)} is not a plan step (a sound or Grid write named in the description, or a changing light tool)`,
    );
  return tool;
}

/** One step through its own tool: a sound write with the plan's authority; a light tool checked in review and run at its turn. */
async function runStep(ctx: ToolContext, step: PlanStep, authority: CallAuthority): Promise<Record<string, unknown>> {
  const tool = ctx.findTool(step.tool) as AnyTool;
  const parsed = tool.input.safeParse(step.args);
  if (!parsed.success) throw invalidArgument(describeZodError(parsed.error));
  if (tool.mode === 'direct') {
    const planned: ToolContext = { ...ctx, planAuthority: authority };
    return (await tool.handle(parsed.data, planned)) as Record<string, unknown>;
  }
  if (authority.planStep?.phase === 'review')
    return { ok: false, status: 'reviewed', command: `${tool.name} ${JSON.stringify(parsed.data)}`, summary: `${tool.title} (light)` };
  return (await ctx.engine.queue.submit(() => tool.handle(parsed.data, ctx), { label: tool.name, session: ctx.origin.session, read: false })) as Record<
    string,
    unknown
  >;
}
