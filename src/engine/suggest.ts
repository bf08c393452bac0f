/** Edit distance, capped: beyond `cap` the exact figure does not matter. */
function distance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/**
 * The names closest to one that was not found: those containing it (or contained in it), then
 * those within two edits, case-insensitive; at most `max`. "speed" → "motionSpeed".
 */
function closestNames(wanted: string, names: Iterable<string>, max = 3): string[] {
  const w = wanted.toLowerCase();
  if (w === '') return [];
  const scored: { name: string; score: number }[] = [];
  for (const name of names) {
    const n = name.toLowerCase();
    const score = n.includes(w) || (n.length >= 3 && w.includes(n)) ? Math.abs(n.length - w.length) : distance(w, n, 2) <= 2 ? 100 + distance(w, n, 2) : -1;
    if (score >= 0) scored.push({ name, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((s) => s.name);
}

/** "; closest: "motionSpeed", "speedRange"" for a not-found message, or "" when nothing is close. */
export function closestHint(wanted: string, names: Iterable<string>): string {
  const near = closestNames(wanted, names);
  return near.length === 0 ? '' : `; closest: ${near.map((n) => JSON.stringify(n)).join(', ')}`;
}
