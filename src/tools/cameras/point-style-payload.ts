import * as z from 'zod';
import { LED_STYLES, MAX_GAMMA, MAX_POINT_PX, MIN_GAMMA, MIN_POINT_PX, type PointStyle } from '../../light/show/point-style.js';

export const PointStylePayload = z.strictObject({
  size: z.union([z.number(), z.literal('auto')]).describe('Point diameter in pixels, or "auto" (sized by the point count)'),
  led: z.enum(LED_STYLES).describe('disc, square, or glow (soft, adds up where points overlap)'),
  gamma: z.number().describe('Display gamma: a byte v shows as 255·(v/255)^(1/gamma); 1 shows the bytes as they are'),
});

export const POINT_STYLE_INPUT = {
  size: z
    .union([z.number().min(MIN_POINT_PX).max(MAX_POINT_PX), z.literal('auto')])
    .optional()
    .describe(`Point diameter in pixels, ${MIN_POINT_PX}–${MAX_POINT_PX} (CSS pixels in the console, image pixels in get_frame), or "auto"`),
  led: z.enum(LED_STYLES).optional().describe('LED style: disc (default), square, or glow (soft, brightest at the centre, adds up)'),
  gamma: z.number().min(MIN_GAMMA).max(MAX_GAMMA).optional().describe(`Display gamma, ${MIN_GAMMA}–${MAX_GAMMA} (default 1; 2.2 brightens mid-tones)`),
};

export const toPointStylePayload = (s: PointStyle): z.infer<typeof PointStylePayload> => ({ size: s.size, led: s.led, gamma: s.gamma });
