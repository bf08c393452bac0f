// The render priority. The engine thread runs every frame, and on a machine it shares with
// agents, their clients and V8's own compiler threads, a frame starts late whenever the scheduler
// runs one of those instead. At `high`, Footlight asks the OS to favour the engine thread
// (nice −10) before it starts the threads that share its work (render helpers, the LED sender,
// live audio), which inherit it on Linux; analysis workers drop back to normal (lowerToNormal).
// Raising a priority needs a privilege; without it the show runs at normal priority and says why.
import { getPriority, setPriority } from 'node:os';

export const RENDER_PRIORITIES = ['normal', 'high'] as const;
export type RenderPriority = (typeof RENDER_PRIORITIES)[number];

/** The nice value of `high`: well above every normal thread, still below the system's own (−20). */
const HIGH_PRIORITY_NICE = -10;

/** What the engine thread runs at after setRenderPriority. */
export interface RenderPriorityResult {
  readonly requested: RenderPriority;
  /** The engine thread's nice value (lower runs first; 0 is normal). */
  readonly nice: number;
  /** Its nice value before, which restoreRenderPriority puts back. */
  readonly before: number;
  /** Why `high` could not be set; absent when it was, or when `normal` was asked for. */
  readonly refused?: string;
}

const PRIVILEGE_HINT =
  'raising a thread priority needs root, CAP_SYS_NICE (`sudo setcap cap_sys_nice+ep "$(command -v node)"`) or a nice limit (`- nice -10` in ' +
  '/etc/security/limits.conf)';

/**
 * Sets the calling thread's priority (on Linux the nice value is per thread; elsewhere it may be
 * the process's). `normal` leaves the priority as it is, so a show started under `nice` keeps it.
 */
export function setRenderPriority(requested: RenderPriority): RenderPriorityResult {
  const before = getPriority();
  if (requested === 'normal' || before <= HIGH_PRIORITY_NICE) return { requested, nice: before, before };
  try {
    setPriority(HIGH_PRIORITY_NICE);
    return { requested, nice: getPriority(), before };
  } catch (err) {
    // Node's SystemError carries the errno name (EACCES, EPERM) in `info`.
    const code = (err as { info?: { code?: string } }).info?.code ?? (err as NodeJS.ErrnoException).code ?? (err as Error).name;
    return { requested, nice: before, before, refused: `${code}: ${PRIVILEGE_HINT}` };
  }
}

/** The priority a thread at this result's nice value runs at: high when above normal. */
export function priorityOf(result: RenderPriorityResult): RenderPriority {
  return result.nice < 0 ? 'high' : 'normal';
}

/** When the show closes: the calling thread's priority as it was before setRenderPriority (lowering needs no privilege). */
export function restoreRenderPriority(result: RenderPriorityResult): void {
  if (result.nice < result.before) lowerTo(result.before);
}

/** In a worker started by a high-priority thread: back to normal priority. */
export function lowerToNormal(): void {
  if (getPriority() < 0) lowerTo(0);
}

function lowerTo(nice: number): void {
  try {
    setPriority(nice);
  } catch {
    // lowering a priority is never refused on Linux or macOS; elsewhere the thread keeps running as it was
  }
}
