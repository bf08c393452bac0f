import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import type { Origin } from '../engine/commands/history.js';
import { FootlightError, invalidArgument, notFound, type ErrorCode } from '../engine/errors.js';
import type { LightCues } from '../show/light-cues.js';
import { queuedRequest } from '../engine/request.js';
import type { SoundHost } from '../sound/index.js';
import { setControl } from '../sound/operations/controls.js';
import { navigateDevice } from '../sound/operations/devices.js';
import { trackSolo } from '../sound/operations/mixer.js';
import { listSamples, samplerZones } from '../sound/operations/samples.js';
import { GRANT_HINT } from '../sound/samples/folder.js';
import { auditionSample } from '../sound/listen/audition.js';
import { songLoop, songLoopRange, songMeter, songPlay, songSave, songSeek, songStop, songTempo, songTrackState } from '../sound/operations/song.js';
import { expandGroup, selectTrack } from '../sound/operations/tracks.js';
import { selectionTokenOf, tokenOf } from './sound.js';
import { writeProject } from '../light/show/project/project-file.js';
import { BodyTooLargeError, readBody } from '../net/body.js';
import { sendJson } from '../net/replies.js';
import { describeZodError } from '../tools/zod-errors.js';
import { parseJsonBounded } from '../engine/client-json.js';
import { toComponentRef } from '../tools/light/payloads.js';
import { TOOLS } from '../tools/index.js';
import { ToolRegistry } from '../tools/invoke.js';
import type { ConsoleContext } from './context.js';
import type { ConsoleHub } from './hub.js';
import { checkShowPath, FileExistsError, writeShowFile } from './save.js';
import { momentaryKeys, parameterPayload, visibleParameters } from './state.js';

/** Largest JSON body the console API accepts, in bytes. */
const MAX_API_BODY_BYTES = 64 * 1024;

/** `POST /api/tools/<tool name>` runs that tool with the body as its arguments. */
const TOOL_PREFIX = '/api/tools/';

const STATUS: Record<ErrorCode, number> = { not_found: 404, invalid_argument: 400, stale: 409, timeout: 503, busy: 503, unavailable: 503, internal: 500 };

type Handler = (input: { body: unknown; query: URLSearchParams; origin: Origin }) => Promise<unknown>;

interface Route {
  readonly method: 'GET' | 'POST';
  readonly handler: Handler;
}

const Path = z.string().min(1).max(1024);
/** A SoundFont preset: bank 0–128 (128: percussion) and program 0–127. */
const Preset = z.strictObject({ bank: z.number().int().min(0).max(128), program: z.number().int().min(0).max(127) });
const Id = z.number().int().nonnegative();
const Value = z.union([z.number(), z.string().max(4096), z.boolean()]);

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
 * same codes as MCP. Edits a tool also makes are that tool (`POST /api/tools/<name>`, through
 * ToolRegistry.invoke); the other routes read the page's views or drive what only the operator
 * may (the agent switches, saving, the built-in sound host). Edits carry the console's origin into
 * the shared history.
 */
export function createApi(ctx: ConsoleContext, hub: ConsoleHub): (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> {
  const { engine } = ctx.services;
  const light = ctx.light;
  const q = <T>(label: string, run: () => T): Promise<T> => engine.queue.submit(run, { label: `console ${label}` });
  const lightCues = (): LightCues => {
    const cues = ctx.services.lightCues;
    if (cues === undefined) throw notFound('this server has no song wired to the light, so there is no timeline for light cues');
    return cues;
  };
  const requireSound = (): SoundHost => {
    if (ctx.soundHost === undefined) throw notFound('this process runs no sound host');
    return ctx.soundHost;
  };
  const required = <T>(v: T | undefined, name: string): T => {
    if (v === undefined) throw invalidArgument(`${name}: required for this action`);
    return v;
  };

  // Every edit the page makes that a tool also makes is that tool, run through the one call path
  // with the console's origin: the same arguments, checks, payload and history step as over MCP.
  const tools = new ToolRegistry(ctx.services, TOOLS);
  const toolRoute = (name: string): Route | undefined => {
    const tool = tools.find(name);
    // Direct tools do I/O to another process (the sound tools): the page drives the host itself.
    // The stage's direct tools only read the fixture library's files, so the Stage tab runs them here;
    // get_cluster_status reads this process's cluster node (the cluster bar).
    if (tool === undefined || (tool.mode === 'direct' && tool.toolset !== 'stage' && tool.toolset !== 'cluster')) return undefined;
    return {
      method: 'POST',
      handler: async ({ body, origin }) => {
        const payload = (await tools.invoke(tool, body, origin)).payload;
        // Running a cue list is live, not a history step: tell the pages now rather than at the next poll.
        if (tool.name === 'run_cue_list') hub.showTouched();
        return payload;
      },
    };
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
    // ---- light cues on the song's timeline (src/show/light-cues.ts, as place_light_cue): each edit one undo step
    '/api/cue/place': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(
          z.strictObject({
            beat: z.number().min(0).optional(),
            playhead: z.literal(true).optional(),
            snap: z.number().min(0).optional(),
            scene: Id.optional(),
            fade: z.strictObject({ beats: z.number().optional(), ms: z.number().optional() }).optional(),
            cueList: z.strictObject({ list: z.string(), cue: z.number().optional() }).optional(),
          }),
          body,
        );
        return q('place light cue', () => ({ placed: lightCues().place(origin, a, a.scene, a.fade, a.cueList), cues: lightCues().list() }));
      },
    },
    '/api/cue/move': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(z.strictObject({ beat: z.number().min(0), to: z.number().min(0) }), body);
        return q('move light cue', () => ({ moved: lightCues().move(origin, { beat: a.beat }, a.to), cues: lightCues().list() }));
      },
    },
    '/api/cue/remove': {
      method: 'POST',
      handler: ({ body, origin }) => {
        const a = parse(z.strictObject({ beat: z.number().min(0) }), body);
        return q('remove light cue', () => ({ removed: lightCues().remove(origin, { beat: a.beat }), cues: lightCues().list() }));
      },
    },
    '/api/parameter': {
      method: 'GET',
      handler: async ({ query, origin }) => (await tools.invoke('get_parameter', { path: query.get('path') ?? '' }, origin)).payload,
    },
    'POST /api/parameter': {
      method: 'POST',
      handler: async ({ body, origin }) => {
        const a = parse(z.strictObject({ path: Path, value: Value, gesture: z.string().max(64).optional() }), body);
        // A gesture (one fader drag) merges into one undo step: the gesture id names the drag, so
        // a slow drag on a busy machine still merges (the window only bounds a stuck gesture).
        const merge = a.gesture === undefined ? undefined : { mergeKey: `${a.path}#${a.gesture}`, mergeWindowMs: 60_000 };
        return (await tools.invoke('set_parameter', { path: a.path, value: a.value }, origin, merge === undefined ? {} : { merge })).payload;
      },
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
            action: z.enum(['play', 'stop', 'seek', 'tempo', 'meter', 'loop', 'loop_range']),
            beats: z.number().optional(),
            bpm: z.number().optional(),
            numerator: z.number().int().optional(),
            denominator: z.number().int().optional(),
            enabled: z.boolean().optional(),
            start: z.number().optional(),
            duration: z.number().optional(),
          }),
          body,
        );
        const host = requireSound();
        const token = await tokenOf(host);
        let out: unknown;
        if (a.action === 'play') out = await q('sound play', () => songPlay(host, token));
        else if (a.action === 'stop') out = await q('sound stop', () => songStop(host, token));
        else if (a.action === 'seek') {
          const beats = required(a.beats, 'beats');
          out = await q('sound seek', () => songSeek(host, token, beats));
        } else if (a.action === 'loop_range') {
          const [start, duration] = [required(a.start, 'start'), required(a.duration, 'duration')];
          out = await q('sound loop range', () => songLoopRange(host, origin, token, start, duration, a.enabled ?? true));
        } else if (a.action === 'tempo') {
          const bpm = required(a.bpm, 'bpm');
          out = await q('sound tempo', () => songTempo(host, origin, token, bpm));
        } else if (a.action === 'meter') {
          const [n, d] = [required(a.numerator, 'numerator'), required(a.denominator, 'denominator')];
          out = await q('sound meter', () => songMeter(host, origin, token, n, d));
        } else {
          const enabled = required(a.enabled, 'enabled');
          out = await q('sound loop', () => songLoop(host, origin, token, enabled));
        }
        hub.soundTouched();
        return { result: out };
      },
    },
    '/api/sound/track': {
      method: 'POST',
      handler: async ({ body, origin }) => {
        const a = parse(
          z.strictObject({
            index: z.number().int(),
            muted: z.boolean().optional(),
            armed: z.boolean().optional(),
            soloed: z.boolean().optional(),
            expanded: z.boolean().optional(),
            select: z.boolean().optional(),
          }),
          body,
        );
        const host = requireSound();
        let out: unknown;
        if (a.muted !== undefined || a.armed !== undefined) {
          const token = await tokenOf(host);
          out = await q('sound track state', () => songTrackState(host, origin, token, a.index, a.muted ?? 'keep', a.armed ?? 'keep'));
        }
        if (a.soloed !== undefined) {
          const [token, soloed] = [await tokenOf(host), a.soloed];
          out = await q('sound track solo', () => trackSolo(host, origin, token, a.index, soloed));
        }
        if (a.expanded !== undefined) {
          const expanded = a.expanded;
          out = await q('sound group fold', () => expandGroup(host, a.index, expanded));
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
        const out = await songSave(host, queuedRequest(engine.queue, origin, Date.now() + engine.deadlineMs, 'console'), token, a.dir);
        hub.soundTouched();
        ctx.log.info({ dir: a.dir }, 'sound project saved from the console');
        return { result: out };
      },
    },
    '/api/sound/samples': {
      method: 'GET',
      handler: async ({ query }) => {
        const host = requireSound();
        // No folder is a state the page shows, not a failed request.
        if (host.samples.folder === null) return { folder: null, reason: `No sample folder: ${GRANT_HINT}.`, total: 0, offset: 0, samples: [] };
        const page = (name: string, fallback: number) => (query.has(name) ? Number(query.get(name)) : fallback);
        return { folder: host.samples.folder.root, ...(await listSamples(host, page('offset', 0), page('limit', 50))) };
      },
    },
    '/api/sound/samples/audition': {
      method: 'POST',
      handler: async ({ body }) => {
        // A SoundFont's preset by bank and program; a sample file alone.
        const a = parse(z.strictObject({ path: Path, preset: Preset.optional() }), body);
        return auditionSample(requireSound(), a.path, a.preset);
      },
    },
    '/api/sound/sampler-zones': {
      method: 'POST',
      handler: async ({ body, origin }) => {
        // One sample over the whole keyboard at its own pitch on C3 (or a SoundFont's preset), or none (the built-in kit).
        const a = parse(z.strictObject({ sample: Path.nullable(), preset: Preset.optional() }), body);
        const host = requireSound();
        const zones =
          a.sample === null ? [] : [{ sample: a.sample, key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 60, ...a.preset }];
        const request = queuedRequest(engine.queue, origin, Date.now() + engine.deadlineMs, 'console');
        const out = await samplerZones(host, request, JSON.stringify(zones), await selectionTokenOf(host));
        hub.soundTouched();
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
    const route = url.pathname.startsWith(TOOL_PREFIX)
      ? toolRoute(url.pathname.slice(TOOL_PREFIX.length))
      : req.method === 'POST'
        ? (routes[`POST ${url.pathname}`] ?? routes[url.pathname])
        : routes[url.pathname];
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
