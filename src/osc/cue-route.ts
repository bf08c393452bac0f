// Cue lists over OSC: `/footlight/cues/<list>/<action>`, so a TouchOSC page, a QLab OSC cue or a
// desk's macro can run a list as the console's buttons do. <list> is the list's name as an OSC
// label (whitespace and the characters OSC reserves become `-`, as LX labels do); the actions are
// run_cue_list's. Footlight's own prefix: LX has no cue lists, so nothing under /lx changes.
import { CUE_ACTIONS as ACTIONS, type CueAction } from '../light/show/cues/cue-data.js';
import type { OscMessage } from './codec.js';

export const CUE_PREFIX = '/footlight/cues/';

type CueCommand =
  | { readonly kind: 'run'; readonly list: string; readonly action: CueAction; readonly cue?: number }
  /** A button's release (0 or false): controllers send one after every press. */
  | { readonly kind: 'ignore' }
  | { readonly kind: 'unknown'; readonly reason: string };

/** The first argument as a number (a string such as "2.5" too: some controllers only send text), or undefined. */
function numberArg(m: OscMessage): number | undefined {
  const a = m.args[0];
  if (a === undefined) return undefined;
  if (a.type === 'integer' || a.type === 'float' || a.type === 'double') return a.value;
  if (a.type === 'string' && a.value.trim() !== '' && Number.isFinite(Number(a.value))) return Number(a.value);
  if (a.type === 'true') return 1;
  if (a.type === 'false') return 0;
  return undefined;
}

/**
 * What a message under CUE_PREFIX asks. Every action but `goto` is a button: it fires on no
 * argument, an impulse, true or a non-zero value, and a button's release (0 or false) is ignored;
 * `release` lets go at once (a timed release is run_cue_list's `fadeMs`). `goto` takes the cue number.
 */
export function cueCommand(m: OscMessage): CueCommand {
  const rest = m.address.slice(CUE_PREFIX.length).split('/');
  if (rest.length !== 2 || rest[0] === '') return { kind: 'unknown', reason: `cue list addresses are ${CUE_PREFIX}<list>/<${ACTIONS.join('|')}>` };
  const [list, action] = rest;
  if (!(ACTIONS as readonly string[]).includes(action)) return { kind: 'unknown', reason: `${action} is not a cue list action (${ACTIONS.join(', ')})` };
  const value = numberArg(m);
  switch (action as CueAction) {
    case 'goto':
      if (value === undefined) return { kind: 'unknown', reason: 'goto takes the cue number as its argument' };
      return { kind: 'run', list, action: 'goto', cue: value };
    default:
      if (value === 0) return { kind: 'ignore' };
      return { kind: 'run', list, action: action as CueAction };
  }
}
