import { isFootlightError } from '../engine/errors.js';
import { resolve } from 'node:path';
import { createLogger } from '../engine/log.js';
import { ListenError } from '../http/server.js';
import { startFootlight } from '../main.js';

export interface ServeOptions {
  readonly project?: string;
  readonly media?: string;
  readonly host?: string;
  readonly port?: number;
  readonly soundPort?: number;
  readonly soundHost?: string;
  readonly soundCooperative?: boolean;
  readonly soundOutputRoot?: string;
  readonly toolsets?: string;
  readonly readOnly?: boolean;
}

/** `footlight serve`: runs until SIGINT/SIGTERM, then stops cleanly and marks status.json stopped. */
export async function serve(options: ServeOptions): Promise<void> {
  const log = createLogger();
  let app;
  try {
    app = await startFootlight({
      host: options.host,
      port: options.port,
      soundPort: options.soundPort,
      soundHost: options.soundHost,
      soundCooperative: options.soundCooperative,
      soundOutputRoot: options.soundOutputRoot === undefined ? undefined : resolve(options.soundOutputRoot),
      project: options.project,
      media: options.media,
      toolsets: options.toolsets?.split(','),
      readOnlyTools: options.readOnly,
      log,
    });
  } catch (err) {
    if (err instanceof ListenError) {
      log.error({}, err.message);
      process.exitCode = 1;
      return;
    }
    if (isFootlightError(err)) {
      log.error({ project: options.project }, options.project !== undefined && !/toolset/.test(err.message) ? `cannot open the project: ${err.message}` : err.message);
      process.exitCode = 2;
      return;
    }
    throw err;
  }
  const show = app.light.projectPath !== undefined ? `  Project: ${app.light.projectPath}\n` : '';
  const sound = options.soundHost === undefined ? '' : `  Sound:   the sound tools drive ${options.soundHost}${options.soundCooperative === true ? ' (cooperative grant on)' : ''}\n`;
  const tools = app.services.tools.length;
  process.stdout.write(`Footlight is running.\n${show}  MCP:     ${app.http.url} (${tools} tools)\n  Console: ${app.http.url.replace(/\/mcp$/, '/')}\n  Status:  ${app.home}/status.json\n${sound}Press Ctrl-C to stop.\n`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
