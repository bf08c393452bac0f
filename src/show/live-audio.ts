// The sound the light hears live: the live engine's own output (src/sound/live renders the song
// in a worker), the master or one track post-fader, handed over with each tick and released to
// the light as the output plays it — so the light reacts to what is heard, when it is heard, and
// no second render of the song runs. Offline, song-audio.ts renders the same tap in step with
// the frames; both cut it into the same blocks (AudioBlocks), so the same audio gives the same light.
import type { LightShow } from '../light/show/light-show.js';
import type { LivePlayer } from '../sound/live/player.js';
import { AudioBlocks } from './audio-blocks.js';

const LIVE_RATE = 48000;

/** Wires the live engine's output into the light's audio devices; `track` names the track heard (default the master). Returns the unlink. */
export function linkLiveAudio(light: LightShow, live: LivePlayer, options: { readonly track?: string } = {}): { readonly audio: AudioBlocks; unlink(): void } {
  const blocks = new AudioBlocks(LIVE_RATE);
  live.setLightTrack(options.track);
  /** The next sample to hand the light; −1 until the first frame (it starts from what plays then). */
  let cursor = -1;
  const push = (mono: Float32Array, offset: number, n: number): void => blocks.push(mono, offset, n);
  const hook = (): void => {
    light.lx.audioInput = blocks;
    blocks.beginFrame();
    const heard = live.playout.playedSample(performance.timeOrigin + performance.now());
    if (cursor < 0) cursor = heard;
    cursor = live.playout.readLight(cursor, heard, push);
  };
  light.beforeFrame.push(hook);
  return {
    audio: blocks,
    unlink() {
      const i = light.beforeFrame.indexOf(hook);
      if (i >= 0) light.beforeFrame.splice(i, 1);
      if (light.lx.audioInput === blocks) light.lx.audioInput = null;
    },
  };
}
