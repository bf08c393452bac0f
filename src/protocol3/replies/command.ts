// What the shared command table says of one command: its reply and whether it only reads.
import type * as z from 'zod';

interface CommandSpec<S extends z.ZodType, R extends boolean> {
  /** The success reply without the `ok: true` the dispatcher puts first (an import or a save carries its own `ok`). */
  readonly reply: S;
  /** Changes nothing: a lost reply may be asked again (anything else is ambiguous: read state before deciding). */
  readonly readOnly: R;
}

export const read = <S extends z.ZodType>(reply: S): CommandSpec<S, true> => ({ reply, readOnly: true });
export const write = <S extends z.ZodType>(reply: S): CommandSpec<S, false> => ({ reply, readOnly: false });
