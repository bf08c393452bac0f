// song_listen's default reply: every figure of the host's song-listen, with the series cut to a
// coarse timeline an agent can read at a glance (detail: "full" keeps the host's reply whole).

/** Coarse timeline entries at most (the host sends up to 48 segments). */
const SUMMARY_SEGMENTS = 12;
/** Onsets and pitched notes listed at most (the counts stay exact). */
const SUMMARY_EVENTS = 16;

interface Segment {
  t: number;
  beat: number | null;
  rms_dbfs: number | null;
  centroid_hz: number | null;
  bands_db: Record<string, number | null>;
}

const toPower = (db: number | null): number => (db === null ? 0 : 10 ** (db / 10));
const toDb = (power: number): number | null => (power > 0 ? Math.round(10 * Math.log10(power) * 10) / 10 : null);

/** Merges runs of segments: levels averaged as power, centroids as a mean of those present. */
function coarsen(segments: readonly Segment[]): Segment[] {
  const per = Math.ceil(segments.length / SUMMARY_SEGMENTS);
  if (per <= 1) return [...segments];
  const out: Segment[] = [];
  for (let i = 0; i < segments.length; i += per) {
    const run = segments.slice(i, i + per);
    const mean = (f: (s: Segment) => number): number => run.reduce((a, s) => a + f(s), 0) / run.length;
    const centroids = run.map((s) => s.centroid_hz).filter((c): c is number => c !== null);
    out.push({
      t: run[0].t,
      beat: run[0].beat,
      rms_dbfs: toDb(mean((s) => toPower(s.rms_dbfs))),
      centroid_hz: centroids.length === 0 ? null : Math.round(centroids.reduce((a, c) => a + c, 0) / centroids.length),
      bands_db: Object.fromEntries(Object.keys(run[0].bands_db).map((band) => [band, toDb(mean((s) => toPower(s.bands_db[band])))])),
    });
  }
  return out;
}

/** The host's song-listen reply with its series shortened; says what was cut and how to get it. */
export function summarizeListen(native: Record<string, unknown>): Record<string, unknown> {
  const overTime = (native.over_time ?? []) as Segment[];
  const onsets = (native.onsets ?? []) as unknown[];
  const notes = (native.monophonic_notes ?? []) as unknown[];
  const coarse = coarsen(overTime);
  const cut = coarse.length < overTime.length || onsets.length > SUMMARY_EVENTS || notes.length > SUMMARY_EVENTS;
  if (!cut) return native;
  return {
    ...native,
    over_time: coarse,
    segment_seconds: coarse.length > 1 ? Math.round((coarse[1].t - coarse[0].t) * 1000) / 1000 : native.segment_seconds,
    onsets: onsets.slice(0, SUMMARY_EVENTS),
    monophonic_notes: notes.slice(0, SUMMARY_EVENTS),
    summarized:
      `over_time merged from ${overTime.length} to ${coarse.length} segments; the first ${SUMMARY_EVENTS} onsets (of ${native.onset_count}) and ` +
      `pitched notes (of ${notes.length}); detail: "full" returns every segment, onset and note`,
  };
}
