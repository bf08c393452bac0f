// The Linux scheduler's accounting of one thread (/proc/…/schedstat): the time it ran on a CPU and
// the time it was runnable but waited for one (descheduled: other threads had the cores). Benches
// use it to tell "this thread was busy" from "this thread was not scheduled", which wall-clock
// times on a shared machine cannot. Reading costs one pread of a small proc file (a few µs), so
// it is sampled per frame by benches, never on the hot path of a show.
import { closeSync, openSync, readFileSync, readSync, readlinkSync } from 'node:fs';

export interface ThreadTime {
  /** Time the thread ran on a CPU, in ms since it started. */
  readonly cpuMs: number;
  /** Time it was runnable and waited for a CPU, in ms since it started. */
  readonly waitMs: number;
}

/** The calling thread's id (its /proc/self/task entry), or undefined off Linux. */
export function currentThreadId(): number | undefined {
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Reads one thread's schedstat again and again from an open file; `read()` is undefined where there is none. */
export class ThreadClock {
  private fd: number | undefined;
  private readonly bytes = new Uint8Array(128);

  /** The thread `threadId` of this process, or the calling thread when omitted. */
  constructor(threadId?: number) {
    try {
      const path = threadId === undefined ? '/proc/thread-self/schedstat' : `/proc/self/task/${threadId}/schedstat`;
      readFileSync(path); // fails fast where the kernel has no schedstat
      this.fd = openSync(path, 'r');
    } catch {
      this.fd = undefined;
    }
  }

  get available(): boolean {
    return this.fd !== undefined;
  }

  read(): ThreadTime | undefined {
    if (this.fd === undefined) return undefined;
    let n: number;
    try {
      n = readSync(this.fd, this.bytes, 0, this.bytes.length, 0);
    } catch {
      return undefined; // the thread has exited
    }
    // "<ns on cpu> <ns waiting on a run queue> <timeslices>\n"
    let cpuNs = 0;
    let waitNs = 0;
    let field = 0;
    for (let i = 0; i < n && field < 2; i++) {
      const c = this.bytes[i];
      if (c === 32) field++;
      else if (field === 0) cpuNs = cpuNs * 10 + (c - 48);
      else waitNs = waitNs * 10 + (c - 48);
    }
    return { cpuMs: cpuNs / 1e6, waitMs: waitNs / 1e6 };
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
