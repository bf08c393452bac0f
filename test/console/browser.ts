import { existsSync } from 'node:fs';
import { after, before, type TestContext } from 'node:test';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';

/** Debian's chromium (never a downloaded browser); FOOTLIGHT_CHROMIUM overrides the path. */
export const CHROMIUM = process.env.FOOTLIGHT_CHROMIUM ?? '/usr/bin/chromium';

/** The launch flags that work on this machine (headless, no sandbox as root, nothing phoning home). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
];

export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing: apt-get install -y chromium (the CI script does)`;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/**
 * One browser for a test file's tests: launched before them unless chromium is missing (then
 * `skip` says why, for the tests' `{ skip }`), closed after them.
 */
export function fileBrowser(): { readonly skip: string | undefined; readonly browser: () => Browser } {
  const skip = chromiumMissing();
  let browser: Browser | undefined;
  before(async () => {
    if (skip === undefined) browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
  return {
    skip,
    browser: () => {
      if (browser === undefined) throw new Error(skip ?? 'the browser is not launched yet');
      return browser;
    },
  };
}

/** One browser per test file, closed after it. */
export async function browserFor(t: TestContext | { after: (fn: () => Promise<void>) => void }): Promise<Browser> {
  const browser = await launch();
  t.after(() => browser.close());
  return browser;
}

export interface WatchedPage {
  readonly page: Page;
  /** Console errors, page errors and failed requests seen so far. */
  readonly problems: string[];
  /** Requests to anything but the console's own origin. */
  readonly external: string[];
}

/** Opens the console and records errors and any request leaving the console's origin. */
export async function openConsole(browser: Browser, base: string, viewport = { width: 1440, height: 900 }, query = ''): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport });
  const problems: string[] = [];
  const external: string[] = [];
  const origin = new URL(base).origin;
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page: ${err.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(origin) && !u.startsWith(origin.replace('http', 'ws')) && !u.startsWith('data:') && !u.startsWith('blob:')) external.push(u);
  });
  await page.goto(`${base}/${query}`);
  return { page, problems, external };
}
