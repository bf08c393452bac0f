// A leader with outputs of its own presents each frame when the render nodes do (docs/cluster.md,
// "Presenting frames together"): its engine, surfaces and log run as they did, and only its packets
// (sync packets included) wait in the outputs' network thread until the frame's wall clock plus the
// delay, so its fixtures and the render nodes' change together. A node that follows the log renders
// each frame at that time already and sends at once.

/** When a frame run at `wallMs` (epoch ms) leaves a node's outputs: a leader's at `wallMs` + `delayMs`; undefined, at once. */
export function presentAt(leading: boolean, wallMs: number, delayMs: number): number | undefined {
  return leading && delayMs > 0 ? wallMs + delayMs : undefined;
}
