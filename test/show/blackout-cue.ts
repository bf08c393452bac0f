import type { TestShow } from '../helpers/show.js';

/** Channel 1 of the grid demo: the channel the blackout scene darkens. */
export const CH = '/lx/mixer/channel/1';

/** An unsaved edit the show tests share: a blackout scene (channel 1's fader held at 0) cued at the Verse marker (beat 32). */
export async function cueBlackout(show: TestShow): Promise<void> {
  await addBlackoutScene(show, 'Blackout');
  await show.call('place_light_cue', { marker: 'Verse', scene: 1 });
}

/** Scene 1 drops channel 1's fader to 0: a visible change wherever its cue fires. */
export async function addBlackoutScene(show: TestShow, label: string): Promise<void> {
  await show.call('add_clip', { bus: CH, slot: 1, label, length: { beats: 4 } });
  await show.call('set_clip_lane', {
    bus: CH,
    slot: 1,
    lane: `${CH}/fader`,
    events: [
      { ms: 0, value: 0 },
      { beats: 4, value: 0 },
    ],
  });
}
