// The MCP Apps side of the host bridge: JSON-RPC 2.0 over postMessage with the host window.
// The app opens no connection of its own; every call goes through the host to Footlight's /mcp
// endpoint, so the endpoint's Host/Origin rules and the agent's session apply to it.

type Pending = { resolve: (v: any) => void; reject: (e: Error) => void };

export class HostBridge {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Notifications from the host (tool input and results), by method. */
  readonly onNotification = new Map<string, (params: any) => void>();

  constructor(private readonly host: Window) {
    window.addEventListener('message', (event) => {
      if (event.source !== this.host) return; // only the embedding host speaks to the app
      const msg = event.data as { id?: number; method?: string; result?: unknown; error?: { message: string }; params?: unknown };
      if (msg === null || typeof msg !== 'object') return;
      if (msg.id !== undefined && msg.method === undefined) {
        const p = this.pending.get(msg.id);
        if (p === undefined) return;
        this.pending.delete(msg.id);
        if (msg.error !== undefined) p.reject(new Error(msg.error.message));
        else p.resolve(msg.result);
      } else if (msg.method !== undefined && msg.id === undefined) {
        this.onNotification.get(msg.method)?.(msg.params);
      }
    });
  }

  request(method: string, params: Record<string, unknown>): Promise<any> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.host.postMessage({ jsonrpc: '2.0', id, method, params }, '*');
    });
  }

  notify(method: string, params: Record<string, unknown> = {}): void {
    this.host.postMessage({ jsonrpc: '2.0', method, params }, '*');
  }

  /** A Footlight tool through the host; a tool error becomes a thrown Error with its text. */
  async call(name: string, args: Record<string, unknown> = {}): Promise<any> {
    const result = await this.request('tools/call', { name, arguments: args });
    if (result?.isError === true) throw new Error(String(result.content?.[0]?.text ?? `${name} failed`));
    return result?.structuredContent;
  }
}
