// The access token of a Footlight that listens beyond loopback. The serve banner and the Connect
// dialog give a console link ending in `#token=…`; the page keeps the token for this tab and
// removes it from the address bar, then sends it on every API request and WebSocket.
const KEY = 'footlight-access-token';

function readToken(): string | undefined {
  if (typeof location === 'undefined') return undefined;
  const fromLink = new URLSearchParams(location.hash.slice(1)).get('token');
  if (fromLink !== null && fromLink !== '') {
    sessionStorage.setItem(KEY, fromLink);
    history.replaceState(null, '', location.pathname + location.search);
    return fromLink;
  }
  return sessionStorage.getItem(KEY) ?? undefined;
}

const token = readToken();

/** Headers for an API request: the bearer token when this Footlight needs one. */
export function accessHeaders(): Record<string, string> {
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}

/** A WebSocket URL on this server for `path`, carrying the token (a browser WebSocket cannot send headers). */
export function socketUrl(path: string): string {
  const base = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
  return token === undefined ? base : `${base}?access_token=${encodeURIComponent(token)}`;
}
