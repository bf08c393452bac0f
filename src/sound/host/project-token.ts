import { digest } from '../../engine/guards.js';
import { refuse } from '../model/errors.js';
import type { SoundHost } from './host.js';

/**
 * 64-hex digest over the project identity, the flat inventory (ids, names, types, parents,
 * mute, arm), the mix (volume, pan, sends), the selected target, tempo, meter, the arranger loop's enabled/start/duration,
 * every arranger clip (position, length, loop geometry and flag, notes, an audio clip's sample) and the recording
 * state. Not covered: play position, playing, project_save_pending, meters, device state.
 */
export function projectToken(host: SoundHost): string {
  const p = host.project;
  const flat = p.flatTracks();
  return digest({
    kind: 'project',
    host: host.nonce,
    project: p.id,
    name: p.name,
    inventory: flat.map((f) => [f.track.id, f.track.name, f.track.type, f.parent?.id ?? null, f.track.mute.isOn(), f.track.arm.isOn()]),
    mix: flat.map((f) => [f.track.volume.getBaseValue(), f.track.pan.getBaseValue(), f.track.sends.map((s) => [s.target.id, s.levelDb, s.preFader])]),
    selected_target: host.selection.track()?.id ?? null,
    tempo: p.tempo.getBaseValue(),
    meter: [p.meterNumerator.getBaseValue(), p.meterDenominator.getBaseValue()],
    arranger_loop: [p.loopEnabled.isOn(), p.loopStart.getBaseValue(), p.loopDuration.getBaseValue()],
    arranger: flat.map((f) =>
      f.track.clips.items.map((c) => [
        c.id,
        c.start,
        c.length,
        c.loopEnabled.isOn(),
        c.loopStart,
        c.loopLength,
        c.notesDigest,
        ...(c.audio !== null ? [c.audio] : []),
      ]),
    ),
    recording: host.transport.recording,
  });
}

/** The guard of every song write: the exact project_token the caller observed. */
export function checkToken(host: SoundHost, token: string): void {
  if (token !== projectToken(host))
    throw refuse(
      'stale',
      'stale_project_token',
      'project_token no longer matches: the project, its selection or its recording state changed since it was read. Re-read song-state, then decide ' +
        'again; never replay blindly.',
    );
}

export function refuseRecording(host: SoundHost, what: string): void {
  if (host.transport.recording)
    throw refuse('invalid_argument', 'recording', `recording is active, so ${what} is refused; stop the transport first (song-transport-stop)`);
}
