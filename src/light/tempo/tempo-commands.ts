import type { Command } from '../../engine/commands/command.js';
import type { Graph } from '../../engine/graph.js';
import type { Tempo } from './tempo.js';

/**
 * A tap on the tempo (LX's tap): restarts the beat; from the fourth tap within 2 s of each
 * other the bpm follows the taps. Undo puts the bpm back (the beat position moves on).
 */
export class TapTempo implements Command {
  readonly label = 'Tap Tempo';
  private bpmBefore = 0;
  private bpmAfter: number | undefined;
  constructor(
    private readonly tempoId: number,
    private readonly now: () => number,
  ) {}

  perform(g: Graph): void {
    const tempo = g.require(this.tempoId) as Tempo;
    this.bpmBefore = tempo.bpm.getBaseValue();
    if (this.bpmAfter === undefined) {
      tempo.tapAt(this.now());
      this.bpmAfter = tempo.bpm.getBaseValue();
    } else {
      // Redo: the same result as the tap, without counting another tap.
      tempo.bpm.setValue(this.bpmAfter);
      tempo.restartBeat(0);
    }
  }

  undo(g: Graph): void {
    (g.require(this.tempoId) as Tempo).bpm.setValue(this.bpmBefore);
  }
}
