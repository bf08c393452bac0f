import type { Graph } from '../graph.js';

/**
 * A mutation with its inverse, recorded in the one history. `perform` validates before it
 * changes anything; if it fails midway it restores what it changed and throws. Commands refer
 * to components by id (see refs.ts), never by a held object, so they still resolve after a
 * removal has been undone.
 */
export interface Command {
  /** Short past-tense-free description for the history list, e.g. "Change Fader". */
  readonly label: string;
  perform(g: Graph): void;
  undo(g: Graph): void;
  /**
   * Folds a later command of the same gesture into this one (a fader drag). Returns false if
   * it cannot; the history then records the later command on its own.
   */
  merge?(next: Command): boolean;
}

/**
 * Several commands as one undo step. Each step runs against the state its predecessors leave;
 * if one fails, the steps already run are undone in reverse and the error is rethrown, so a
 * batch is all or nothing.
 */
export class CompoundCommand implements Command {
  constructor(
    readonly label: string,
    readonly steps: readonly Command[],
  ) {}

  perform(g: Graph): void {
    let done = 0;
    try {
      for (; done < this.steps.length; done++) this.steps[done].perform(g);
    } catch (err) {
      while (done > 0) this.steps[--done].undo(g);
      throw err;
    }
  }

  undo(g: Graph): void {
    for (let i = this.steps.length - 1; i >= 0; i--) this.steps[i].undo(g);
  }
}

/** A command built from two closures, for domain operations whose state is easy to capture. */
export class FunctionCommand implements Command {
  constructor(
    readonly label: string,
    private readonly doIt: (g: Graph) => void,
    private readonly undoIt: (g: Graph) => void,
  ) {}

  perform(g: Graph): void {
    this.doIt(g);
  }

  undo(g: Graph): void {
    this.undoIt(g);
  }
}
