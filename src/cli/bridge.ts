import { StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { footlightHome } from '../app/home.js';
import { pidAlive } from '../app/pid-alive.js';
import { readStatus, statusPath } from '../app/status-file.js';

/** Where the running Footlight listens, and the access token it needs beyond loopback. */
interface Upstream {
  readonly url: string;
  readonly token?: string;
}

/** Why Footlight cannot be reached, in words a person at a stdio client can act on. */
class Unreachable extends Error {}

const REINIT_TIMEOUT_MS = 10_000;

function log(line: string): void {
  process.stderr.write(`footlight bridge: ${line}\n`);
}

/** A send that certainly never reached a tool: the session was unknown (404), the token was refused (401) or nothing listened. */
function neverRan(err: unknown): 'session' | 'token' | 'refused' | undefined {
  if (err instanceof UnauthorizedError) return 'token';
  const text = String((err as Error).message ?? err);
  if ((err as { status?: unknown }).status === 404 || /\(HTTP 404\)/.test(text)) return 'session';
  const cause = (err as { cause?: { code?: unknown } }).cause;
  if (cause?.code === 'ECONNREFUSED') return 'refused';
  return undefined;
}

/**
 * `footlight bridge`: relays MCP between stdio and a running Footlight's HTTP endpoint, for
 * clients that only launch stdio servers (Claude Desktop). Messages pass through unchanged. When
 * Footlight restarts (same port: the session is unknown; new port: nothing answers at the old
 * one), the bridge re-reads status.json, initializes again with the client's own initialize and
 * re-sends the call that failed (it never ran), logging it on stderr. It exits when stdin closes.
 * A Footlight listening beyond loopback needs its access token: `--token`, else the one status.json holds.
 */
export async function bridge(options: { url?: string; token?: string }): Promise<void> {
  const home = footlightHome();
  const locate = async (): Promise<Upstream> => {
    if (options.url !== undefined) return { url: options.url, token: options.token };
    const status = await readStatus(home);
    if (status === undefined)
      throw new Unreachable(`no Footlight has run here (${statusPath(home)} is missing): start one with \`footlight serve\`, or pass --url`);
    if (!status.running)
      throw new Unreachable(
        `Footlight is stopped (status.json says it stopped${status.stoppedAt === undefined ? '' : ` at ${status.stoppedAt}`}): start it with \`footlight ` +
          `serve\``,
      );
    if (!pidAlive(status.pid))
      throw new Unreachable(
        `status.json is stale: it names process ${status.pid} at ${status.url}, which is not running (Footlight did not stop cleanly): start it with ` +
          `\`footlight serve\``,
      );
    return { url: status.url, token: options.token ?? status.accessToken };
  };
  const stdio = new StdioServerTransport();
  let initialize: (JSONRPCMessage & { id: string | number }) | undefined;
  let reinits = 0;
  const internal = new Map<string, (message: JSONRPCMessage) => void>();

  const open = async ({ url, token }: Upstream): Promise<StreamableHTTPClientTransport> => {
    const auth = token === undefined ? undefined : { requestInit: { headers: { authorization: `Bearer ${token}` } } };
    const http = new StreamableHTTPClientTransport(new URL(url), auth);
    http.onmessage = (message) => {
      const id = 'id' in message ? message.id : undefined;
      const own = typeof id === 'string' ? internal.get(id) : undefined;
      if (own !== undefined) return own(message);
      // Later requests must carry the negotiated protocol version, as an SDK client would send it.
      if (initialize !== undefined && id === initialize.id && 'result' in message) setVersion(http, message);
      void stdio.send(message);
    };
    http.onerror = (err) => log(err.message);
    await http.start();
    return http;
  };
  const setVersion = (http: StreamableHTTPClientTransport, reply: JSONRPCMessage): void => {
    const version = 'result' in reply ? (reply.result as { protocolVersion?: unknown }).protocolVersion : undefined;
    if (typeof version === 'string') http.setProtocolVersion(version);
  };
  /** A fresh upstream (status.json read again), initialized with the client's own initialize unless `plain` (its reply stays here). */
  const reconnect = async (plain: boolean): Promise<StreamableHTTPClientTransport> => {
    const where = await locate();
    const { url } = where;
    const http = await open(where);
    if (plain || initialize === undefined) return http;
    const id = `footlight-bridge-reinit-${++reinits}`;
    const reply = new Promise<JSONRPCMessage>((resolve, reject) => {
      internal.set(id, resolve);
      setTimeout(
        () => reject(new Unreachable(`Footlight at ${url} did not answer initialize within ${REINIT_TIMEOUT_MS / 1000} s`)),
        REINIT_TIMEOUT_MS,
      ).unref();
    }).finally(() => internal.delete(id));
    await http.send({ ...initialize, id } as JSONRPCMessage);
    const answer = await reply;
    if (!('result' in answer)) throw new Unreachable(`Footlight at ${url} refused initialize: ${JSON.stringify(answer).slice(0, 200)}`);
    setVersion(http, answer);
    await http.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    log(`re-initialized with Footlight at ${url}`);
    return http;
  };

  let upstream: Promise<StreamableHTTPClientTransport> = locate().then(open);
  upstream.catch(() => undefined); // reported on the first message that needs it
  const fail = (message: JSONRPCMessage, why: string): void => {
    log(why);
    if ('id' in message && 'method' in message)
      void stdio.send({ jsonrpc: '2.0', id: message.id, error: { code: -32000, message: `Footlight is unreachable: ${why}` } });
  };
  const relay = async (message: JSONRPCMessage): Promise<void> => {
    const isInitialize = 'method' in message && message.method === 'initialize' && 'id' in message;
    if (isInitialize) initialize = message as typeof initialize;
    const current = upstream;
    let http: StreamableHTTPClientTransport;
    try {
      http = await current;
    } catch {
      // Footlight was not there at start (or at the last attempt): look again now.
      if (upstream === current) upstream = reconnect(isInitialize);
      try {
        http = await upstream;
      } catch (err) {
        return fail(message, (err as Error).message);
      }
    }
    try {
      await http.send(message);
      return;
    } catch (err) {
      const reason = neverRan(err);
      if (reason === undefined)
        return fail(message, `the connection broke during ${describe(message)}; it may have run: re-read state before retrying (${(err as Error).message})`);
      if (upstream === current) {
        log(
          reason === 'session'
            ? 'Footlight answered 404 for this session: it restarted'
            : reason === 'token'
              ? 'Footlight refused the access token (a restart makes a new one): reading status.json again'
              : 'nothing listens at the old address: Footlight restarted or stopped',
        );
        void http.close().catch(() => undefined);
        upstream = reconnect(isInitialize);
      }
    }
    try {
      const fresh = await upstream;
      // The failed send never reached a tool (404 for an unknown session, or nothing listening), so once is safe.
      if (!isInitialize) log(`re-sent ${describe(message)}: it never ran on the old session`);
      await fresh.send(message);
    } catch (err) {
      fail(message, (err as Error).message);
    }
  };
  stdio.onmessage = (message) => void relay(message);
  const done = new Promise<void>((resolve) => {
    stdio.onclose = () => resolve();
  });
  await stdio.start();
  await done;
  await upstream.then((http) => http.close()).catch(() => undefined);
}

function describe(message: JSONRPCMessage): string {
  if (!('method' in message)) return 'a reply';
  const name = message.method === 'tools/call' ? (message.params as { name?: unknown } | undefined)?.name : undefined;
  return typeof name === 'string' ? `tools/call ${name}` : message.method;
}
