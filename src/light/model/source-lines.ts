// Where the objects of a parsed fixture file came from: the file reader records the line of each
// object and of each of its keys, so a problem found later (an output that cannot be sent) can
// name the file, line and key, as a lighting designer fixing the file needs.

interface SourceLines {
  /** Line (1-based) of the object's opening brace. */
  readonly line: number;
  /** Line of each key of the object. */
  readonly keys: ReadonlyMap<string, number>;
}

const registry = new WeakMap<object, SourceLines>();

export function recordSourceLines(obj: object, lines: SourceLines): void {
  registry.set(obj, lines);
}

/** The line of `key` in `obj` (or of the object itself), when the reader recorded it. */
export function sourceLine(obj: unknown, key?: string): number | undefined {
  if (typeof obj !== 'object' || obj === null) return undefined;
  const lines = registry.get(obj);
  if (lines === undefined) return undefined;
  return key === undefined ? lines.line : (lines.keys.get(key) ?? lines.line);
}
