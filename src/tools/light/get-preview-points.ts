import * as z from 'zod';
import { previewPoints } from '../../light/preview-points.js';
import { PREVIEW_APP_URI } from '../app-resources.js';
import { defineTool } from '../define-tool.js';

export default defineTool({
  name: 'get_preview_points',
  title: 'Preview points for the live view',
  toolset: 'app',
  description:
    "For the live preview app (ui://footlight/preview): the model's points (every `stride`-th, at most `max_points`) as base64 float32 x,y,z " +
    "and the last frame's colors as base64 r,g,b bytes. Pass the `generation` you hold as `known_generation` and positions are left out " +
    'while the model is unchanged. Read-only. An agent reads the frame with get_frame instead.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  ui: { resourceUri: PREVIEW_APP_URI, visibility: ['app'] },
  input: z.strictObject({
    max_points: z.number().int().min(1).max(200_000).default(50_000).describe('At most this many points'),
    known_generation: z.number().int().optional().describe('The model generation the caller already has'),
  }),
  output: z.strictObject({
    generation: z.number().int(),
    frame: z.number().int(),
    stride: z.number().int(),
    count: z.number().int(),
    xyz: z.string().optional().describe('base64 float32 little-endian x,y,z per point'),
    rgb: z.string().describe('base64 r,g,b bytes per point'),
  }),
  handle: (args, { light }) => {
    const p = previewPoints(light, args.max_points, args.known_generation);
    const b64 = (u: Uint8Array): string => Buffer.from(u.buffer, u.byteOffset, u.byteLength).toString('base64');
    return { generation: p.generation, frame: p.frame, stride: p.stride, count: p.count, rgb: b64(p.rgb), ...(p.xyz === undefined ? {} : { xyz: b64(p.xyz) }) };
  },
});
