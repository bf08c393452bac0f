// Sound quality figures of issue #28 measured on offline renders by an independent tool (fft.js):
// each row prints its figure beside its target, with the load average (the figures do not depend
// on load; the time a row takes does). The rows and their measures are test/sound/audio/alias.ts,
// the same ones test/sound/audio/aliasing.test.ts holds to the targets.
import { ALIAS_ROWS } from '../test/sound/audio/alias.js';
import { fmt, machine } from './load-loop.js';

const start = machine();
console.log(`audio quality (dB; load average ${start.loadAverage.join(' ')})`);
for (const row of ALIAS_ROWS) {
  const db = row.measure();
  console.log(`${row.name.padEnd(52)} ${fmt(db, 1).padStart(7)} dB  (target ≤ ${row.target} dB)${db <= row.target ? '' : '  MISSED'}`);
}
