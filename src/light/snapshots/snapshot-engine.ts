import { LXComponent } from '../lx-component.js';

/** Global snapshots (LX's LXSnapshotEngine) at `/lx/snapshots`. */
export class SnapshotEngine extends LXComponent {
  readonly lxClass = 'heronarts.lx.snapshot.LXSnapshotEngine';

  constructor() {
    super('Snapshots');
  }

  /** Advances a running snapshot transition or auto-cycle; runs after global modulators. */
  loop(_deltaMs: number): void {}
}
