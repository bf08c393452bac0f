import * as z from 'zod';
import { displayTextProblem } from '../../engine/text.js';

/**
 * The two ways a tool names a component: its canonical path, its id, or both (then the path is
 * checked against where the id's component is now, and a stale path is refused).
 */
export function target(what: string, example: string) {
  return {
    path: z.string().optional().describe(`Canonical path of the ${what}, e.g. ${example}`),
    id: z.number().int().optional().describe(`Instead of (or as a check on) path: the ${what}'s id from any payload (ids survive moves)`),
  };
}

/** A component named in one value: a canonical path string or an id number. */
export const PathOrId = z.union([z.string(), z.number().int()]);

/** `{path}` or `{id}` from a path-or-id value. */
export function asTarget(v: string | number): { path?: string; id?: number } {
  return typeof v === 'number' ? { id: v } : { path: v };
}

// Text with nothing visible makes labels that spoof or break displays; it is refused, with what
// the shared display-text check refuses (control and bidi characters, U+FEFF, lone surrogates).
const NEWLINE_OR_TAB = /[\t\n]/;
const INVISIBLE = /^[\s\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]*$/;

/** A component label: 1–256 characters of printable text. */
export function labelInput(what: string) {
  return z
    .string()
    .min(1)
    .max(256)
    .superRefine((s, ctx) => {
      const problem = NEWLINE_OR_TAB.test(s) ? 'contains a tab or line break (a label is one line)' : displayTextProblem(s);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
    })
    .refine((s) => !INVISIBLE.test(s), 'must contain a visible character')
    .describe(what);
}

/** The container an add, copy or move goes into: by path, by id, or both as a check. */
export function containerTarget(what: string, example: string) {
  return {
    containerPath: z.string().optional().describe(`Canonical path of the ${what}, e.g. ${example}`),
    containerId: z.number().int().optional().describe(`Instead of (or as a check on) containerPath: the ${what}'s id`),
  };
}

/** `{path, id}` of a container argument pair, or undefined when neither was given. */
export function asContainer(args: { containerPath?: string; containerId?: number }): { path?: string; id?: number } | undefined {
  return args.containerPath === undefined && args.containerId === undefined ? undefined : { path: args.containerPath, id: args.containerId };
}
