// The answers to forwarded writes by their id (docs/cluster.md, "Writes on a render node"): the
// leader keeps each one it served, and every node keeps the result of each forwarded write it
// replayed from the log. A write sent twice (again to a new leader after a failover) gets the first
// answer instead of running twice; a render node answers a forward the dead leader logged from its replay.
import type { Reply } from './forward.js';

/** Forwards in flight at a failover are seconds old: the newest few thousand answers cover them. */
const KEPT = 4096;

export class ForwardResults {
  private readonly byId = new Map<string, Promise<Reply>>();

  /** The answer for `id` if this node knows one (served, or replayed from the log). */
  get(id: string): Promise<Reply> | undefined {
    return this.byId.get(id);
  }

  /** The answer already known for `id`, else what `run` gives (run once, and kept). */
  once(id: string | undefined, run: () => Promise<Reply>): Promise<Reply> {
    if (id === undefined) return run();
    const known = this.byId.get(id);
    if (known !== undefined) return known;
    const answer = run();
    this.keep(id, answer);
    return answer;
  }

  /** The replay applied the forwarded write `id` at `seq`, with this result. */
  replayed(id: string, reply: Reply): void {
    if (!this.byId.has(id)) this.keep(id, Promise.resolve(reply));
  }

  private keep(id: string, answer: Promise<Reply>): void {
    this.byId.set(id, answer);
    if (this.byId.size > KEPT) this.byId.delete(this.byId.keys().next().value as string);
  }
}
