import type { OutputKind } from './messages.js';

/** A real-time audio context the worker schedules its blocks on; its clock paces the render. */
export interface Output {
  currentTime(): number;
  /** Queues a stereo buffer to start at `when` (context seconds). */
  schedule(left: Float32Array, right: Float32Array, when: number): void;
  close(): Promise<void>;
}

const WEB_AUDIO_PACKAGE: string = 'node-web-audio-api';

interface WebAudioModule {
  AudioContext: new (
    options: object,
  ) => {
    readonly currentTime: number;
    readonly destination: unknown;
    createBuffer(channels: number, frames: number, rate: number): { copyToChannel(data: Float32Array, channel: number): void };
    createBufferSource(): { buffer: unknown; connect(node: unknown): void; start(when: number): void };
    close(): Promise<void>;
  };
}

/**
 * Opens `node-web-audio-api` (an optional dependency: prebuilt, BSD-3) on the sound card
 * (`device`) or on a context with no device that still runs in real time (`none`, for tests).
 * `clock` opens nothing. When the package or the device is missing, says why in one line.
 */
export async function openOutput(kind: OutputKind, sampleRate: number): Promise<{ output: Output | null; reason: string | null }> {
  if (kind === 'clock') return { output: null, reason: null };
  let mod: WebAudioModule;
  try {
    // Through a variable: the package's typings pull in the DOM library, which the server does not use.
    mod = (await import(WEB_AUDIO_PACKAGE)) as WebAudioModule;
  } catch (err) {
    return { output: null, reason: `the optional package node-web-audio-api did not load (${firstLine(err)}); playing to no device, paced by the clock` };
  }
  try {
    const ctx = new mod.AudioContext({ sampleRate, latencyHint: 'playback', ...(kind === 'none' ? { sinkId: { type: 'none' } } : {}) });
    return {
      output: {
        currentTime: () => ctx.currentTime,
        schedule(left, right, when) {
          const buf = ctx.createBuffer(2, left.length, sampleRate);
          buf.copyToChannel(left, 0);
          buf.copyToChannel(right, 1);
          const src = ctx.createBufferSource();
          src.buffer = buf;
          src.connect(ctx.destination);
          src.start(when);
        },
        close: () => ctx.close(),
      },
      reason: null,
    };
  } catch (err) {
    return { output: null, reason: `no sound card could be opened (${firstLine(err)}); playing to no device, paced by the clock` };
  }
}

const firstLine = (err: unknown): string => String((err as Error)?.message ?? err).split('\n')[0];
