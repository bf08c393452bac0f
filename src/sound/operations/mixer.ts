import { CompoundCommand, type Command } from '../../engine/commands/command.js';
import { SetParameter } from '../../engine/commands/set-parameter.js';
import { invalidArgument } from '../../engine/errors.js';
import { SetSends, sendRefs, type SendRef } from '../model/commands.js';
import { refuse } from '../model/errors.js';
import type { Origin } from '../../engine/commands/history.js';
import type { Payload, SoundHost } from '../host/host.js';
import { checkToken, refuseRecording } from '../host/project-token.js';
import { faderFromDb, FADER_MAX_DB, SEND_DB_MAX, SEND_DB_MIN } from '../model/mix.js';
import type { Track } from '../model/components.js';
import { mixPayload, sendPayload } from '../model/payloads.js';
import { trackAt } from './common.js';

/**
 * Mixer operations over the host: a track's fader and pan, and its sends to effect tracks. Both
 * are token-guarded song writes (the project token covers the mix) and one undo step each.
 */

/** A fader write: a normalized position (the protocol's 0–1 scale) or a level in dB. */
export type VolumeArg = { readonly normalized: number } | { readonly db: number } | 'keep';

function faderTarget(v: VolumeArg, index: number): number | undefined {
  if (v === 'keep') return undefined;
  if ('normalized' in v) {
    if (!Number.isFinite(v.normalized) || v.normalized < 0 || v.normalized > 1)
      throw refuse('invalid_argument', 'out_of_range', `VOLUME takes the normalized fader position 0–1 or a level such as -6dB; got ${v.normalized}`);
    return v.normalized;
  }
  const n = faderFromDb(v.db);
  if (n === undefined)
    throw refuse(
      'invalid_argument',
      'out_of_range',
      `VOLUME in dB goes up to +${FADER_MAX_DB.toFixed(2)} dB (the fader's top) for track ${index}; got ${v.db} dB`,
    );
  return n;
}

export function trackMix(host: SoundHost, origin: Origin, token: string, index: number, volume: VolumeArg, pan: number | 'keep'): Payload {
  checkToken(host, token);
  refuseRecording(host, 'changing the mix');
  const t = trackAt(host, index);
  const v = faderTarget(volume, index);
  if (pan !== 'keep' && (!Number.isFinite(pan) || pan < -1 || pan > 1))
    throw refuse('invalid_argument', 'out_of_range', `PAN takes −1 (left) … 1 (right); got ${pan}`);
  const steps: Command[] = [];
  if (v !== undefined && t.volume.getBaseValue() !== v) steps.push(new SetParameter(t.volume, v));
  if (pan !== 'keep' && t.pan.getBaseValue() !== pan) steps.push(new SetParameter(t.pan, pan));
  if (steps.length > 0)
    host.perform(
      origin,
      new CompoundCommand(`Change ${t.name} mix`, steps),
      () => (v === undefined || t.volume.getBaseValue() === v) && (pan === 'keep' || t.pan.getBaseValue() === pan),
    );
  return { status: 'completed', operation: 'track_mix', track_index: index, track_id: t.id, changed: steps.length > 0, read_back: true, ...mixPayload(t) };
}

export function trackSend(
  host: SoundHost,
  origin: Origin,
  token: string,
  index: number,
  fxIndex: number,
  level: number | 'off' | 'keep',
  preFader: boolean | 'keep',
): Payload {
  checkToken(host, token);
  refuseRecording(host, 'changing a send');
  const t = trackAt(host, index);
  if (!t.canSend)
    throw invalidArgument(
      `track ${index} (${t.name}) is ${t.type === 'master' ? 'the master track' : 'an effect track'}; only instrument, audio, hybrid and group tracks send`,
    );
  const target = trackAt(host, fxIndex);
  if (target.type !== 'effect')
    throw invalidArgument(
      `FX_INDEX ${fxIndex} (${target.name}) is not an effect track (its type is ${target.type}); sends go to effect tracks (type effect in tracks)`,
    );
  if (typeof level === 'number' && (!Number.isFinite(level) || level < SEND_DB_MIN || level > SEND_DB_MAX))
    throw refuse('invalid_argument', 'out_of_range', `LEVEL_DB takes ${SEND_DB_MIN}…+${SEND_DB_MAX} dB, off or keep; got ${level}`);
  const before = sendRefs(t);
  const at = before.findIndex((s) => s.targetId === target.id);
  const current = at < 0 ? null : before[at];
  if (level === 'keep' && current === null) throw invalidArgument(`track ${index} has no send to ${target.name} to keep; give LEVEL_DB to create one`);
  let next: SendRef[];
  if (level === 'off') next = before.filter((s) => s.targetId !== target.id);
  else {
    const send: SendRef = {
      targetId: target.id,
      levelDb: level === 'keep' ? current!.levelDb : level,
      preFader: preFader === 'keep' ? (current?.preFader ?? false) : preFader,
    };
    next = at < 0 ? [...before, send] : before.map((s, i) => (i === at ? send : s));
  }
  const previous = at < 0 ? null : sendPayload(t.sends[at]);
  const changed = JSON.stringify(next) !== JSON.stringify(before);
  if (changed)
    host.perform(
      origin,
      new SetSends(`${level === 'off' ? 'Remove' : 'Set'} send ${t.name} → ${target.name}`, t.id, next),
      () => JSON.stringify(sendRefs(t)) === JSON.stringify(next),
    );
  const now = t.sends.find((s) => s.target === target);
  return {
    status: 'completed',
    operation: 'track_send',
    track_index: index,
    track_id: t.id,
    fx_index: fxIndex,
    target_track_id: target.id,
    previous,
    send: now === undefined ? null : sendPayload(now),
    changed,
    read_back: true,
  };
}

/** Commands that drop every send to `target` (run before the effect track is deleted). */
export function dropSendsTo(host: SoundHost, target: Track): Command[] {
  const out: Command[] = [];
  for (const f of host.flat()) {
    if (!f.track.sends.some((s) => s.target === target)) continue;
    out.push(
      new SetSends(
        `Remove send ${f.track.name} → ${target.name}`,
        f.track.id,
        sendRefs(f.track).filter((s) => s.targetId !== target.id),
      ),
    );
  }
  return out;
}
