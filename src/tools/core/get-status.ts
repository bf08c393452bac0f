import * as z from 'zod';
import { PREVIEW_APP_URI } from '../app-resources.js';
import { BUILD_CODES } from '../../app/build-info.js';
import { RENDER_PRIORITIES } from '../../engine/thread-priority.js';
import { defineTool } from '../define-tool.js';
import { DMX_IN_PROTOCOLS } from '../../light/input/dmx-in-config.js';
import { TIMECODE_RATES } from '../../show/timecode/timecode.js';

export default defineTool({
  name: 'get_status',
  title: 'Check the server',
  toolset: 'status',
  description:
    'Identity and health of the running Footlight process: name, version, buildTime (compare it after an update to be sure ' +
    'you reach the new code), when it started, where it listens, connected sessions, engine queue depth and frame count. It ' +
    'runs through the engine queue, so an answer also proves the engine is processing calls. `render` says how many threads ' +
    'render and at what priority (normal, with the reason, when high was refused: frames then wait more on a busy machine); `dmxIn` ' +
    "whether a desk's DMX arrives; `timecode` what Art-Net timecode goes where. After a connection error, " +
    're-read ~/.footlight/status.json, reconnect and call this first.',
  ui: { resourceUri: PREVIEW_APP_URI },
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({
    serverName: z.string(),
    serverVersion: z.string(),
    buildTime: z.string(),
    code: z.enum(BUILD_CODES).describe('compiled: lib/ as npm ci built it; sources: TypeScript via tsx (an edit since)'),
    lxVersion: z.string().describe('The LX version whose behaviour the light engine reproduces'),
    startedAt: z.string(),
    uptimeSeconds: z.number(),
    host: z.string(),
    port: z.number().int(),
    url: z.string(),
    connection: z.strictObject({ connected: z.boolean(), activeSessions: z.number().int(), lastActivityAt: z.string().optional() }),
    engine: z.strictObject({ queueDepth: z.number().int(), framesRendered: z.number().int(), framesLate: z.number().int(), running: z.boolean() }),
    endpoints: z.record(z.string(), z.strictObject({ host: z.string(), port: z.number().int() })).describe('Other surfaces: protocol3, osc'),
    render: z
      .strictObject({
        threads: z.number().int().describe('Threads that render frames, the engine thread included'),
        priority: z.enum(RENDER_PRIORITIES).describe("The engine thread's priority: high runs frames before other programs"),
        nice: z.number().int().describe('Its nice value (lower runs first; 0 is normal)'),
        refused: z.string().optional().describe('Why high priority was refused, and how to grant it'),
      })
      .describe('serve --render-threads and --render-priority'),
    dmxIn: z
      .strictObject({
        receivers: z.array(z.strictObject({ protocol: z.enum(DMX_IN_PROTOCOLS), host: z.string(), port: z.number().int(), listening: z.boolean() })),
        receiving: z.boolean().describe('Levels arrived within 2.5 s'),
        universes: z.number().int().describe('Universes received since start'),
        rate: z.number().describe('Packets applied per second'),
      })
      .describe('DMX input from a desk (serve --dmx-in; no receivers by default); get_dmx_input has the levels'),
    timecode: z
      .strictObject({
        destinations: z.array(z.string()).describe('HOST:PORT each ArtTimeCode packet goes to (unicast); empty: none sent'),
        rate: z.enum(TIMECODE_RATES),
        offset: z.string().describe('Added to the song position'),
        timecode: z.string().describe('The song position as timecode, HH:MM:SS:FF (;FF drop-frame)'),
        running: z.boolean().describe('Sending: the song plays and there is a destination'),
        packetsSent: z.number().int(),
      })
      .describe('Art-Net timecode out while the song plays (serve --timecode-out, --timecode-rate, --timecode-offset)'),
    timecodeIn: z
      .strictObject({
        source: z
          .string()
          .nullable()
          .describe('artnet HOST:PORT listened on, or mtc (MIDI timecode from the console); null: no timecode in (serve --timecode-in)'),
        state: z
          .enum(['waiting', 'locked', 'freewheeling', 'lost'])
          .describe('waiting: no running clock yet; locked: the transport follows it; freewheeling: labels stopped, the transport runs on; lost: stopped'),
        rate: z.enum(TIMECODE_RATES).nullable().describe('The incoming rate (the packets say it)'),
        timecode: z.string().nullable().describe('The incoming clock now, HH:MM:SS:FF'),
        packets: z.number().int(),
        dropped: z.record(z.string(), z.number().int()).describe('Datagrams not taken, by reason'),
        relocates: z.number().int().describe('Transport moves made to follow (a lock, a locate on the desk, a drift past one frame)'),
        errorFrames: z.number().describe('Transport minus timecode at the last label, in frames'),
        error: z.string().optional().describe('Why the port could not be opened'),
      })
      .describe("Timecode in (Art-Net or MTC): the song transport chases a desk's clock"),
  }),
  handle: (_args, { server, engine, dmxIn, timecodeOut, timecodeIn }) => {
    const id = server.identity;
    const clock = engine.clock.stats();
    return {
      serverName: id.serverName,
      serverVersion: id.serverVersion,
      buildTime: id.buildTime,
      code: id.code,
      lxVersion: id.lxVersion,
      startedAt: id.startedAt,
      uptimeSeconds: Math.round((Date.now() - Date.parse(id.startedAt)) / 1000),
      host: server.bind.host,
      port: server.bind.port,
      url: server.bind.url,
      connection: server.connections(),
      engine: { queueDepth: engine.queue.depth, framesRendered: clock.frames, framesLate: clock.late, running: clock.running },
      endpoints: { ...server.endpoints },
      render: server.render(),
      dmxIn: dmxIn.summary(),
      timecode: timecodeOut.status(),
      timecodeIn: timecodeIn.status(),
    };
  },
});
