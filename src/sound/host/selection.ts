import type { Graph } from '../../engine/graph.js';
import { digest } from '../../engine/guards.js';
import { refuse } from '../model/errors.js';
import { chainOf, Device, Track, type SoundProject } from '../model/components.js';
import { trackOf } from '../model/payloads.js';

/** The selection guard of a reply: a token over the selected identity, or null with the reason. */
interface SelectionGuard {
  readonly selection_token: string | null;
  readonly selection_guard_available: boolean;
  readonly reason?: string;
}

/**
 * What the host has selected: one track and one device of it (either may be none), by id, so a
 * selection whose object is removed drops out by itself. Runtime state: not part of the document
 * and not undoable, as in the host it models.
 */
export class Selection {
  private trackId: number | null = null;
  private deviceId: number | null = null;

  constructor(
    private readonly graph: Graph,
    private readonly project: () => SoundProject,
    /** Distinguishes the host instance: tokens from an earlier run never match (a cluster's nodes share it). */
    private readonly nonce: () => string,
  ) {}

  /** The selected ids, as they stand (for fingerprints and the `selected` flags of payloads). */
  get ids(): { readonly trackId: number | null; readonly deviceId: number | null } {
    return { trackId: this.trackId, deviceId: this.deviceId };
  }

  private attached(id: number | null): unknown {
    if (id === null) return undefined;
    const c = this.graph.get(id);
    return c !== undefined && this.project().contains(c) ? c : undefined;
  }

  /** The selected track, or null (a selection whose object is gone is dropped). */
  track(): Track | null {
    const t = this.attached(this.trackId);
    if (t instanceof Track) return t;
    this.trackId = null;
    this.deviceId = null;
    return null;
  }

  /** The selected device of the selected track, or null. */
  device(): Device | null {
    const track = this.track();
    const d = this.attached(this.deviceId);
    if (track !== null && d instanceof Device && trackOf(d) === track) return d;
    this.trackId = track?.id ?? null;
    this.deviceId = null;
    return null;
  }

  /** Selects a track and one of its devices (its first by default). */
  selectTrack(t: Track | null, device: Device | null = t?.devices.at(0) ?? null): void {
    this.trackId = t?.id ?? null;
    this.deviceId = device?.id ?? null;
  }

  /** Selects a device and the track it belongs to; null keeps the track and selects no device. */
  selectDevice(d: Device | null): void {
    const t = d === null ? this.track() : trackOf(d);
    this.trackId = t?.id ?? null;
    this.deviceId = d?.id ?? null;
  }

  /** The first Grid device, so graph commands have something to act on; else the first track. */
  selectDefault(): void {
    const flat = this.project().flatTracks();
    for (const f of flat) {
      const grid = f.track.devices.items.find((d) => d.grid !== null);
      if (grid !== undefined) return this.selectTrack(f.track, grid);
    }
    this.selectTrack(flat[0]?.track ?? null);
  }

  requireTrack(): Track {
    const t = this.track();
    if (t === null) throw refuse('not_found', 'no_selection', 'no track is selected; select one with track INDEX or track-first');
    return t;
  }

  requireDevice(): Device {
    const d = this.device();
    if (d === null)
      throw refuse(
        'not_found',
        'no_selection',
        this.track() === null
          ? 'no track is selected; select one with track INDEX, then device-first'
          : 'no device is selected on the selected track; use device-first or device-primary',
      );
    return d;
  }

  /** 64-hex digest over the exact selected native identity; null with a reason when nothing is selected. */
  guard(): SelectionGuard {
    const track = this.track();
    if (track === null)
      return { selection_token: null, selection_guard_available: false, reason: 'no track is selected; select one with track INDEX or track-first' };
    const device = this.device();
    const chain = device === null ? null : chainOf(device);
    const token = digest({
      kind: 'selection',
      host: this.nonce(),
      track_id: track.id,
      track_type: track.type,
      device_id: device?.id ?? null,
      device_uuid: device?.spec.uuid ?? null,
      chain_owner_id: chain?.owner.id ?? null,
      slot: chain?.slot ?? null,
    });
    return { selection_token: token, selection_guard_available: true };
  }

  /** Refuses unless `token` is the selection guard of the selection as it stands now. */
  checkToken(token: string): void {
    const guard = this.guard();
    if (guard.selection_token === null)
      throw refuse('invalid_argument', 'no_selection', `${guard.reason ?? 'nothing is selected'}; then read selection_token from devices or inspect`);
    if (guard.selection_token !== token)
      throw refuse(
        'stale',
        'stale_selection_token',
        'selection_token no longer matches the selected track and device: the selection or the device changed. ' +
          'Re-read devices or inspect, then decide again.',
      );
  }
}
