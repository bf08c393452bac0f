// The request loop shared by bench/agent-load.ts and bench/floor.ts: N workers, each issuing one
// request at a time back to back (a closed loop) for a fixed time, so "the same request loop"
// runs against MCP and against the bare HTTP floor and the two can be compared as a ratio.
import { cpus, loadavg } from 'node:os';

/** One worker's next request; resolves when the reply has been read in full. */
export type Call = () => Promise<void>;

export interface LoopResult {
  readonly concurrency: number;
  readonly seconds: number;
  readonly calls: number;
  readonly errors: number;
  readonly callsPerSecond: number;
  readonly medianMs: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly meanMs: number;
}

/** The value at quantile `q` (0..1) of an ascending array (nearest rank). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

/**
 * Runs every worker in a closed loop: `warmupSeconds` unmeasured, then `seconds` measured. A call
 * that throws counts as an error (its latency is still recorded) and the worker goes on.
 *
 * With `pace` (calls per second per worker), each worker starts a call every 1/pace s from a
 * random phase, or at once when the previous reply came later than that: an agent that thinks
 * between calls, never more than one call in flight.
 */
export async function runLoop(workers: readonly Call[], seconds: number, warmupSeconds = 1, pace = 0): Promise<LoopResult> {
  const periodMs = pace > 0 ? 1000 / pace : 0;
  const spin = async (call: Call, until: number, samples: number[] | undefined, errors: { n: number }): Promise<void> => {
    let next = performance.now() + Math.random() * periodMs;
    while (performance.now() < until) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (performance.now() >= until) break;
      const t0 = performance.now();
      next = Math.max(next + periodMs, t0);
      try {
        await call();
      } catch {
        errors.n++;
      }
      samples?.push(performance.now() - t0);
    }
  };
  const ignored = { n: 0 };
  const warmEnd = performance.now() + warmupSeconds * 1000;
  await Promise.all(workers.map((w) => spin(w, warmEnd, undefined, ignored)));
  const samples: number[] = [];
  const errors = { n: 0 };
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(workers.map((w) => spin(w, end, samples, errors)));
  const wall = (performance.now() - t0) / 1000;
  const sorted = Float64Array.from(samples).sort();
  let sum = 0;
  for (const s of sorted) sum += s;
  return {
    concurrency: workers.length,
    seconds: wall,
    calls: samples.length,
    errors: errors.n,
    callsPerSecond: samples.length / wall,
    medianMs: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
    maxMs: sorted.length > 0 ? sorted[sorted.length - 1] : NaN,
    meanMs: samples.length > 0 ? sum / samples.length : NaN,
  };
}

/** The machine the figures were taken on; the load average matters on a shared machine. */
export interface Machine {
  readonly cores: number;
  readonly cpu: string;
  readonly node: string;
  readonly platform: string;
  readonly loadAverage: readonly number[];
}

export function machine(): Machine {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

export const fmt = (n: number, digits = 2): string => (Number.isFinite(n) ? n.toFixed(digits) : '-');
