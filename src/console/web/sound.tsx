import { sound } from './store.js';

/** The sound host: tracks, device controls, transport, arranger and the Grid patch. */
export function SoundView() {
  const s = sound.value;
  if (!s.available) {
    return (
      <section class="sound empty" aria-label="Sound">
        <h2>Sound</h2>
        <p class="hint">{s.reason ?? 'The sound host is not running.'}</p>
      </section>
    );
  }
  return (
    <section class="sound" aria-label="Sound">
      <h2>Sound</h2>
    </section>
  );
}
