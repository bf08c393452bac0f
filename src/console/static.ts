import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendJson } from '../net/replies.js';

/** Where `npm ci` (the `prepare` script) puts the bundled page. */
const DEFAULT_BUNDLE_DIR = fileURLToPath(new URL('../../dist/console/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
};

interface Cached {
  readonly mtimeMs: number;
  readonly body: Buffer;
  readonly etag: string;
}

/**
 * Serves the bundled console (GET/HEAD only) from one folder: no directory listing, no path
 * outside it, ETags for revalidation, and a content security policy that allows nothing but
 * this origin, so the page makes no external requests.
 */
export class StaticFiles {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly root: string = DEFAULT_BUNDLE_DIR) {}

  async serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      return false;
    }
    if (rel === '/' || rel === '/index.html') rel = '/index.html';
    if (rel.includes('\0')) return false;
    const file = normalize(join(this.root, rel));
    if (!file.startsWith(this.root.endsWith(sep) ? this.root : this.root + sep)) return false;
    const type = TYPES[extname(file)];
    if (type === undefined) return false;
    const entry = await this.load(file);
    if (entry === undefined) {
      if (rel === '/index.html') {
        sendJson(res, 503, {
          error: 'internal',
          message: `the console is not built: ${this.root} is missing. Run \`npm ci\` (or \`npm run build:console\`) in the Footlight folder.`,
        });
        return true;
      }
      return false;
    }
    const host = req.headers.host ?? '127.0.0.1';
    const headers: Record<string, string> = {
      'content-type': type,
      'content-length': String(entry.body.length),
      etag: entry.etag,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    };
    if (type.startsWith('text/html')) {
      headers['content-security-policy'] =
        `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self' ` +
        `ws://${host}; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`;
      headers['x-frame-options'] = 'DENY';
    }
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, { etag: entry.etag, 'cache-control': 'no-cache' });
      res.end();
      return true;
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : entry.body);
    return true;
  }

  private async load(file: string): Promise<Cached | undefined> {
    let info;
    try {
      info = await stat(file);
    } catch {
      return undefined;
    }
    if (!info.isFile()) return undefined;
    const hit = this.cache.get(file);
    if (hit !== undefined && hit.mtimeMs === info.mtimeMs) return hit;
    const body = await readFile(file);
    const entry = { mtimeMs: info.mtimeMs, body, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"` };
    this.cache.set(file, entry);
    return entry;
  }
}
