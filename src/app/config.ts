import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import type { Logger } from '../engine/log.js';
import { RENDER_PRIORITIES } from '../engine/thread-priority.js';
import { MAX_RENDER_THREADS } from '../engine/render-threads.js';

/**
 * DMX input, as `serve --dmx-in`, `--dmx-in-host` and `--dmx-in-multicast`: `{"receivers": ["artnet", "sacn:5568/1-4"]}`.
 * Only its shape is checked here (app sits below the light wing); the receivers' own rules come in as
 * `ConfigChecks.dmxIn`.
 */
const DmxIn = z.strictObject({
  receivers: z.array(z.string().max(200)).max(64),
  host: z.string().min(1).max(255).optional(),
  multicast: z.boolean().optional(),
});
type DmxInFile = z.infer<typeof DmxIn>;

/**
 * Art-Net timecode out and in, as `serve --timecode-out`, `--timecode-rate`, `--timecode-offset`,
 * `--timecode-in`, `--timecode-in-host` and `--timecode-freewheel`: `{"out": ["artnet=192.168.1.20"],
 * "rate": "25", "offset": "01:00:00:00", "in": "artnet", "inHost": "127.0.0.1", "freewheelMs": 500}`. The show's rules
 * (src/show/timecode) come in as `ConfigChecks.timecode`.
 */
const Timecode = z.strictObject({
  out: z.array(z.string().max(300)).max(64).optional(),
  rate: z.string().max(20).optional(),
  offset: z.string().max(40).optional(),
  in: z.string().max(40).optional(),
  inHost: z.string().max(255).optional(),
  freewheelMs: z.number().optional(),
});
type TimecodeFile = z.infer<typeof Timecode>;

/** Rules of the wings above, handed in by the caller: each throws with the reason when its section is bad. */
interface ConfigChecks {
  readonly dmxIn?: (value: DmxInFile) => void;
  readonly timecode?: (value: TimecodeFile) => void;
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 3232;
export const DEFAULT_SOUND_PORT = 8765;

const ConfigFile = z.strictObject({
  port: z.number().int().min(0).max(65535).optional(),
  host: z.string().min(1).max(255).optional(),
  soundPort: z.number().int().min(0).max(65535).optional(),
  /** OSC receive port (default 3030). */
  oscPort: z.number().int().min(0).max(65535).optional(),
  /** The OSCQuery HTTP port, as `serve --oscquery-port` (0 picks a free one; default: no OSCQuery). */
  oscQueryPort: z.number().int().min(0).max(65535).optional(),
  /** Advertise OSCQuery and OSC over mDNS on the LAN, as `serve --oscquery-mdns` (default false). */
  oscQueryMdns: z.boolean().optional(),
  /** System MIDI ports, as `serve --midi-ports`: true opens every input, a list those whose names contain an entry (default: none). */
  midiPorts: z.union([z.boolean(), z.array(z.string().min(1).max(128)).max(64)]).optional(),
  /** The song's MTC or clock to system MIDI outputs, as `serve --midi-sync-out`: `["mtc:NAME", "clock:NAME"]`. */
  midiSyncOut: z.array(z.string().min(1).max(140)).max(16).optional(),
  /** Where OSC changes are sent, `HOST:PORT`, or `off` (default 127.0.0.1:4040). */
  oscTransmit: z
    .string()
    .max(300)
    .regex(/^(off|\S+:\d{1,5})$/, 'HOST:PORT or off')
    .optional(),
  /** MCP toolsets, as `serve --toolsets`: `["all"]` lists every tool from the start (default: the small surface). */
  toolsets: z.array(z.string().min(1).max(40)).max(40).optional(),
  /** Threads that render frames: the engine thread and helpers (default one per core). */
  renderThreads: z.number().int().min(1).max(MAX_RENDER_THREADS).optional(),
  /** A cluster node's slice, as `serve --slice`: fixture labels or 0-based indices (`[]`: none), or `"auto"`; read only with --cluster. */
  slice: z.union([z.literal('auto'), z.array(z.union([z.string().min(1).max(200), z.number().int().min(0)])).max(100_000)]).optional(),
  /** What a cluster's render node presents once its flywheel ran out, as `serve --flywheel-end` (default hold); read only with --cluster. */
  flywheelEnd: z.enum(['hold', 'black']).optional(),
  /** The engine thread's priority, as `serve --render-priority` (serve's default: high). */
  renderPriority: z.enum(RENDER_PRIORITIES).optional(),
  /** E1.31 universe sync for a show whose project does not set /lx/output/sacnSync (a new show, a project saved by LX). */
  sacnSync: z.boolean().optional(),
  /** The sync universe for such a show, as /lx/output/sacnSyncUniverse: 1–63999, E1.31's universes (app sits below the light wing). */
  sacnSyncUniverse: z.number().int().min(1).max(63999).optional(),
  /**
   * LED outputs: send each destination's runs of universes as one segmented UDP send (default
   * true); false sends packet by packet, for a receiver on the same machine with a small socket buffer.
   */
  segmentedSends: z.boolean().optional(),
  /** The folder the Sampler loads samples from, as `serve --samples` (default: none; no sample is read). */
  samples: z.string().min(1).max(4096).optional(),
  /** How much decoded sample audio the sound host keeps cached, in MiB (default 512); samples the song uses are always kept. */
  sampleCacheMiB: z.number().int().min(1).max(65536).optional(),
  /** The folder of DMX fixture profiles (QLC+ .qxf, OFL .json, GDTF) the stage tools search (default: QLC+'s installed library, when present). */
  fixtureLibrary: z.string().min(1).max(4096).optional(),
  /** DMX input from a desk (default: none). */
  dmxIn: DmxIn.optional(),
  /** Art-Net timecode out while the song plays (default: none). */
  timecode: Timecode.optional(),
});
export type ConfigFile = z.infer<typeof ConfigFile>;

/**
 * Reads `<home>/config.json` (`{"port": 3232, "host": "127.0.0.1"}`). A missing file means
 * defaults; a bad one is logged with the reason and ignored, never half-applied.
 */
export async function loadConfig(home: string, log: Logger, checks: ConfigChecks = {}): Promise<ConfigFile> {
  const path = join(home, 'config.json');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log.warn({ path, err }, 'cannot read config.json; using defaults');
    return {};
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    log.warn({ path, reason: (err as Error).message }, 'config.json is not valid JSON; using defaults');
    return {};
  }
  const parsed = ConfigFile.safeParse(json);
  if (!parsed.success) {
    log.warn(
      { path, reason: parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`).join('; ') },
      'config.json is invalid; using defaults',
    );
    return {};
  }
  const { dmxIn, timecode } = parsed.data;
  const sections: [string, (() => void) | undefined][] = [
    ['dmxIn', dmxIn === undefined || checks.dmxIn === undefined ? undefined : () => checks.dmxIn?.(dmxIn)],
    ['timecode', timecode === undefined || checks.timecode === undefined ? undefined : () => checks.timecode?.(timecode)],
  ];
  for (const [name, check] of sections) {
    try {
      check?.();
    } catch (err) {
      log.warn({ path, reason: `${name}: ${(err as Error).message}` }, 'config.json is invalid; using defaults');
      return {};
    }
  }
  return parsed.data;
}
