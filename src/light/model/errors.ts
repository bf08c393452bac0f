// The one error this module throws. It carries an `invalid_argument` code so that a caller can
// map it to the engine's error family without this module importing engine types: every
// failure here is bad input (a selector, a parameter value, a fixture document), never a bug.

export class ModelInputError extends Error {
  override readonly name: string = 'ModelInputError';
  readonly code = 'invalid_argument' as const;
  constructor(message: string) {
    super(message);
  }
}

/** A selector that does not parse; `position` is the 0-based offset of the offending character. */
export class SelectorSyntaxError extends ModelInputError {
  override readonly name: string = 'SelectorSyntaxError';
  constructor(
    readonly selector: string,
    readonly position: number,
    problem: string,
  ) {
    super(
      `view selector ${JSON.stringify(selector)}: ${problem} at position ${position}` +
        (selector.length > 0 ? ` (${pointAt(selector, position)})` : '') +
        '. Selectors are tags separated by spaces (descend), "," (union), ";" (groups), with optional ' +
        '">" (direct children), "&" (has both tags), "*" (one group per match) and [range] suffixes.',
    );
  }
}

function pointAt(text: string, position: number): string {
  const before = text.slice(Math.max(0, position - 12), position);
  const after = text.slice(position, position + 12);
  return `…${before}⟨here⟩${after}…`;
}
