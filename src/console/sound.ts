import type { Component } from '../engine/component.js';
import type { SoundHost } from '../sound/index.js';
import { state } from '../sound/operations/core.js';
import { projectToken } from '../sound/host/project-token.js';
import { graphRevision } from '../sound/operations/grid.js';
import { songStatePayload } from '../sound/operations/song.js';
import { clipPayload, connectionPayload, gridNodePayload, type Payload } from '../sound/model/payloads.js';
import type { SoundState } from './protocol.js';

/** Whether a component belongs to the sound host's tree (so its changes refresh the Sound view). */
export function inSound(host: SoundHost, c: Component | null): boolean {
  for (let p = c; p !== null; p = p.parent) if (p === host.root) return true;
  return false;
}

/**
 * The Sound view's state, read from the host's own payload builders (the same objects protocol 3
 * returns): the song (tracks, transport), the selected device's exposed controls, each track's
 * arranger clips without their notes, and the selected Grid patch when a Grid device is selected.
 * All of it is read in one engine-queue task; the controls are the host's `state`.
 */
export async function soundState(host: SoundHost): Promise<SoundState> {
  const base = await host.engine.queue.submit(
    () => {
      const song = songStatePayload(host);
      const arranger = host.flat().map((f) => ({
        index: f.index,
        track_id: f.track.id,
        clips: f.track.clips.items.map((c) => {
          const { notes: _notes, source_notes: _src, notes_truncated: _t, ...clip } = clipPayload(c, 0);
          return clip;
        }),
      }));
      let grid: Payload | null = null;
      const d = host.selection.device();
      if (d !== null && d.grid !== null) {
        const g = d.grid;
        grid = {
          device: d.label.getString(),
          revision: graphRevision(host, g),
          modules: g.modules.items.map((m) => gridNodePayload(m, g)),
          modulators: g.modulators.items.map((m) => gridNodePayload(m, g)),
          connections: g.connections.map(connectionPayload),
        };
      }
      return { song, arranger, grid, device: state(host) };
    },
    { label: 'console sound state' },
  );
  return { available: true, ...base };
}

/** The host's project token, read now: the console is the operator, who acts on what is shown. */
export function tokenOf(host: SoundHost): Promise<string> {
  return host.engine.queue.submit(() => projectToken(host), { label: 'console sound token' });
}

/** The host's selection token, read now: the console loads into the device it shows selected. */
export function selectionTokenOf(host: SoundHost): Promise<string> {
  return host.engine.queue.submit(() => host.selection.guard().selection_token ?? '', { label: 'console sound selection token' });
}
