import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import type { Origin } from '../engine/commands/history.js';
import { FootlightError, invalidArgument, notFound, type ErrorCode } from '../engine/errors.js';
import { queuedRequest } from '../engine/request.js';
import type { SoundHost } from '../sound/index.js';
import { setControl } from '../sound/operations/controls.js';
import { navigateDevice } from '../sound/operations/devices.js';
import { selectTrack } from '../sound/operations/tracks.js';
import { tokenOf } from './sound.js';
import * as channels from '../light/operations/channels.js';
import * as effects from '../light/operations/effects.js';
import * as palette from '../light/operations/palette.js';
import * as snapshots from '../light/operations/snapshots.js';
import * as clips from '../light/operations/clips.js';
import * as patterns from '../light/operations/patterns.js';
import { fireTrigger } from '../light/operations/triggers.js';
import type { ComponentTarget } from '../light/paths.js';
import { writeProject } from '../light/project/project-file.js';
import { BodyTooLargeError, readBody } from '../http/body.js';
import { sendJson } from '../http/replies.js';
import { describeZodError } from '../tools/zod-errors.js';
import { toUndoRedo } from '../tools/core/history-payloads.js';
import { parseJsonBounded } from '../engine/client-json.js';
import { toComponentRef } from '../tools/light/payloads.js';
import type { ConsoleContext } from './context.js';
import type { ConsoleHub } from './hub.js';
import { checkShowPath, FileExistsError, writeShowFile } from './save.js';
import { momentaryKeys, parameterPayload, visibleParameters } from './state.js';

/** Largest JSON body the console API accepts, in bytes. */
export const MAX_API_BODY_BYTES = 64 * 1024;

const STATUS: Record<ErrorCode, number> = { not_found: 404, invalid_argument: 400, stale: 409, timeout: 503, internal: 500 };

type Handler = (input: { body: unknown; query: URLSearchParams; origin: Origin }) => Promise<unknown>;

interface Route {
  readonly method: 'GET' | 'POST';
  readonly handler: Handler;
}

const Path = z.string().min(1).max(1024);
const Id = z.number().int().nonnegative();
const Value = z.union([z.number(), z.string().max(4096), z.boolean()]);
const Index = z.number().int();
const ClassName = z.string().min(1).max(256);
const Label = z.string().min(1).max(256);
/**
 * The component an action is about: its path, its id, or both. The page sends both, so a click
 * on a row whose path an agent has just shifted is refused as `stale` instead of hitting another
 * component.
 */
const Target = z.strictObject({ path: Path.optional(), id: Id.optional() });
/** Another component an action names (a channel, an effect container): a path, or a target. */
const Ref = z.union([Path, Target]);

function targetOf(ref: string | { path?: string; id?: number }): ComponentTarget {
  return typeof ref === 'string' ? { path: ref } : ref;
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body);
  if (!r.success) throw invalidArgument(describeZodError(r.error));
  return r.data;
}

/** Console connection ids look like `c12`; anything else is attributed to plain HTTP. */
function originOf(req: IncomingMessage): Origin {
  const h = req.headers['x-footlight-connection'];
  const id = typeof h === 'string' && /^c\d{1,9}$/.test(h) ? h : 'http';
  return { surface: 'console', session: id, client: 'console' };
}

/**
 * The console's HTTP API under `/api`: JSON in, JSON out, errors as `{error, message}` with the
 * same codes as MCP. Each route parses, runs one domain operation in the engine queue, and
 * shapes the reply; edits carry the console's origin into the shared history.
 */
export function createApi(ctx: ConsoleContext, hub: ConsoleHub): (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> {
  const { engine } = ctx.services;
  const light = ctx.light;
  const q = <T>(label: string, run: () => T): Promise<T> => engine.queue.submit(run, { label: `console ${label}` });
  const requireSound = (): SoundHost => {
    if (ctx.soundHost === undefined) throw notFound('this process runs no sound host');
    return ctx.soundHost;
  };
  const required = <T>(v: T | undefined, name: string): T => {
    if (v === undefined) throw invalidArgument(`${name}: required for this action`);
    return v;
  };

  const routes: Record<string, Route> = {
    '/api/state': {
      method: 'GET',
      handler: async () => {
        const s = await ctx.snapshot();
        return { ...s, connect: ctx.connect() };
      },
    },
    '/api/component': {
      method: 'GET',
      handler: ({ query }) =>
        q('read component', () => {
          const id = query.get('id');
          const c = id !== null && /^\d{1,12}$/.test(id) ? light.component({ id: Number(id) }) : light.component(query.get('path') ?? '');
          return {
            component: toComponentRef(c),
            parameters: visibleParameters(c).map(parameterPayload),
            subParameters: [...c.parameters.values()].filter((p) => p.parent !== null && !p.internal).map(parameterPayload),
            momentary: momentaryKeys(c),
            children: [...c.children.entries()].map(([key, child]) => ({ key, ...toComponentRef(child) })),
            lists: [...c.arrays.entries()].map(([key, arr]) => ({ key, items: arr.items.map(toComponentRef) })),
          };
        }),
    },
    '/api/parameter': {
      method: 'GET',
      handler: ({ query }) => q('read parameter', () => ({ parameter: parameterPayload(light.parameter(query.get('path') ?? '')) })),
    },
    'POST /api/parameter': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(z.strictObject({ path: Path, value: Value, gesture: z.string().max(64).optional() }), body);
        // A gesture (one fader drag) merges into one undo step: the gesture id names the drag, so
        // a slow drag on a busy machine still merges (the window only bounds a stuck gesture).
        const options = a.gesture === undefined ? {} : { mergeKey: `${a.path}#${a.gesture}`, mergeWindowMs: 60_000 };
        return q('set parameter', () => ({ parameter: parameterPayload(light.setParameter(a.path, a.value, origin, options).parameter) }));
      },
    },
    '/api/trigger': {
      method: 'POST',
      handler: ({ body }) => {
        const a = parse(z.strictObject({ path: Path }), body);
        return q('fire trigger', () => {
          const fired = fireTrigger(light, engine, { path: a.path });
          return { parameter: parameterPayload(fired.parameter), pending: fired.pending };
        });
      },
    },
    // ---- patterns (src/light/operations/patterns.ts)
    '/api/pattern/add': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(z.strictObject({ channel: Ref, class: ClassName, index: Index.optional() }), body);
        return q('add pattern', () => {
          const r = patterns.addPattern(light, targetOf(a.channel), a.class, a.index, origin);
          return { pattern: toComponentRef(r.pattern), pathChanges: r.pathChanges };
        });
      },
    },
    '/api/pattern/remove': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target, body);
        return q('remove pattern', () => {
          const r = patterns.removePattern(light, a, origin);
          return { removed: r.path, id: r.id, removedWiring: r.removedWiring, pathChanges: r.pathChanges };
        });
      },
    },
    '/api/pattern/move': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target.extend({ index: Index }), body);
        return q('move pattern', () => {
          const r = patterns.movePattern(light, { path: a.path, id: a.id }, a.index, origin);
          return { pattern: toComponentRef(r.pattern), pathChanges: r.pathChanges };
        });
      },
    },
    '/api/pattern/activate': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target, body);
        return q('activate pattern', () => ({ pattern: toComponentRef(patterns.activatePattern(light, a, origin)) }));
      },
    },
    // ---- effects on channels, groups, the master and patterns (src/light/operations/effects.ts)
    '/api/effect/add': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(z.strictObject({ container: Ref, class: ClassName, index: Index.optional() }), body);
        return q('add effect', () => {
          const r = effects.addEffect(light, targetOf(a.container), a.class, a.index, origin);
          return { effect: toComponentRef(r.effect), pathChanges: r.pathChanges };
        });
      },
    },
    '/api/effect/remove': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target, body);
        return q('remove effect', () => {
          const r = effects.removeEffect(light, a, origin);
          return { removed: r.path, id: r.id, removedWiring: r.removedWiring, pathChanges: r.pathChanges };
        });
      },
    },
    '/api/effect/move': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target.extend({ index: Index, container: Ref.optional() }), body);
        return q('move effect', () => {
          const r = effects.moveEffect(light, { path: a.path, id: a.id }, a.index, a.container === undefined ? undefined : targetOf(a.container), origin);
          return { effect: toComponentRef(r.effect), droppedWiring: r.droppedWiring, pathChanges: r.pathChanges };
        });
      },
    },
    // ---- channels and groups (src/light/operations/channels.ts)
    '/api/channel/add': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(z.strictObject({ class: ClassName.optional(), index: Index.optional(), label: Label.optional(), fader: z.number().optional() }), body);
        return q('add channel', () => ({
          channel: toComponentRef(channels.addChannel(light, { patternClass: a.class, index: a.index, label: a.label, fader: a.fader }, origin)),
        }));
      },
    },
    '/api/channel/remove': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target, body);
        return q('remove channel', () => {
          const r = channels.removeChannel(light, a, origin);
          return { removed: r.path, id: r.id, kind: r.kind, removedMembers: r.removedMembers, removedWiring: r.removedWiring, pathChanges: r.pathChanges };
        });
      },
    },
    '/api/channel/move': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target.extend({ index: Index }), body);
        return q('move channel', () => {
          const r = channels.moveChannel(light, { path: a.path, id: a.id }, a.index, origin);
          return { channel: toComponentRef(r.channel), pathChanges: r.pathChanges };
        });
      },
    },
    '/api/channel/group': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(z.strictObject({ channels: z.array(Ref).min(1).max(256), label: Label.optional() }), body);
        return q('group channels', () => {
          const r = channels.groupChannels(light, a.channels.map(targetOf), a.label, origin);
          return { group: toComponentRef(r.group), members: r.group.members.map(toComponentRef), pathChanges: r.pathChanges };
        });
      },
    },
    '/api/channel/ungroup': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target, body);
        return q('ungroup channel', () => {
          const r = channels.ungroupChannel(light, a, origin);
          return { channel: toComponentRef(r.channel), formerGroup: toComponentRef(r.formerGroup), pathChanges: r.pathChanges };
        });
      },
    },
    '/api/group/ungroup': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target, body);
        return q('dissolve group', () => {
          const r = channels.ungroupGroup(light, a, origin);
          return { removed: r.removed, id: r.id, channels: r.channels.map(toComponentRef), removedWiring: r.removedWiring, pathChanges: r.pathChanges };
        });
      },
    },
    // ---- palette swatches and snapshots (src/light/operations/palette.ts, snapshots.ts)
    '/api/palette/save': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(z.strictObject({ label: Label.optional(), index: Index.optional() }), body);
        return q('save swatch', () => ({ swatch: toComponentRef(palette.saveSwatch(light, a, origin)) }));
      },
    },
    '/api/palette/recall': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target, body);
        return q('recall swatch', () => {
          const r = palette.setSwatch(light, a, origin);
          return { swatch: toComponentRef(r.swatch), transitioning: r.transitioning };
        });
      },
    },
    '/api/palette/move': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target.extend({ index: Index }), body);
        return q('move swatch', () => {
          const r = palette.moveSwatch(light, { path: a.path, id: a.id }, a.index, origin);
          return { swatch: toComponentRef(r.swatch), pathChanges: r.pathChanges };
        });
      },
    },
    '/api/palette/remove': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target, body);
        return q('remove swatch', () => {
          const r = palette.removeSwatch(light, a, origin);
          return { removed: r.path, id: r.id, pathChanges: r.pathChanges };
        });
      },
    },
    '/api/snapshot/capture': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(z.strictObject({ label: Label.optional(), index: Index.optional() }), body);
        return q('capture snapshot', () => ({ snapshot: toComponentRef(snapshots.addSnapshot(light, a, origin)) }));
      },
    },
    '/api/snapshot/recall': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target.extend({ immediate: z.boolean().optional() }), body);
        return q('recall snapshot', () => {
          const r = snapshots.recallSnapshot(light, { path: a.path, id: a.id }, a.immediate === true, origin);
          return { snapshot: toComponentRef(r.snapshot), transitioning: r.transitioning };
        });
      },
    },
    '/api/snapshot/update': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target, body);
        return q('update snapshot', () => ({ snapshot: toComponentRef(snapshots.updateSnapshot(light, a, origin)) }));
      },
    },
    '/api/snapshot/remove': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(Target, body);
        return q('remove snapshot', () => {
          const r = snapshots.removeSnapshot(light, a, origin);
          return { removed: r.path, id: r.id, pathChanges: r.pathChanges };
        });
      },
    },
    // ---- clip grid (src/light/operations/clips.ts): performance actions, not undo steps
    '/api/clip/launch': {
      method: 'POST',
      handler: ({ body }) => {
        const a = parse(z.strictObject({ bus: Id.optional(), slot: Index.optional(), scene: Index.optional() }), body);
        return q('launch clip', () => {
          const launched = a.scene !== undefined ? clips.launchScene(light, a.scene) : [clips.launchClip(light, { bus: { id: a.bus }, slot: a.slot ?? -1 })];
          return { launched: launched.map((c) => ({ bus: c.bus.path, slot: c.slot, pending: c.launch.pending })) };
        });
      },
    },
    '/api/clip/stop': {
      method: 'POST',
      handler: ({ body }) => {
        const a = parse(z.strictObject({ bus: Id.optional(), slot: Index.optional() }), body);
        return q('stop clip', () => ({
          stopped: clips
            .stopClips(light, { bus: a.bus === undefined ? undefined : { id: a.bus }, slot: a.slot })
            .map((c) => ({ bus: c.bus.path, slot: c.slot })),
        }));
      },
    },
    '/api/undo': {
      method: 'POST',
      handler: () => q('undo', () => toUndoRedo('undo', engine.history.undo(), engine.history)),
    },
    '/api/redo': {
      method: 'POST',
      handler: () => q('redo', () => toUndoRedo('redo', engine.history.redo(), engine.history)),
    },
    '/api/history': {
      method: 'GET',
      handler: () => q('read history', () => ctx.historyState()),
    },
    '/api/activity': {
      method: 'GET',
      handler: async ({ query }) => ({ items: ctx.activity(Math.max(1, Math.min(500, Number(query.get('limit') ?? 100) || 100))), ...ctx.sessions() }),
    },
    '/api/policy': {
      method: 'GET',
      handler: async () => ({ policy: ctx.policy() }),
    },
    'POST /api/policy': {
      method: 'POST',
      handler: async ({ body }) => {
        const a = parse(z.strictObject({ agentsReadOnly: z.boolean().optional(), soundCooperative: z.boolean().optional() }), body);
        const policy = ctx.services.policy;
        if (a.agentsReadOnly !== undefined) policy.agentsReadOnly = a.agentsReadOnly;
        if (a.soundCooperative !== undefined) policy.soundCooperative = a.soundCooperative;
        ctx.log.info({ policy: ctx.policy() }, 'agent policy changed in the console');
        hub.policyChanged();
        return { policy: ctx.policy() };
      },
    },
    '/api/save': {
      method: 'POST',
      handler: async ({ body }) => {
        const a = parse(z.strictObject({ path: Path, overwrite: z.boolean().optional() }), body);
        const path = checkShowPath(a.path, '.lxp');
        const text = await q('serialize project', () => `${JSON.stringify(writeProject(light.lx, light.externals), null, 2)}\n`);
        try {
          await writeShowFile(path, text, a.overwrite === true);
        } catch (err) {
          if (err instanceof FileExistsError) throw new ExistsError(path);
          throw err;
        }
        await q('record project path', () => {
          light.projectPath = path;
        });
        hub.lightChanged();
        ctx.log.info({ path, bytes: Buffer.byteLength(text) }, 'light show saved from the console');
        return { path, bytes: Buffer.byteLength(text), savedAt: new Date().toISOString() };
      },
    },
    '/api/sound/transport': {
      method: 'POST',
      handler: async ({ body, origin }) => {
        const a = parse(
          z.strictObject({
            action: z.enum(['play', 'stop', 'tempo', 'meter', 'loop']),
            bpm: z.number().optional(),
            numerator: z.number().int().optional(),
            denominator: z.number().int().optional(),
            enabled: z.boolean().optional(),
          }),
          body,
        );
        const host = requireSound();
        const token = await tokenOf(host);
        const song = host.song;
        let out: unknown;
        if (a.action === 'play') out = await q('sound play', () => song.play(token));
        else if (a.action === 'stop') out = await q('sound stop', () => song.stop(token));
        else if (a.action === 'tempo') {
          const bpm = required(a.bpm, 'bpm');
          out = await q('sound tempo', () => song.tempo(origin, token, bpm));
        } else if (a.action === 'meter') {
          const [n, d] = [required(a.numerator, 'numerator'), required(a.denominator, 'denominator')];
          out = await q('sound meter', () => song.meter(origin, token, n, d));
        } else {
          const enabled = required(a.enabled, 'enabled');
          out = await q('sound loop', () => song.loop(origin, token, enabled));
        }
        hub.soundTouched();
        return { result: out };
      },
    },
    '/api/sound/track': {
      method: 'POST',
      handler: async ({ body, origin }) => {
        const a = parse(
          z.strictObject({ index: z.number().int(), muted: z.boolean().optional(), armed: z.boolean().optional(), select: z.boolean().optional() }),
          body,
        );
        const host = requireSound();
        let out: unknown;
        if (a.muted !== undefined || a.armed !== undefined) {
          const token = await tokenOf(host);
          out = await q('sound track state', () => host.song.trackState(origin, token, a.index, a.muted ?? 'keep', a.armed ?? 'keep'));
        }
        if (a.select !== false) out = await q('sound track', () => selectTrack(host, a.index));
        hub.soundTouched();
        return { result: out };
      },
    },
    '/api/sound/control': {
      method: 'POST',
      handler: async ({ body, origin }) => {
        const a = parse(z.strictObject({ index: z.number().int(), value: z.number() }), body);
        const host = requireSound();
        return { result: await q('sound control', () => setControl(host, origin, a.index, a.value)) };
      },
    },
    '/api/sound/device': {
      method: 'POST',
      handler: async ({ body }) => {
        const a = parse(z.strictObject({ navigate: z.enum(['next', 'previous', 'parent', 'first', 'primary']) }), body);
        const host = requireSound();
        const out = await q('sound device', () => navigateDevice(host, a.navigate));
        hub.soundTouched();
        return { result: out };
      },
    },
    '/api/sound/save': {
      method: 'POST',
      handler: async ({ body, origin }) => {
        const a = parse(z.strictObject({ dir: Path }), body);
        const host = requireSound();
        const token = await tokenOf(host);
        const out = await host.song.save(queuedRequest(engine.queue, origin, Date.now() + engine.deadlineMs, 'console'), token, a.dir);
        hub.soundTouched();
        ctx.log.info({ dir: a.dir }, 'sound project saved from the console');
        return { result: out };
      },
    },
    '/api/connect': {
      method: 'GET',
      handler: async () => ctx.connect(),
    },
  };

  return async (req, res, url) => {
    if (url.pathname !== '/api' && !url.pathname.startsWith('/api/')) return false;
    const route = req.method === 'POST' ? (routes[`POST ${url.pathname}`] ?? routes[url.pathname]) : routes[url.pathname];
    if (route === undefined) {
      sendJson(res, 404, { error: 'not_found', message: `no console API at ${url.pathname}; see docs/console.md` });
      return true;
    }
    if (req.method !== route.method && !(req.method === 'HEAD' && route.method === 'GET')) {
      sendJson(res, 405, { error: 'invalid_argument', message: `${url.pathname} takes ${route.method}` }, { allow: route.method });
      return true;
    }
    try {
      let body: unknown;
      if (route.method === 'POST') {
        const type = req.headers['content-type'] ?? '';
        if (!/^application\/json\b/i.test(type)) throw invalidArgument('send the body as JSON with Content-Type: application/json');
        let raw: Buffer;
        try {
          raw = await readBody(req, MAX_API_BODY_BYTES);
        } catch (err) {
          if (err instanceof BodyTooLargeError) {
            sendJson(res, 413, { error: 'invalid_argument', message: `request body exceeds ${err.limit} bytes` });
            return true;
          }
          throw err;
        }
        try {
          body = raw.length === 0 ? {} : parseJsonBounded(raw.toString('utf8'));
        } catch (err) {
          if (err instanceof FootlightError) throw err;
          throw invalidArgument('the body is not valid JSON');
        }
      }
      const out = await route.handler({ body, query: url.searchParams, origin: originOf(req) });
      sendJson(res, 200, out, { 'cache-control': 'no-store' });
    } catch (err) {
      if (err instanceof ExistsError) {
        sendJson(res, 409, { error: 'invalid_argument', message: `${err.path} already exists; confirm to overwrite it (send overwrite: true)`, exists: true });
      } else if (err instanceof FootlightError) {
        const reason = (err as { reason?: unknown }).reason;
        sendJson(
          res,
          STATUS[err.code],
          typeof reason === 'string' ? { error: err.code, message: err.message, reason } : { error: err.code, message: err.message },
        );
      } else {
        ctx.log.error({ err, url: url.pathname }, 'console API failed');
        sendJson(res, 500, { error: 'internal', message: 'unexpected failure in the console API (logged on the server); re-read state before retrying' });
      }
    }
    return true;
  };
}

class ExistsError extends Error {
  constructor(readonly path: string) {
    super(`${path} exists`);
  }
}
