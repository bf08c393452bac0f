// Application actions: the host's named commands (transport, editing, track creation and
// deletion), listed with percent-escaped wire ids and run by id.

import { CompoundCommand } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import { SetParameter } from '../../engine/commands/set-parameter.js';
import { invalidArgument, notFound } from '../../engine/errors.js';
import type { BooleanParameter } from '../../engine/parameters/boolean.js';
import { matchesQuery } from '../model/catalog.js';
import { RemoveNode, trackCodec } from '../model/commands.js';
import { refuse } from '../model/errors.js';
import type { SoundHost } from '../host/host.js';
import { newTrackJson, type TrackJson } from '../model/components.js';
import type { Reply } from '../../protocol3/replies/index.js';
import { flatIndexOf, trackPayloadOf } from './common.js';
import { refuseRecording } from '../host/project-token.js';
import { undoRedo } from './history.js';
import { dropSendsTo } from './mixer.js';
import { startPlayback, stopPlayback } from './song.js';
import { createTrack } from './tracks.js';

type ActionEffect = Omit<Reply<'action'>, 'action' | 'name'>;

/** An application action: a raw id, and its percent-escaped wire token. */
interface ActionDef {
  readonly id: string;
  readonly name: string;
  readonly category: string;
  readonly undoable: boolean;
  /** What the action changed: a flag's new value, a created or deleted track, the transport, the history. */
  run(host: SoundHost, origin: Origin): ActionEffect;
}

/** Percent-escapes every byte outside A–Z a–z 0–9 - . _ ~ (action wire tokens). */
function escapeActionId(id: string): string {
  return Array.from(Buffer.from(id, 'utf8'))
    .map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

const toggle = (id: string, name: string, get: (h: SoundHost) => { p: BooleanParameter; key: string }, guard?: (h: SoundHost) => void): ActionDef => ({
  id,
  name,
  category: 'Transport',
  undoable: true,
  run(h, origin) {
    guard?.(h);
    const { p, key } = get(h);
    const next = !p.isOn();
    h.perform(origin, new SetParameter(p, next), () => p.isOn() === next);
    return { [key]: p.isOn() };
  },
});

const create = (type: TrackJson['type'], label: string): ActionDef => ({
  id: `Create ${label} Track`,
  name: `Create ${label} Track`,
  category: 'Project',
  undoable: true,
  run(h, origin) {
    const n = h.flat().filter((f) => f.track.type === type).length + 1;
    const t = createTrack(h, origin, newTrackJson(`${label} ${n}`, type));
    h.selection.selectTrack(t);
    return { created: trackPayloadOf(h, t) };
  },
});

const ACTIONS: readonly ActionDef[] = [
  { id: 'Undo', name: 'Undo', category: 'Editing', undoable: false, run: (h) => undoRedo(h, 'undo', { steps: 1 }) },
  { id: 'Redo', name: 'Redo', category: 'Editing', undoable: false, run: (h) => undoRedo(h, 'redo', { steps: 1 }) },
  { id: 'Play', name: 'Play', category: 'Transport', undoable: false, run: (h) => startPlayback(h) },
  { id: 'Stop', name: 'Stop', category: 'Transport', undoable: false, run: (h) => stopPlayback(h) },
  {
    id: 'Record',
    name: 'Toggle Arranger Record',
    category: 'Transport',
    undoable: false,
    run(h) {
      h.transport.recording = !h.transport.recording;
      if (h.transport.recording) h.transport.playing = true;
      return { recording: h.transport.recording, playing: h.transport.playing };
    },
  },
  toggle('toggle_metronome', 'Toggle Metronome', (h) => ({ p: h.project.metronome, key: 'metronome' })),
  toggle(
    'toggle_arranger_loop',
    'Toggle Arranger Loop',
    (h) => ({ p: h.project.loopEnabled, key: 'arranger_loop_enabled' }),
    (h) => refuseRecording(h, 'toggle the arranger loop'),
  ),
  create('instrument', 'Instrument'),
  create('audio', 'Audio'),
  create('effect', 'Effect'),
  create('group', 'Group'),
  {
    id: 'Delete Track',
    name: 'Delete Selected Track',
    category: 'Project',
    undoable: true,
    run(h, origin) {
      const t = h.selection.track();
      if (t === null) throw refuse('not_found', 'no_selection', 'no track is selected');
      if (t.type === 'master') throw invalidArgument('the master track cannot be deleted');
      const index = flatIndexOf(h, t);
      const removed = trackPayloadOf(h, t);
      const list = t.parent!.arrays.get(t.key)!;
      const remove = new RemoveNode(`Delete ${t.name}`, t.parent!.id, list.name, t.id, trackCodec);
      const unsend = t.type === 'effect' ? dropSendsTo(h, t) : [];
      h.perform(origin, unsend.length > 0 ? new CompoundCommand(`Delete ${t.name}`, [...unsend, remove]) : remove, () => t.parent === null);
      const flat = h.flat();
      h.selection.selectTrack(flat[Math.min(index, flat.length - 1)]?.track ?? null);
      return { deleted: removed };
    },
  },
  {
    id: 'Expand/Collapse Group',
    name: 'Expand or Collapse Selected Group',
    category: 'Arranger',
    undoable: false,
    run(h) {
      const t = h.selection.track();
      if (t === null || t.type !== 'group') throw invalidArgument('select a group track first');
      t.groupExpanded = !t.groupExpanded;
      return { track_id: t.id, group_expanded: t.groupExpanded };
    },
  },
];

export function listActions(query: string): Reply<'actions'> {
  const found = ACTIONS.filter((a) => matchesQuery(query, a.id, a.name, a.category));
  return {
    query,
    count: found.length,
    total: ACTIONS.length,
    actions: found.map((a) => ({ id: escapeActionId(a.id), raw_id: a.id, name: a.name, category: a.category, undoable: a.undoable })),
  };
}

/** Runs the action with this wire id (exactly as `actions` listed it). */
export function runAction(host: SoundHost, origin: Origin, wireId: string): Reply<'action'> {
  const a = ACTIONS.find((x) => escapeActionId(x.id) === wireId);
  if (a === undefined) {
    const lower = wireId.toLowerCase();
    const raw = ACTIONS.find((x) => x.id === wireId || x.id.toLowerCase() === lower || escapeActionId(x.id).toLowerCase() === lower);
    const hint =
      raw !== undefined
        ? `; did you mean ${escapeActionId(raw.id)}? Pass the id from actions unchanged`
        : '; list them with actions [QUERY] and pass the returned id unchanged';
    throw notFound(`no action has wire id ${JSON.stringify(wireId.slice(0, 80))}${hint}`);
  }
  return { action: escapeActionId(a.id), name: a.name, ...a.run(host, origin) };
}
