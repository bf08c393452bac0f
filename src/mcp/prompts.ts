import * as z from 'zod';
import type { McpServer } from '@modelcontextprotocol/server';

function userText(text: string) {
  return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] };
}

/** Prompts for the common workflows, so a client can offer them as commands. */
export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'why_is_it_dark',
    {
      title: 'Find out why something is not lit',
      description: 'Walks the visibility chain for a channel (or the whole show) and reports the first broken link',
      argsSchema: z.object({ channel: z.string().optional().describe('Channel label or path; omit to check every channel') }),
    },
    ({ channel }) =>
      userText(
        `Find out why ${channel === undefined ? 'the show' : `channel ${channel}`} is not visible. Read footlight://guide section 2 first. ` +
          'Then, without changing anything: list_channels {detail:"full"}, check each link of the visibility chain (active or enabled pattern with level > ' +
          '0, channel enabled, fader > 0, crossfade side, master fader, fixture outputs), ' +
          'and call get_frame to confirm what is lit. Report the first broken link and the one change that would fix it, but make no change until asked.',
      ),
  );
  server.registerPrompt(
    'build_a_look',
    {
      title: 'Build a look from a description',
      description: 'Turns a description ("slow amber wash with a cool chase on top") into one batch of changes, checked with get_frame',
      argsSchema: z.object({ description: z.string().describe('What the look should be') }),
    },
    ({ description }) =>
      userText(
        `Build this look: ${description}. Read footlight://guide first. Discover the show (list_channels, list_parameters on the channels you will use), ` +
          'plan the changes, apply them as ONE apply_operations call with a short label, then check the result with get_frame {include_image:true}. ' +
          'Report what you changed (the undo step label) so the operator can undo it in one step.',
      ),
  );
  server.registerPrompt(
    'set_a_parameter',
    {
      title: 'Set one parameter and check it',
      description: 'Sets one parameter by canonical path (completion offers real paths and option names), then verifies the result',
      argsSchema: z.object({
        path: z.string().describe('Canonical parameter path, e.g. /lx/mixer/channel/1/fader'),
        value: z.string().describe('The new value: a number, an option name, true/false or text'),
      }),
    },
    ({ path, value }) =>
      userText(
        `Set ${path} to ${value}. Read it first with get_parameter (note its range or options and whether it is modulated), then set_parameter once, ` +
          'then confirm with get_parameter (and get_frame if it changes what is lit). Report the old and new value; undo takes it back.',
      ),
  );
  server.registerPrompt(
    'mix_a_track',
    {
      title: "Change one sound track's mix and check it",
      description: "Adjusts the volume or pan of one sound track by name (completion offers the host's track names), then verifies it",
      argsSchema: z.object({
        track: z.string().describe('Track name, as sound_list_tracks shows it'),
        change: z.string().describe('What to change, e.g. "3 dB quieter" or "pan a little left"'),
      }),
    },
    ({ track, change }) =>
      userText(
        `Make the sound track "${track}" ${change}. Find its bank index with sound_list_tracks, read song_get_state for the project token, ` +
          'then song_set_track_mix once (a sound write: confirm the preview, or the operator has granted cooperative mode), and read the track again to ' +
          'check. Report the old and new value; sound_undo takes it back.',
      ),
  );
  server.registerPrompt(
    'review_my_changes',
    {
      title: 'Review the changes made in this session',
      description: 'Lists the undo history entries made by this client and summarizes them',
      argsSchema: z.object({}),
    },
    () =>
      userText(
        'Read get_history {limit: 50}. List the steps made by this client (match client and session), summarize what each changed, and point out any step ' +
          'that another client made in between.',
      ),
  );
}
