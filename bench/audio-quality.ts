// Sound quality figures of issue #28 measured on offline renders by an independent tool (fft.js):
// each row prints its figure beside its target, with the load average (the figures do not depend
// on load; the time a row takes does). The rows and their measures are test/sound/audio/quality.ts,
// the same ones test/sound/audio/quality.test.ts holds to the targets. Writes
// bench/results/audio-quality.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { meets, QUALITY_ROWS } from '../test/sound/audio/quality.js';
import { fmt, machine } from './load-loop.js';

const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));
const start = machine();
console.log(`audio quality (dB; load average ${start.loadAverage.join(' ')})`);
const rows: { name: string; db: number; target: number; atLeast: boolean; met: boolean }[] = [];
for (const row of QUALITY_ROWS) {
  const db = row.measure();
  const met = meets(row, db);
  rows.push({ name: row.name, db, target: row.target, atLeast: row.atLeast === true, met });
  console.log(`${row.name.padEnd(52)} ${fmt(db, 1).padStart(7)} dB  (target ${row.atLeast === true ? '≥' : '≤'} ${row.target} dB)${met ? '' : '  MISSED'}`);
}
await mkdir(RESULTS, { recursive: true });
await writeFile(`${RESULTS}audio-quality.json`, `${JSON.stringify({ rows, machine: { start, end: machine() } }, null, 2)}\n`);
