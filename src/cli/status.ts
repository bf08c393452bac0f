import { request } from 'node:http';
import { footlightHome } from '../app/home.js';
import { readStatus, statusPath } from '../app/status-file.js';
import { pidAlive } from '../app/pid-alive.js';

function health(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host, port, path: '/health', method: 'GET', timeout: 3000, headers: { host: `127.0.0.1:${port}` } }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** `footlight status`: is a Footlight running here, and does it answer? Exit 0 only if both. */
export async function status(): Promise<void> {
  const home = footlightHome();
  const s = await readStatus(home);
  if (s === undefined) {
    process.stdout.write(`No Footlight status at ${statusPath(home)}: none has run with this FOOTLIGHT_HOME.\n`);
    process.exitCode = 1;
    return;
  }
  const alive = s.running && pidAlive(s.pid);
  const answering = alive && (await health(s.host === '0.0.0.0' || s.host === '::' ? '127.0.0.1' : s.host, s.port));
  const state = answering ? 'running' : alive ? 'not answering' : 'stopped';
  const lines = [
    `Footlight ${s.serverVersion} (build ${s.buildTime}${s.code === undefined ? '' : `, ${s.code}`}) — ${state}`,
    `  pid ${s.pid}, started ${s.startedAt}${s.stoppedAt !== undefined ? `, stopped ${s.stoppedAt}` : ''}`,
    `  MCP ${s.url}`,
    `  connected: ${s.connected ? 'yes' : 'no'}${s.lastActivityAt !== undefined ? `, last activity ${s.lastActivityAt}` : ''}`,
    `  project: ${s.projectPath ?? '(built-in demo show)'}`,
  ];
  if (s.protocol3 !== undefined) lines.push(`  protocol 3: ${s.protocol3.host}:${s.protocol3.port}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!answering) process.exitCode = 1;
}
