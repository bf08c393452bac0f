// Sound quality figures of issue #28 measured on offline renders by an independent tool (fft.js):
// each row prints its figure beside its target, with the load average (the figures do not depend
// on load; the time a row takes does). The rows and their measures are test/sound/audio/quality.ts,
// the same ones test/sound/audio/quality.test.ts holds to the targets.
import { meets, QUALITY_ROWS } from '../test/sound/audio/quality.js';
import { fmt, machine } from './load-loop.js';

const start = machine();
console.log(`audio quality (dB; load average ${start.loadAverage.join(' ')})`);
for (const row of QUALITY_ROWS) {
  const db = row.measure();
  console.log(
    `${row.name.padEnd(52)} ${fmt(db, 1).padStart(7)} dB  (target ${row.atLeast === true ? '≥' : '≤'} ${row.target} dB)${meets(row, db) ? '' : '  MISSED'}`,
  );
}
