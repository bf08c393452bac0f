// How much of the machine's CPU other processes use: the kernel's busy time for all CPUs
// (/proc/stat, steal included: a VM's host taking its CPUs is contention too) less this
// process's own CPU time. Render helpers use it to tell a machine with a free core for them from
// one where every cycle they spin waiting for work is taken from a thread that has work —
// which their own CPU use cannot tell, since it rises and falls with what they do. Reading costs
// one pread of a small proc file (a few µs); the pool samples it a few times a second.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

/** One reading: the machine's CPU ticks and this process's CPU time, at a moment. */
export interface CpuSample {
  /** Ticks all CPUs were busy (user, nice, system, irq, softirq, steal). */
  readonly busyTicks: number;
  /** All ticks of all CPUs (busy, idle and iowait). */
  readonly allTicks: number;
  /** This process's CPU time, all threads, in µs. */
  readonly ownUs: number;
  /** When it was taken (performance.now), in ms. */
  readonly atMs: number;
}

/**
 * CPUs' worth of work other processes did between two samples (0 on an idle machine, about 1
 * beside one busy loop). Negative rounding (ticks are 10 ms) is clamped to 0.
 */
export function othersCores(from: CpuSample, to: CpuSample, cores: number): number {
  const all = to.allTicks - from.allTicks;
  const elapsedUs = (to.atMs - from.atMs) * 1000;
  if (all <= 0 || elapsedUs <= 0) return 0;
  const busyCores = (cores * (to.busyTicks - from.busyTicks)) / all;
  const ownCores = (to.ownUs - from.ownUs) / elapsedUs;
  return Math.max(0, busyCores - ownCores);
}

/** Reads /proc/stat again and again from an open file; `read()` is undefined where there is none. */
export class MachineLoad {
  private fd: number | undefined;
  private readonly bytes = new Uint8Array(256);
  /** The CPUs /proc/stat counts (its `cpuN` lines). */
  readonly cores: number;

  constructor() {
    let cores = 0;
    try {
      cores = readFileSync('/proc/stat', 'latin1')
        .split('\n')
        .filter((line) => /^cpu\d/.test(line)).length;
      this.fd = cores > 0 ? openSync('/proc/stat', 'r') : undefined;
    } catch {
      this.fd = undefined;
    }
    this.cores = cores;
  }

  get available(): boolean {
    return this.fd !== undefined;
  }

  read(): CpuSample | undefined {
    if (this.fd === undefined) return undefined;
    const atMs = performance.now();
    const usage = process.cpuUsage();
    let n: number;
    try {
      n = readSync(this.fd, this.bytes, 0, this.bytes.length, 0);
    } catch {
      return undefined;
    }
    // "cpu  user nice system idle iowait irq softirq steal guest guest_nice\n" (guest time is
    // already counted in user and nice).
    const fields = [0, 0, 0, 0, 0, 0, 0, 0];
    let field = -1;
    let inNumber = false;
    for (let i = 3; i < n && field < fields.length; i++) {
      const c = this.bytes[i];
      if (c === 10) break;
      if (c >= 48 && c <= 57) {
        if (!inNumber) field++;
        inNumber = true;
        if (field < fields.length) fields[field] = fields[field] * 10 + (c - 48);
      } else inNumber = false;
    }
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
    const busyTicks = user + nice + system + irq + softirq + steal;
    return { busyTicks, allTicks: busyTicks + idle + iowait, ownUs: usage.user + usage.system, atMs };
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
