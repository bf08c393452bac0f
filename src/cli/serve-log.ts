import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger, type Logger } from '../engine/log.js';

/** Where `serve` keeps its full JSON log. */
export function logPath(home: string): string {
  return join(home, 'footlight.log');
}

/**
 * The `serve` log: every record as a JSON line in `<home>/footlight.log`; warnings and errors
 * also on stderr, in words, so a terminal shows the banner and what needs attention, not JSON.
 */
export function serveLogger(home: string): Logger {
  mkdirSync(home, { recursive: true });
  const file = createWriteStream(logPath(home), { flags: 'a' });
  file.on('error', (err) => process.stderr.write(`footlight: cannot write ${logPath(home)}: ${err.message}\n`));
  return createLogger({
    write: (line) => {
      file.write(line);
      const record = JSON.parse(line) as Record<string, unknown>;
      if (record.level !== 'warn' && record.level !== 'error') return;
      process.stderr.write(`footlight: ${record.level === 'error' ? 'error' : 'warning'}: ${String(record.msg)}${details(record)}\n`);
    },
  });
}

/** The record's own fields, short: `(path=…, reason=…)`; an error by its message. */
function details(record: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(record)) {
    if (k === 'time' || k === 'level' || k === 'msg' || k === 'component') continue;
    const text =
      k === 'err' && typeof v === 'object' && v !== null ? String((v as { message?: unknown }).message) : typeof v === 'string' ? v : JSON.stringify(v);
    parts.push(`${k}=${text.length > 200 ? `${text.slice(0, 200)}…` : text}`);
  }
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}
