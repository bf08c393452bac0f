/**
 * The mixer's laws, declared once so the model, the wire and the audio engine agree.
 *
 * Fader law (track volume): the stored value is the protocol's normalized fader position
 * v ∈ [0, 1]; its gain is 2·v³ (amplitude). So v = 0 is −∞ dB, v = 2^(−1/3) ≈ 0.7937 is 0 dB and
 * v = 1 is +6.02 dB (20·log10 2), as on the host the contract models.
 *
 * Sends: a level in dB, −96…+6 (gain 10^(dB/20)); no send means no signal. A pre-fader send
 * taps the track before its volume and pan; a post-fader one after them (mute silences both).
 */
export const FADER_MAX_DB = 20 * Math.log10(2);
export const SEND_DB_MIN = -96;
export const SEND_DB_MAX = 6;

export function faderGain(v: number): number {
  return 2 * v * v * v;
}

/** The fader position's level in dB; −Infinity at 0. */
export function faderDb(v: number): number {
  return v <= 0 ? -Infinity : 20 * Math.log10(faderGain(v));
}

/** The fader position that gives `db` (−Infinity → 0); undefined above +6.02 dB or for NaN. */
export function faderFromDb(db: number): number | undefined {
  if (Number.isNaN(db) || db > FADER_MAX_DB + 1e-9) return undefined;
  if (db === -Infinity) return 0;
  return Math.min(1, Math.cbrt(Math.pow(10, db / 20) / 2));
}

export const dbGain = (db: number): number => Math.pow(10, db / 20);

/** "+0.2 dB", "-6 dB", "-inf dB". */
export function dbDisplay(db: number): string {
  if (db === -Infinity) return '-inf dB';
  const r = Math.round(db * 10) / 10;
  return `${r > 0 ? '+' : ''}${r === 0 ? 0 : r} dB`;
}
