// The level chain every output is dimmed by, pixels (OutputEngine.encode) and stage fixtures
// (StageRig.drive) alike: one function, so the two can never disagree.
interface Level {
  getValue(): number;
}

/** The parameters of the level chain, as the light show holds them. */
interface LevelChainSource {
  readonly mixer: { readonly master: { readonly previewMode: Level; readonly fader: Level } };
  readonly lx: { readonly output: { readonly brightness: Level } };
  readonly structure: { readonly output: { readonly brightness: Level } };
}

/**
 * The chain of output brightnesses every output (pixel or stage fixture) is dimmed by, 0–1: the
 * master fader when its preview mode is PRE (POST already scaled the frame) × /lx/output ×
 * the structure output's brightness, multiplied in LX's order.
 */
export function levelChain(show: LevelChainSource): number {
  const master = show.mixer.master;
  const fader = master.previewMode.getValue() === 0 ? master.fader.getValue() : 1;
  return fader * show.lx.output.brightness.getValue() * show.structure.output.brightness.getValue();
}
