// The MCP App (ui://footlight/preview) in a real headless Chromium, hosted the way an MCP Apps
// host does it: the resource's HTML in a sandboxed iframe, JSON-RPC over postMessage, and the
// app's tools/call forwarded to Footlight by an official SDK client over HTTP.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { startShow } from '../helpers/show.js';
import { fileBrowser } from './browser.js';

declare const window: any;
declare const document: any;

const { skip, browser } = fileBrowser();

/** The host page: answers ui/initialize, forwards tools/call to `hostCallTool`, refuses the rest. */
const HOST_PAGE = `<!doctype html><html><body style="margin:0">
<iframe id="app" sandbox="allow-scripts" style="width:640px;height:420px;border:0"></iframe>
<script>
window.hostLog = [];
const frame = document.getElementById('app');
const send = (m) => frame.contentWindow.postMessage(Object.assign({ jsonrpc: '2.0' }, m), '*');
window.addEventListener('message', async (e) => {
  if (e.source !== frame.contentWindow) return;
  const m = e.data;
  window.hostLog.push(m.method === 'tools/call' ? 'tools/call ' + m.params.name : m.method);
  if (m.method === 'ui/initialize') {
    send({ id: m.id, result: { protocolVersion: m.params.protocolVersion, hostInfo: { name: 'test-host', version: '1' },
      hostCapabilities: { serverTools: {} }, hostContext: { theme: 'dark', displayMode: 'inline' } } });
  } else if (m.method === 'tools/call') {
    try { send({ id: m.id, result: await window.hostCallTool(m.params.name, m.params.arguments || {}) }); }
    catch (err) { send({ id: m.id, error: { code: -32603, message: String(err) } }); }
  } else if (m.id !== undefined) {
    send({ id: m.id, error: { code: -32601, message: 'Method not found' } });
  }
});
</script></body></html>`;

test('MCP App: the ui:// resource renders the engine frame in a sandboxed frame; an edit from it is one undoable step', { skip }, async (t) => {
  const show = await startShow(t);
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(2, 1000 / 60));

  // What a host discovers: the extension, the resource, and the tools that link it.
  const caps = show.client.getServerCapabilities() as { extensions?: Record<string, unknown> };
  assert.deepEqual(caps.extensions?.['io.modelcontextprotocol/ui'], { mimeTypes: ['text/html;profile=mcp-app'] });
  const tools = (await show.client.listTools()).tools;
  for (const name of ['get_frame', 'get_status']) {
    assert.equal((tools.find((x) => x.name === name)?._meta as { ui?: { resourceUri?: string } })?.ui?.resourceUri, 'ui://footlight/preview', name);
  }
  assert.equal(
    tools.find((x) => x.name === 'get_preview_points'),
    undefined,
    'the app-only tool is not in the default list',
  );
  const read = await show.client.readResource({ uri: 'ui://footlight/preview' });
  const content = read.contents[0] as { mimeType: string; text: string; _meta?: { ui?: { csp?: unknown } } };
  assert.equal(content.mimeType, 'text/html;profile=mcp-app');
  assert.deepEqual(content._meta?.ui?.csp, { connectDomains: [], resourceDomains: [] });
  assert.doesNotMatch(content.text, /<script[^>]+src=|<link[^>]+href="(?!data:)/, 'self-contained: nothing to fetch');

  const page = await browser().newPage();
  t.after(() => page.close());
  const problems: string[] = [];
  const external: string[] = [];
  page.on('pageerror', (err) => problems.push(`page: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('request', (r) => {
    if (!r.url().startsWith('data:') && !r.url().startsWith('about:')) external.push(r.url());
  });
  await page.exposeFunction('hostCallTool', (name: string, args: Record<string, unknown>) => show.client.callTool({ name, arguments: args }));
  await page.setContent(HOST_PAGE);
  await page.evaluate((html) => {
    document.getElementById('app').srcdoc = html;
  }, content.text);
  await page.waitForFunction(() => document.getElementById('app').contentWindow !== null);
  let app: Frame | undefined;
  for (let i = 0; i < 200 && app === undefined; i++) {
    app = page.frames().find((f) => f !== page.mainFrame() && f.url() === 'about:srcdoc');
    if (app === undefined) await new Promise((r) => setTimeout(r, 25));
  }
  assert.ok(app !== undefined, 'the app frame loaded');
  await app.waitForFunction(() => (window.__footlightApp?.preview.lastFrame ?? -1) >= 0, undefined, { timeout: 15_000 });

  // The frame it drew is the engine's frame, and the canvas is lit.
  const rgb = await app.evaluate(() => Array.from(window.__footlightApp.preview.lastRgb as Uint8Array));
  const main = show.app.light.main;
  assert.equal(rgb.length, main.length * 3);
  for (let i = 0; i < main.length; i++) {
    const c = main[i];
    assert.deepEqual([rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]], [(c >>> 16) & 255, (c >>> 8) & 255, c & 255], `point ${i}`);
  }
  assert.ok((await app.evaluate(() => window.__footlightApp.preview.litPixels())) > 500, 'the canvas shows lit points');
  const host = await app.evaluate(() => window.__footlightApp.host.hostInfo.name);
  assert.equal(host, 'test-host');
  const log = (await page.evaluate(() => window.hostLog)) as string[];
  assert.deepEqual(log.slice(0, 2), ['ui/initialize', 'ui/notifications/initialized'], 'the handshake comes first');

  // An edit made in the app: one step in the shared history, attributed to the host's session; its Undo restores it.
  const before = show.app.light.mixer.master.fader.getValue();
  assert.deepEqual((await show.call('get_history')).steps, []);
  await app.locator('#fader').fill('0.25');
  for (let i = 0; i < 200 && show.app.light.mixer.master.fader.getValue() !== 0.25; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(show.app.light.mixer.master.fader.getValue(), 0.25);
  const steps = (await show.call('get_history')).steps as { label: string }[];
  assert.equal(steps.length, 1, JSON.stringify(steps));
  await app.locator('#undo').click();
  for (let i = 0; i < 200 && show.app.light.mixer.master.fader.getValue() !== before; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(show.app.light.mixer.master.fader.getValue(), before, 'undone from the app');
  assert.equal(((await show.call('get_history')).steps as unknown[]).length, 0, 'history restored');
  await app.waitForFunction(() => document.getElementById('status').textContent === 'undone');

  // The show's point style reaches the app's preview (read every 5 s).
  await show.call('set_point_style', { led: 'glow', gamma: 2.2 });
  await app.waitForFunction(() => window.__footlightApp.preview.style.led === 'glow' && window.__footlightApp.preview.style.gamma === 2.2, undefined, {
    timeout: 15_000,
  });

  assert.deepEqual(problems, []);
  assert.deepEqual(external, [], 'the app fetched nothing');
});
