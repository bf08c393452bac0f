import type { DeviceDef } from './device.js';
import type { NoteFx } from './note-fx.js';
import { linear, num, semis } from './params.js';
import type { PlanParams } from './plan.js';
import type { NoteEvent } from './voices.js';

/** Note Transpose: semitones + 12 × octaves; a note-off follows its own note-on's shift. */
class NoteTranspose implements NoteFx {
  private readonly sounding = new Map<number, number[]>();
  readonly idle = true;
  constructor(private readonly p: PlanParams) {}
  process(events: readonly NoteEvent[]): NoteEvent[] {
    const shift = Math.round(this.p.SEMITONES + 12 * Math.round(this.p.OCTAVES));
    const out: NoteEvent[] = [];
    for (const e of events) {
      if (e.on) {
        const pitch = e.pitch + shift;
        if (pitch < 0 || pitch > 127) continue;
        const q = this.sounding.get(e.pitch) ?? [];
        q.push(pitch);
        this.sounding.set(e.pitch, q);
        out.push({ ...e, pitch });
      } else {
        const pitch = this.sounding.get(e.pitch)?.shift();
        if (pitch !== undefined) out.push({ ...e, pitch });
      }
    }
    return out;
  }
  reset(): NoteEvent[] {
    this.sounding.clear();
    return [];
  }
}

export const NOTE_TRANSPOSE: DeviceDef = {
  name: 'Note Transpose',
  kind: 'note_effect',
  category: 'Note FX',
  params: [semis('SEMITONES', 'Semitones', 48), num('OCTAVES', 'Octaves', -4, 4, 0, linear(''))],
  build: (d) => new NoteTranspose(d.p),
};
