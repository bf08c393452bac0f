import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Header blocks longer than this are Node's to refuse (431); the watcher stops looking. */
const MAX_HEAD_BYTES = 64 * 1024;
/** A chunk-size line longer than this is malformed; Node's parser answers it. */
const MAX_SIZE_LINE = 256;

type State =
  | { readonly at: 'head'; text: string }
  | { readonly at: 'body'; left: number }
  | { readonly at: 'size'; line: string }
  | { readonly at: 'data'; left: number }
  | { readonly at: 'crlf'; line: string }
  | { readonly at: 'off' };

/**
 * Follows the request framing of one connection, alongside Node's parser, for the one thing that
 * parser lets through: a chunk size that is valid hex but larger than any body Footlight accepts
 * (`FFFFFFFFFFFFFFFF`), for which Node would wait, holding the connection. Returns the offending
 * size, or undefined. Anything it does not follow (an upgrade, malformed framing) turns it off:
 * Node's parser stays the authority and answers malformed framing itself (400).
 */
export class ChunkSizeWatcher {
  private state: State = { at: 'head', text: '' };

  constructor(private readonly maxChunkBytes: number) {}

  /** Feeds received bytes; returns an oversized chunk size the moment one is announced. */
  feed(data: Buffer): bigint | undefined {
    let i = 0;
    while (i < data.length) {
      const s = this.state;
      switch (s.at) {
        case 'off':
          return undefined;
        case 'body':
        case 'data': {
          const take = Math.min(s.left, data.length - i);
          s.left -= take;
          i += take;
          if (s.left === 0) this.state = s.at === 'body' ? { at: 'head', text: '' } : { at: 'crlf', line: '' };
          break;
        }
        case 'head': {
          // Search the bytes kept so far too: the blank line may be split across two reads.
          const from = Math.max(0, s.text.length - 3);
          const text = s.text + data.toString('latin1', i, Math.min(data.length, i + MAX_HEAD_BYTES + 4));
          const end = text.indexOf('\r\n\r\n', from);
          if (end < 0) {
            s.text = text;
            i = data.length;
            if (s.text.length > MAX_HEAD_BYTES) this.state = { at: 'off' };
            break;
          }
          i += end + 4 - s.text.length;
          this.state = this.afterHead(text.slice(0, end + 4));
          break;
        }
        case 'size':
        case 'crlf': {
          const nl = data.indexOf(0x0a, i);
          const until = nl < 0 ? data.length : nl + 1;
          s.line += data.toString('latin1', i, until);
          i = until;
          if (s.line.length > MAX_SIZE_LINE) {
            this.state = { at: 'off' };
            break;
          }
          if (!s.line.endsWith('\n')) break;
          if (s.at === 'crlf') {
            // The CRLF that closes a chunk's data.
            this.state = s.line === '\r\n' ? { at: 'size', line: '' } : { at: 'off' };
            break;
          }
          const hex = s.line.replace(/[;\r\n].*$/s, '').trim();
          if (!/^[0-9A-Fa-f]{1,16}$/.test(hex)) {
            this.state = { at: 'off' };
            break;
          }
          const size = BigInt(`0x${hex}`);
          if (size > BigInt(this.maxChunkBytes)) return size;
          // After the last chunk, its trailer lines and blank line read as a head block without a body.
          this.state = size === 0n ? { at: 'head', text: '' } : { at: 'data', left: Number(size) };
          break;
        }
      }
    }
    return undefined;
  }

  private afterHead(head: string): State {
    const lines = head.replace(/^(\r\n)+/, '').split('\r\n');
    const field = (name: string): string | undefined => {
      const line = lines.find((l) => l.toLowerCase().startsWith(`${name}:`));
      return line
        ?.slice(name.length + 1)
        .trim()
        .toLowerCase();
    };
    if (field('upgrade') !== undefined) return { at: 'off' };
    const te = field('transfer-encoding');
    if (te !== undefined) return te.split(',').pop()?.trim() === 'chunked' ? { at: 'size', line: '' } : { at: 'off' };
    const cl = field('content-length');
    if (cl === undefined) return { at: 'head', text: '' };
    if (!/^\d{1,15}$/.test(cl)) return { at: 'off' };
    const n = Number(cl);
    return n === 0 ? { at: 'head', text: '' } : { at: 'body', left: n };
  }
}

/**
 * Answers an oversized chunk size with 400 and closes the connection at once. The watcher needs
 * the connection's bytes, which Node normally hands straight to its native parser; marking the
 * handle as taken before the server sees the connection makes Node feed its parser from the
 * socket's `data` events instead, which the watcher listens to first.
 */
export function refuseOversizedChunks(server: Server, maxChunkBytes: number, onRefused: (size: bigint) => void): void {
  server.prependListener('connection', (socket: Socket) => {
    const handle = (socket as unknown as { _handle?: { _consumed?: boolean } })._handle;
    if (handle === undefined) return;
    handle._consumed = true;
    const watcher = new ChunkSizeWatcher(maxChunkBytes);
    const onData = (data: Buffer): void => {
      const size = watcher.feed(data);
      if (size === undefined) return;
      socket.off('data', onData);
      onRefused(size);
      const body = JSON.stringify({
        error: 'invalid_argument',
        message: `a chunk of ${size} bytes exceeds the ${maxChunkBytes}-byte body limit; the connection is closed`,
      });
      const answered = (socket as unknown as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
      if (!answered)
        socket.write(
          `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: ` +
            `close\r\n\r\n${body}`,
        );
      socket.destroySoon();
      setTimeout(() => socket.destroy(), 1000).unref();
    };
    socket.prependListener('data', onData);
  });
}
