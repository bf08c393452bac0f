import * as z from 'zod';
import { FRAME_SUMMARY_FIELDS } from './payloads.js';
import { PNG } from 'pngjs';
import { invalidArgument } from '../../engine/errors.js';
import { captureFrame } from '../../light/frame-capture.js';
import { rasterize, summarize, type Camera } from '../../light/frame-view.js';
import { PREVIEW_APP_URI } from '../app-resources.js';
import { defineTool } from '../define-tool.js';

const Vec3 = z.strictObject({ x: z.number(), y: z.number(), z: z.number() });

export default defineTool({
  name: 'get_frame',
  title: 'Look at the current frame',
  toolset: 'look',
  description:
    'Shows what the lights are doing now. Always returns a summary of the last rendered frame: how many points are lit ' +
    '(`litFraction`, brightest channel ≥ `litThreshold`), `meanBrightness` (0–100), up to three `dominantColors` and an ' +
    'N×N `grid` of mean colors as the camera sees it (row-major from the top left; "" marks an empty cell). With ' +
    '`include_image: true` it adds a PNG of the rig drawn from the `view` (front: looking from −Z; top: looking down; ' +
    'side: looking from +X), an orbit `camera` {theta, phi, radius?, target?, fov?} or a camera name (list_cameras; ' +
    '"current": the view). `channel` (a path or id from ' +
    'list_channels) shows what that channel alone contributes, to check one layer of a look. Stage fixtures show as beams ' +
    '(not with `channel`). Drawn in the point style. The frame is the mixer ' +
    'output before the master fader; `masterFader` says how much the master dims it. Use it to verify your changes.',
  longRunning: true,
  ui: { resourceUri: PREVIEW_APP_URI },
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    include_image: z.boolean().default(false).describe('Also return a PNG image'),
    width: z.number().int().min(64).max(1024).default(256).describe('Image width in pixels (64–1024)'),
    view: z.enum(['front', 'top', 'side']).optional().describe('Fixed camera (default front); not with camera'),
    camera: z
      .union([
        z.string(),
        z.strictObject({
          theta: z.number().describe('Azimuth in degrees; 0 looks from −Z like front'),
          phi: z.number().min(-89).max(89).describe('Elevation in degrees; positive looks down'),
          radius: z.number().positive().optional().describe('Distance from the target; default frames the whole rig'),
          target: Vec3.optional().describe("Point looked at; default the rig's center"),
          fov: z.number().min(15).max(150).optional().describe('Field of view in degrees (default 60)'),
        }),
      ])
      .optional()
      .describe('Orbit or named camera; not with view'),
    grid: z.number().int().min(1).max(16).default(4).describe('Summary grid size N (1–16)'),
    litThreshold: z.number().int().min(0).max(255).default(26).describe('Brightest channel value that counts as lit'),
    bus: z.enum(['main', 'cue', 'aux']).default('main').describe('Which mixer bus'),
    channel: z.union([z.string(), z.number().int()]).optional().describe('A channel path or id: show only its contribution'),
  }),
  output: z.strictObject({
    bus: z.string(),
    channel: z.string().optional().describe('Path of the channel shown alone'),
    camera: z.string().describe('"front", "top", "side", "orbit" or the camera name'),
    frame: z.number().int().describe('Frames rendered so far'),
    masterFader: z.number(),
    ...FRAME_SUMMARY_FIELDS,
    image: z.strictObject({ width: z.number().int(), height: z.number().int() }).optional().describe('Size of the PNG that follows'),
  }),
  handle: (args, { light, attachImage }) => {
    if (args.view !== undefined && args.camera !== undefined) throw invalidArgument('give view or camera, not both');
    const named = typeof args.camera === 'string' ? args.camera : undefined;
    const camera: Camera =
      named === 'current'
        ? { pose: light.cameras.current().pose }
        : named !== undefined
          ? { pose: light.cameras.camera(named) }
          : typeof args.camera === 'object'
            ? { orbit: args.camera }
            : { view: args.view ?? 'front' };
    const channel = args.channel === undefined ? undefined : light.component(typeof args.channel === 'number' ? { id: args.channel } : args.channel);
    const snapshot = captureFrame(light, channel === undefined ? { bus: args.bus } : { channel });
    const summary = summarize(snapshot, camera, args.grid, args.litThreshold);
    const out: Record<string, unknown> = {
      bus: args.bus,
      camera: named ?? ('view' in camera ? camera.view : 'orbit'),
      frame: light.frameCount,
      masterFader: light.mixer.master.fader.getValue(),
      ...summary,
    };
    if (channel !== undefined) out.channel = channel.path;
    if (args.include_image) {
      const beams = channel === undefined ? light.lx.stage.fixtures.items.map((f) => f.beam()) : [];
      const raster = rasterize(snapshot, camera, args.width, beams, light.pointStyle.current());
      out.image = { width: raster.width, height: raster.height };
      attachImage(async () => {
        const png = new PNG({ width: raster.width, height: raster.height });
        png.data = Buffer.from(raster.rgba.buffer, raster.rgba.byteOffset, raster.rgba.byteLength);
        return { data: PNG.sync.write(png).toString('base64'), mimeType: 'image/png' };
      });
    }
    return out as never;
  },
});
