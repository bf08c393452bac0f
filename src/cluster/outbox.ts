// The leader's ordered outbox (docs/cluster.md, "The log is lost"): every record the leader appends
// goes through it, fenced by the stream's sequence (a deposed leader's appends fail) and named by a
// message id (a record sent twice is stored once). While the NATS server is away the outbox keeps the
// records in order, keeps only the newest tick between two calls, and sends them again, one by one,
// once it is back; a caller's promise settles when the log holds its record. Past `bound` held calls
// the leader refuses writes (admitWrite), so nothing more changes that the log may never see.
import { unavailable } from '../engine/errors.js';
import { lostRace } from './lease.js';
import type { ShowLog } from './log.js';
import type { LogRecord } from './records.js';

const RETRY_MS = 250;

interface Entry {
  record: LogRecord;
  readonly msgID: string;
  sent: boolean;
  readonly resolve: (seq: number) => void;
  readonly reject: (err: unknown) => void;
}

export class Outbox {
  /** Records not yet acknowledged, in append order. */
  private readonly queue: Entry[] = [];
  /** The sequence the next record sent expects the stream to end at. */
  private expected: number;
  private count = 0;
  private recovering = false;
  private ended: string | undefined;
  /** The newest sequence the log acknowledged to this leader (its base before any). */
  private newest: number;

  constructor(
    private readonly log: ShowLog,
    /** Prefix of this leader's message ids: node and term. */
    private readonly id: string,
    /** The stream's last sequence when this leader began: the records before it are not its own. */
    private readonly base: number,
    readonly bound: number,
    /** Called once when the stream moved on without this leader: another node leads. */
    private readonly onDeposed: () => void,
  ) {
    this.expected = base;
    this.newest = base;
  }

  /** The newest record the log stored for this leader: a deposed leader follows the log from the next one. */
  get stored(): number {
    return this.newest;
  }

  /** Calls held while the log is away (0 while it takes records as they come). */
  get held(): number {
    return this.recovering ? this.queue.filter((e) => e.record.kind === 'call').length : 0;
  }

  get holding(): boolean {
    return this.recovering;
  }

  /** Appends `record` after every record pushed before it; settles with its sequence once the log holds it. */
  push(record: LogRecord): Promise<number> {
    if (this.ended !== undefined) return Promise.reject(unavailable(this.ended));
    const tail = this.queue[this.queue.length - 1];
    if (record.kind === 'tick' && tail !== undefined && tail.record.kind === 'tick' && !tail.sent) {
      tail.record = record; // a newer frame supersedes a tick still waiting: followers step over the gap
      return Promise.resolve(0);
    }
    return new Promise<number>((resolve, reject) => {
      const entry: Entry = { record, msgID: `${this.id}-${++this.count}`, sent: false, resolve, reject };
      this.queue.push(entry);
      if (!this.recovering) this.send(entry, this.expected++);
    });
  }

  /** Fails every held record (the leader closes or was deposed). */
  end(why: string): void {
    this.ended = why;
    for (const e of this.queue.splice(0)) e.reject(unavailable(why));
  }

  /** Pipelined: sends now, expecting the records before it to be stored by the time it arrives. */
  private send(entry: Entry, expect: number): void {
    entry.sent = true;
    this.log.appendFenced(entry.record, entry.msgID, expect).then(
      (seq) => this.acked(entry, seq),
      (err: unknown) => {
        if (this.recovering || !this.queue.includes(entry)) return;
        // The head refused with everything before it stored: another node appended. Else the log is away.
        if (lostRace(err) && this.queue[0] === entry) this.deposed();
        else void this.recover();
      },
    );
  }

  private acked(entry: Entry, seq: number): void {
    const i = this.queue.indexOf(entry);
    if (i < 0) return;
    this.queue.splice(i, 1);
    this.newest = Math.max(this.newest, seq);
    entry.resolve(seq);
  }

  /** Sends the held records again, one at a time and in order, until none is left. */
  private async recover(): Promise<void> {
    this.recovering = true;
    while (this.queue.length > 0 && this.ended === undefined) {
      await new Promise((r) => setTimeout(r, RETRY_MS));
      try {
        let last = await this.log.lastSeq();
        if (!(await this.settleStored(last))) return this.deposed();
        while (this.queue.length > 0 && this.ended === undefined) {
          const entry = this.queue[0];
          entry.sent = true;
          last = await this.log.appendFenced(entry.record, entry.msgID, last);
          this.acked(entry, last);
        }
        this.expected = last;
      } catch {
        // the log is still away, or a first send landed meanwhile: read the stream's end again
      }
    }
    this.recovering = false;
  }

  /**
   * The stream ends at `seq`: settles the held records stored already (their first send landed; the
   * stored ones are a prefix of the queue, as each expected the one before it). False when the
   * stream's newest record is another node's: this leader was deposed.
   */
  private async settleStored(seq: number): Promise<boolean> {
    if (seq === this.base) return true;
    const id = await this.log.messageId(seq);
    if (id === undefined || !id.startsWith(`${this.id}-`)) return false;
    const n = Number(id.slice(this.id.length + 1));
    while (this.queue.length > 0 && Number(this.queue[0].msgID.slice(this.id.length + 1)) <= n) this.acked(this.queue[0], seq);
    return true;
  }

  private deposed(): void {
    this.end("the show's log moved on without this leader: another node took the lease");
    this.onDeposed();
  }
}
