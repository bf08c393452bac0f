/** Structured logging: one JSON line per event on stderr, so stdout stays free for tools. */
export interface Logger {
  debug(fields: Record<string, unknown>, msg: string): void;
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
  error(fields: Record<string, unknown>, msg: string): void;
  child(fields: Record<string, unknown>): Logger;
}

type Level = 'debug' | 'info' | 'warn' | 'error';
const RANK: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function serializeError(err: unknown): unknown {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return err;
}

export function createLogger(options: { level?: Level; bindings?: Record<string, unknown>; write?: (line: string) => void } = {}): Logger {
  const min = RANK[options.level ?? (process.env.FOOTLIGHT_LOG_LEVEL as Level | undefined) ?? 'info'] ?? RANK.info;
  const write = options.write ?? ((line: string) => process.stderr.write(line));
  const bindings = options.bindings ?? {};
  const emit = (level: Level, fields: Record<string, unknown>, msg: string): void => {
    if (RANK[level] < min) return;
    const record: Record<string, unknown> = { time: new Date().toISOString(), level, msg, ...bindings };
    for (const [k, v] of Object.entries(fields)) record[k] = k === 'err' ? serializeError(v) : v;
    write(`${JSON.stringify(record)}\n`);
  };
  return {
    debug: (f, m) => emit('debug', f, m),
    info: (f, m) => emit('info', f, m),
    warn: (f, m) => emit('warn', f, m),
    error: (f, m) => emit('error', f, m),
    child: (f) => createLogger({ ...options, bindings: { ...bindings, ...f } }),
  };
}

/** A logger that drops everything (tests that assert on nothing logged use their own). */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child() {
    return silentLogger;
  },
};
