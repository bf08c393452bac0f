import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { footlightHome } from '../app/home.js';
import { readStatus } from '../app/status-file.js';

/**
 * `footlight bridge`: relays MCP between stdio and a running Footlight's HTTP endpoint, for
 * clients that only launch stdio servers (Claude Desktop). Messages pass through unchanged.
 */
export async function bridge(options: { url?: string }): Promise<void> {
  let url = options.url;
  if (url === undefined) {
    const status = await readStatus(footlightHome());
    if (status === undefined || !status.running) {
      process.stderr.write('footlight bridge: no running Footlight found (start one with `footlight serve`, or pass --url)\n');
      process.exitCode = 1;
      return;
    }
    url = status.url;
  }
  const http = new StreamableHTTPClientTransport(new URL(url));
  const stdio = new StdioServerTransport();
  const initializeIds = new Set<string | number>();
  stdio.onmessage = (message) => {
    if ('method' in message && message.method === 'initialize' && 'id' in message) initializeIds.add(message.id);
    http.send(message).catch((err: unknown) => {
      process.stderr.write(`footlight bridge: ${(err as Error).message}\n`);
      if ('id' in message && 'method' in message) {
        void stdio.send({ jsonrpc: '2.0', id: message.id, error: { code: -32000, message: `Footlight is unreachable at ${url}: ${(err as Error).message}` } });
      }
    });
  };
  http.onmessage = (message) => {
    // Later requests must carry the negotiated protocol version, as an SDK client would send it.
    if ('id' in message && initializeIds.has(message.id as string | number) && 'result' in message) {
      initializeIds.delete(message.id as string | number);
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') http.setProtocolVersion(version);
    }
    void stdio.send(message);
  };
  http.onerror = (err) => process.stderr.write(`footlight bridge: ${err.message}\n`);
  const done = new Promise<void>((resolve) => {
    stdio.onclose = () => resolve();
  });
  await http.start();
  await stdio.start();
  await done;
  await http.close();
}
