import { digest } from '../engine/guards.js';
import { invalidArgument, notFound, stale } from '../engine/errors.js';
import type { CallAuthority, Guard, WritePlan } from './authorization.js';
import type { Reply } from '../protocol3/replies/index.js';
import type { AdapterCore } from './core.js';
import type { WriteResult } from './results.js';
import type { ShapingStore } from './shaping.js';
import { b64, bool, num, toMcp, toNative } from './wire.js';

/**
 * Device, selection, action and history writes. Each one reads the state it depends on, builds
 * the exact protocol-3 line, and binds authorization to that state: the selection token for
 * device edits and control writes, the selection for navigation and actions, the undo history
 * for undo/redo.
 */

type TrackMove = 'first' | 'next' | 'previous';
type DeviceMove = 'next' | 'previous' | 'parent' | 'first' | 'primary';
type InsertPosition = 'before' | 'after' | 'start' | 'end' | 'replace';

const OBSERVE_SELECTION = 'sound_inspect_device and sound_list_tracks';
const OBSERVE_DEVICE = 'sound_get_device_state and sound_list_device_window';

function deviceLabel(device: { readonly name: string; readonly instance_id: number }): string {
  return `${device.name} (instance ${device.instance_id})`;
}

function selectionGuard(inspect: Reply<'inspect'>): Guard {
  return { kind: 'selection', value: inspect.selection_token ?? 'none', source: 'fresh_read' };
}

function where(inspect: Reply<'inspect'>): Record<string, unknown> {
  const { track, device } = inspect;
  const out: Record<string, unknown> = {};
  if (track !== null) out.track = { index: track.index, track_id: track.track_id, name: track.name, type: track.type };
  if (device !== null) out.device = { instance_id: device.instance_id, name: device.name, uuid: device.uuid, position: device.position };
  return out;
}

/** The selection token a device edit binds to: the caller's reviewed one, else a fresh read (said so). */
function tokenGuard(fresh: string | null, reviewed: string | undefined): Guard {
  if (fresh === null)
    throw invalidArgument(
      'the host offers no selection guard right now (nothing selected, or selection_guard_available: false), and a missing guard authorizes no edit. Select ' +
        'a track/device first. Nothing was sent.',
    );
  if (reviewed !== undefined && reviewed !== fresh)
    throw stale(
      `selection_token ${reviewed} is not the current one (${fresh}): the selection changed since you read it. Re-read with sound_list_device_window, then ` +
        `decide. Nothing was sent.`,
    );
  return { kind: 'selection_token', value: fresh, source: reviewed === undefined ? 'fresh_read' : 'caller' };
}

/** The selected device for an edit (`purpose` words a failed read), and the selection token the edit binds to; none selected is not_found. */
async function selectedDevice(
  core: AdapterCore,
  purpose: string,
  reviewed: string | undefined,
): Promise<{ state: Reply<'state'>; device: NonNullable<Reply<'state'>['device']>; guard: Guard }> {
  const state = await core.need('state', purpose);
  if (state.device === null) throw notFound('no device is selected; select one with sound_select_track or sound_navigate_device. Nothing was sent.');
  return { state, device: state.device, guard: tokenGuard(state.selection_token, reviewed) };
}

const FRESH_TOKEN_NOTE =
  'selection_token was not given: the adapter read a fresh one, which guards the dispatch but does not bind the write to an older selection you reviewed. ' +
  'Pass the token you reviewed to bind it.';

export class DeviceWorkflows {
  constructor(
    private readonly core: AdapterCore,
    private readonly shaping: ShapingStore,
  ) {}

  /** `set` / `batch` on the selected device's exposed controls; values on the MCP 0–128 scale. */
  async setControls(
    args: { controls: readonly { index: number; value: number }[]; shaping_session_id?: string; selection_token?: string },
    raw: Record<string, unknown>,
    authority: CallAuthority,
  ): Promise<WriteResult> {
    const seen = new Set<number>();
    for (const c of args.controls) {
      if (seen.has(c.index)) throw invalidArgument(`controls: index ${c.index} appears twice; give each control once`);
      seen.add(c.index);
    }
    let before: Record<number, { mcp: number; display: string; name: string }> = {};
    const plan = async (): Promise<WritePlan> => {
      const { state, device, guard } = await selectedDevice(this.core, 'writing exposed controls reads the selected device', args.selection_token);
      if (args.shaping_session_id !== undefined) this.shaping.checkStep(args.shaping_session_id, state.selection_token);
      const controls = state.controls;
      const changes = args.controls.map((c) => {
        const current = controls.find((x) => x.index === c.index);
        if (current === undefined || !current.exists) {
          const mapped = controls.flatMap((x) => (x.exists ? [`${x.index} ${x.name}`] : [])).join(', ');
          throw invalidArgument(`control ${c.index} is not mapped on ${deviceLabel(device)}; mapped controls: ${mapped || 'none'}. Nothing was sent.`);
        }
        return {
          index: c.index,
          name: current.name,
          from: { mcp_value: toMcp(current.value), value: current.value, display: current.display },
          to: { mcp_value: c.value, value: toNative(c.value) },
        };
      });
      before = Object.fromEntries(changes.map((c) => [c.index, { mcp: c.from.mcp_value, display: c.from.display, name: c.name }]));
      const line =
        args.controls.length === 1
          ? `set ${args.controls[0].index} ${num(toNative(args.controls[0].value), 'value')}`
          : `batch ${args.controls.map((c) => `${c.index}=${num(toNative(c.value), 'value')}`).join(' ')}`;
      return {
        line,
        guard,
        summary:
          `On ${deviceLabel(device)}: ${changes.map((c) => `${c.name} (${c.index}) ${String(c.from.display)} → ${c.to.mcp_value}/128`).join('; ')}. ` +
          `Undoable.`,
        preview: {
          device: { instance_id: device.instance_id, track_id: device.track_id, name: device.name },
          changes,
          scale: 'MCP 0–128 (native 0–1 = value / 128)',
        },
      };
    };
    const result = await this.core.write({
      tool: 'sound_set_controls',
      args: raw,
      authority,
      plan,
      observe: OBSERVE_DEVICE,
      notes: (p) => (p.guard.source === 'fresh_read' ? [FRESH_TOKEN_NOTE] : []),
    });
    if (result.native !== undefined && result.native.ok === true) {
      const written = args.controls.length === 1 ? [this.core.replyOf('set', result.native)] : this.core.replyOf('batch', result.native).results;
      result.controls = written.map((w) => ({
        index: w.index,
        name: w.name ?? before[w.index]?.name,
        mcp_value: toMcp(w.value),
        value: w.value,
        display: w.display,
      }));
    }
    if (args.shaping_session_id !== undefined && (result.status === 'completed' || result.status === 'requires_observation' || result.status === 'refused')) {
      const session = this.shaping.session(args.shaping_session_id);
      const after = (result.controls ?? []) as { index: number; mcp_value: number; display: string }[];
      this.shaping.record(session, {
        command: result.command,
        outcome: result.status,
        controls: args.controls.map((c) => {
          const a = after.find((x) => x.index === c.index);
          const out: { index: number; name: string; before_mcp?: number; after_mcp?: number; display?: string } = {
            index: c.index,
            name: before[c.index]?.name ?? '',
          };
          if (before[c.index] !== undefined) out.before_mcp = before[c.index].mcp;
          if (a !== undefined) {
            out.after_mcp = a.mcp_value;
            out.display = a.display;
          }
          return out;
        }),
      });
      result.shaping_session = { shaping_session_id: session.shaping_session_id, steps: session.steps.length, state: session.state };
    }
    return result;
  }

  /** `device-param-set`: any native parameter of the selected device, by exact id and native value. */
  async setParameter(
    args: { parameter_id: string; value: number | boolean; selection_token?: string },
    raw: Record<string, unknown>,
    authority: CallAuthority,
  ): Promise<WriteResult> {
    const plan = async (): Promise<WritePlan> => {
      const { state, device, guard } = await selectedDevice(this.core, 'writing a device parameter reads the selected device', args.selection_token);
      const parameters = state.parameters ?? [];
      const p = parameters.find((x) => x.id === args.parameter_id);
      if (p === undefined)
        throw notFound(
          `${deviceLabel(device)} has no parameter with the exact id ${JSON.stringify(args.parameter_id)}; its ids: ${
            parameters.map((x) => JSON.stringify(x.id)).join(', ') || 'none'
          }. Nothing was sent.`,
        );
      const value = typeof args.value === 'boolean' ? bool(args.value) : num(args.value, 'value');
      return {
        line: `device-param-set ${b64(args.parameter_id)} ${value} ${guard.value}`,
        guard,
        summary: `On ${deviceLabel(device)}: ${p.name} ${p.display} (native ${JSON.stringify(p.value)}) → native ${value}. Undoable.`,
        preview: {
          device: { instance_id: device.instance_id, track_id: device.track_id, name: device.name },
          parameter: { id: p.id, name: p.name, type: p.type, min: p.min, max: p.max, options: p.options, integer: p.integer },
          from: { value: p.value, display: p.display },
          to: { value: args.value },
        },
      };
    };
    return this.core.write({
      tool: 'sound_set_device_parameter',
      args: raw,
      authority,
      plan,
      observe: OBSERVE_DEVICE,
      notes: (p) => (p.guard.source === 'fresh_read' ? [FRESH_TOKEN_NOTE] : []),
    });
  }

  /** `sampler-zones`: the selected Sampler's sample zones (paths relative to the host's sample folder); [] returns it to its kit. */
  async setSamplerZones(
    args: { zones: readonly Record<string, unknown>[]; selection_token?: string },
    raw: Record<string, unknown>,
    authority: CallAuthority,
  ): Promise<WriteResult> {
    const plan = async (): Promise<WritePlan> => {
      const { device, guard } = await selectedDevice(this.core, 'setting sample zones reads the selected device', args.selection_token);
      const shown = args.zones.length === 0 ? 'no zones (its built-in kit)' : args.zones.map((z) => JSON.stringify(z.sample)).join(', ');
      return {
        line: `sampler-zones ${b64(JSON.stringify(args.zones))} ${guard.value}`,
        guard,
        summary: `On ${deviceLabel(device)}: play ${shown}. Undoable.`,
        preview: { device: { instance_id: device.instance_id, track_id: device.track_id, name: device.name }, zones: args.zones },
      };
    };
    return this.core.write({
      tool: 'sound_set_sampler_zones',
      args: raw,
      authority,
      plan,
      observe: OBSERVE_DEVICE,
      notes: (p) => (p.guard.source === 'fresh_read' ? [FRESH_TOKEN_NOTE] : []),
    });
  }

  async selectTrack(args: { index?: number; move?: TrackMove }, raw: Record<string, unknown>, authority: CallAuthority): Promise<WriteResult> {
    if ((args.index === undefined) === (args.move === undefined))
      throw invalidArgument('give exactly one of index (0–63, from sound_list_tracks) or move (first, next, previous)');
    const plan = async (): Promise<WritePlan> => {
      const inspect = await this.core.need('inspect', 'selecting a track reads the current selection');
      let target: TrackMove | { index: number; track_id: number; name: string; type: string } | undefined = args.move;
      if (args.index !== undefined) {
        const { tracks } = await this.core.need('tracks', 'selecting a track reads the bank');
        const t = tracks.find((x) => x.index === args.index);
        if (t === undefined)
          throw notFound(`no track at bank index ${args.index}; the bank holds ${tracks.length} (indexes 0–${tracks.length - 1}). Nothing was sent.`);
        target = { index: t.index, track_id: t.track_id, name: t.name, type: t.type };
      }
      const line = args.index !== undefined ? `track ${args.index}` : `track-${args.move}`;
      return {
        line,
        guard: selectionGuard(inspect),
        summary:
          `Select ${typeof target === 'object' ? `track ${target.index} (${target.name})` : `the ${args.move} track`} and its first device. ` +
          `Changes the selection only: not an undo step.`,
        preview: { current: where(inspect), target },
      };
    };
    return this.core.write({ tool: 'sound_select_track', args: raw, authority, plan, observe: OBSERVE_SELECTION, needsAuthorization: false });
  }

  async navigateDevice(args: { move: DeviceMove }, raw: Record<string, unknown>, authority: CallAuthority): Promise<WriteResult> {
    const line = args.move === 'first' || args.move === 'primary' ? `device-${args.move}` : args.move;
    const plan = async (): Promise<WritePlan> => {
      const inspect = await this.core.need('inspect', 'device navigation reads the current selection');
      return {
        line,
        guard: selectionGuard(inspect),
        summary: `Move the device selection: ${args.move}. Changes the selection only: not an undo step.`,
        preview: { current: where(inspect), move: args.move },
      };
    };
    return this.core.write({ tool: 'sound_navigate_device', args: raw, authority, plan, observe: OBSERVE_SELECTION, needsAuthorization: false });
  }

  async toggleEditor(raw: Record<string, unknown>, authority: CallAuthority): Promise<WriteResult> {
    const plan = async (): Promise<WritePlan> => {
      const inspect = await this.core.need('inspect', 'the device editor needs the selected device');
      const device = inspect.device;
      if (device === null) throw notFound('no device is selected; nothing was sent');
      return {
        line: 'device-editor',
        guard: selectionGuard(inspect),
        summary: `${device.window_open ? 'Close' : 'Open'} the editor window of ${deviceLabel(device)}. Not an undo step.`,
        preview: { device: where(inspect).device, window_open: device.window_open },
      };
    };
    return this.core.write({ tool: 'sound_toggle_device_editor', args: raw, authority, plan, observe: OBSERVE_SELECTION, needsAuthorization: false });
  }

  async insertDevice(
    args: { position: InsertPosition; uuid: string; selection_token?: string },
    raw: Record<string, unknown>,
    authority: CallAuthority,
  ): Promise<WriteResult> {
    const plan = async (): Promise<WritePlan> => {
      const devices = await this.core.need('devices', 'inserting a device reads the selection');
      const guard = tokenGuard(devices.selection_token, args.selection_token);
      const catalog = (await this.core.need('device-catalog', 'inserting a device looks its UUID up')).devices;
      const entry = catalog.find((d) => d.uuid === args.uuid);
      if (entry === undefined)
        throw notFound(
          `${args.uuid} is not an installed device UUID (sound_search_devices lists them; Grid module and modulator UUIDs are other namespaces). Nothing ` +
            `was sent.`,
        );
      const window = devices.devices;
      const selected = window.find((d) => d.selected);
      const track = devices.track;
      return {
        line: `insert ${args.position} ${args.uuid} ${guard.value}`,
        guard,
        summary:
          `Insert ${entry.name} (${entry.kind}) ` +
          (args.position === 'start' || args.position === 'end'
            ? `at the ${args.position} of ${track.name}'s chain`
            : `${args.position} ${selected === undefined ? 'the selected device' : deviceLabel(selected)}`) +
          '. Undoable.',
        preview: {
          track,
          ...(selected === undefined ? {} : { selected_device: selected }),
          position: args.position,
          device: entry,
          chain_window: window.map((d) => ({ position: d.position, name: d.name, instance_id: d.instance_id })),
        },
      };
    };
    return this.core.write({
      tool: 'sound_insert_device',
      args: raw,
      authority,
      plan,
      observe: OBSERVE_DEVICE,
      notes: (p) => (p.guard.source === 'fresh_read' ? [FRESH_TOKEN_NOTE] : []),
    });
  }

  async removeDevice(args: { selection_token?: string }, raw: Record<string, unknown>, authority: CallAuthority): Promise<WriteResult> {
    const plan = async (): Promise<WritePlan> => {
      const inspect = await this.core.need('inspect', 'removing a device reads the selection');
      const device = inspect.device;
      if (device === null) throw notFound('no device is selected, so there is nothing to remove. Nothing was sent.');
      const guard = tokenGuard(inspect.selection_token, args.selection_token);
      return {
        line: `device-remove ${guard.value}`,
        guard,
        summary:
          `Remove ${deviceLabel(device)} from ${inspect.track?.name ?? 'its track'}` +
          (device.has_slots ? `, with everything in its slots (${JSON.stringify(device.slot_device_counts)})` : '') +
          (device.graph_available ? ' and its Grid patch' : '') +
          '. Undoable: sound_undo restores it with its ids.',
        preview: { removes: where(inspect).device, track: where(inspect).track, slots: device.slot_device_counts, grid: device.graph_available },
      };
    };
    return this.core.write({
      tool: 'sound_remove_device',
      args: raw,
      authority,
      plan,
      observe: OBSERVE_DEVICE,
      notes: (p) => (p.guard.source === 'fresh_read' ? [FRESH_TOKEN_NOTE] : []),
    });
  }

  async invokeAction(args: { action_id: string }, raw: Record<string, unknown>, authority: CallAuthority): Promise<WriteResult> {
    const plan = async (): Promise<WritePlan> => {
      const { actions } = await this.core.need('actions', 'invoking an action looks its id up');
      const action = actions.find((a) => a.id === args.action_id);
      if (action === undefined) {
        const raw = actions.find((a) => a.raw_id === args.action_id || a.name === args.action_id);
        throw notFound(
          `no action with the wire id ` +
            `${JSON.stringify(args.action_id)}${raw === undefined ? '' : `; did you mean ${JSON.stringify(raw.id)} (pass the returned id unchanged)?`} Use ` +
            `sound_list_actions. Nothing was sent.`,
        );
      }
      const inspect = await this.core.need('inspect', 'an action acts on the selection');
      return {
        line: `action ${args.action_id}`,
        guard: selectionGuard(inspect),
        summary:
          `Invoke ${action.name} on the current selection (${inspect.track?.name ?? 'no track'}). ` + `${action.undoable ? 'Undoable.' : 'Not an undo step.'}`,
        preview: { action, selection: where(inspect) },
      };
    };
    return this.core.write({ tool: 'sound_invoke_action', args: raw, authority, plan, observe: 'sound_inspect_device, sound_list_tracks and song_get_state' });
  }

  async undoRedo(which: 'undo' | 'redo', raw: Record<string, unknown>, authority: CallAuthority): Promise<WriteResult> {
    const steps = typeof raw.steps === 'number' ? raw.steps : undefined;
    const toSeq = typeof raw.toSeq === 'number' ? raw.toSeq : undefined;
    if (steps !== undefined && toSeq !== undefined) throw invalidArgument('send either steps or toSeq, not both. Nothing was sent.');
    const plan = async (): Promise<WritePlan> => {
      const h = await this.core.need('history', `${which} reads the host's history`);
      const step = which === 'undo' ? h.next_undo : h.next_redo;
      const depth = which === 'undo' ? h.undo_depth : h.redo_depth;
      if (!(which === 'undo' ? h.can_undo : h.can_redo) || step === null)
        throw invalidArgument(`nothing to ${which} in the host's history (undo depth ${h.undo_depth}, redo depth ${h.redo_depth}). Nothing was sent.`);
      // The host checks toSeq exactly; here, only the direction (undo keeps an older step, redo reaches a newer one).
      if (toSeq !== undefined && (which === 'undo' ? toSeq >= step.seq : toSeq < step.seq))
        throw invalidArgument(
          `toSeq ${toSeq} is not a step ${which} can reach: the next ${which} is seq ${step.seq}; ` +
            (which === 'undo' ? 'undo toSeq keeps an older step and takes back every step after it' : 'redo toSeq performs undone steps up to a later one') +
            ` (sound_get_history shows next_undo and next_redo). Nothing was sent.`,
        );
      const count = steps === undefined ? 1 : Math.min(steps, depth);
      const what =
        toSeq !== undefined
          ? `every step ${which === 'undo' ? 'after' : 'up to and including'} seq ${toSeq}, starting with`
          : count === 1
            ? `the host's latest ${which === 'undo' ? '' : 'undone '}step:`
            : `${count} steps, starting with`;
      return {
        line: toSeq !== undefined ? `${which} to ${toSeq}` : steps !== undefined ? `${which} steps ${steps}` : which,
        guard: {
          kind: 'history',
          value: digest({ undo_depth: h.undo_depth, redo_depth: h.redo_depth, next_undo: h.next_undo, next_redo: h.next_redo }),
          source: 'fresh_read',
        },
        summary:
          `${which === 'undo' ? 'Undo' : 'Redo'} ${what} seq ${step.seq} "${step.label}" by ` +
          `${step.surface} (${step.session ?? ''}). It is global: it may be another writer's step.`,
        preview: { step, history: { undo_depth: h.undo_depth, redo_depth: h.redo_depth, scope: h.scope } },
      };
    };
    return this.core.write({
      tool: which === 'undo' ? 'sound_undo' : 'sound_redo',
      args: raw,
      authority,
      plan,
      observe: 'sound_get_history and the state you care about',
    });
  }
}
