// The console's live preview in headless Chromium (Debian's, through playwright-core): the frame
// rate the page draws and the WebSocket bandwidth, for a grid of 10k and of 100k points running
// an animated pattern (Noise) in real time. Prints figures; asserts nothing.
//
//   npm run bench:console            (BENCH_SECONDS=5, BENCH_POINTS=10000,100000 to change)
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../src/engine/log.js';
import { createLibrary } from '../src/light/devices/library.js';
import type { Channel } from '../src/light/mixer/channel.js';
import { Fixture } from '../src/light/structure/fixture.js';
import { startFootlight, type RunningFootlight } from '../src/main.js';
import { launch, openConsole } from '../test/console/browser.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SIZES = (process.env.BENCH_POINTS ?? '10000,100000').split(',').map(Number);

declare const window: {
  __footlight: {
    preview?: { stats: { rendered: number; framesShown: number; points: number } };
    previewStats: { framesReceived: number; bytesReceived: number };
  };
};

/** Replaces the demo's grid with one of about `points` points and puts Noise on channel 1. */
async function shape(app: RunningFootlight, points: number): Promise<number> {
  return app.engine.queue.submit(() => {
    const structure = app.light.structure;
    for (const f of [...structure.fixtures.items]) structure.removeFixture(f);
    const cols = Math.ceil(Math.sqrt(points));
    const rows = Math.ceil(points / cols);
    const grid = new Fixture('GridFixture', 'Grid');
    grid.parameters.get('numRows')?.setBase(rows);
    grid.parameters.get('numColumns')?.setBase(cols);
    structure.addFixture(grid);
    const ch = app.light.mixer.channels.at(0) as Channel;
    const lib = createLibrary();
    const noise = lib.create(lib.find('pattern', 'Noise'));
    // Noise with motion, so every frame differs (motionSpeed defaults to 0: a still picture).
    (noise.parameters.get('motionSpeed') as unknown as { setNormalized(n: number): void }).setNormalized(0.75);
    ch.addPattern(noise as never, 0);
    ch.patternEngine.goPattern(noise as never);
    return structure.model.size;
  });
}

interface Row {
  points: number;
  shown: number;
  engineFps: number;
  framesSentPerSec: number;
  drawnFps: number;
  newFramesDrawnPerSec: number;
  kbPerSec: number;
  bytesPerFrame: number;
}

const browser = await launch();
const rows: Row[] = [];
try {
  for (const size of SIZES) {
    const home = await mkdtemp(join(tmpdir(), 'footlight-bench-'));
    const app = await startFootlight({ host: '127.0.0.1', port: 0, soundPort: 0, home, log: silentLogger, realtime: true, writeStatus: false });
    try {
      const points = await shape(app, size);
      const base = app.http.url.replace(/\/mcp$/, '');
      const { page, problems } = await openConsole(browser, base, { width: 1280, height: 800 });
      await page.waitForFunction(() => (window.__footlight.preview?.stats.framesShown ?? 0) > 2, undefined, { timeout: 30_000 });
      await page.waitForTimeout(1500);
      const read = () =>
        page.evaluate(() => ({
          rendered: window.__footlight.preview!.stats.rendered,
          shown: window.__footlight.preview!.stats.framesShown,
          points: window.__footlight.preview!.stats.points,
          bytes: window.__footlight.previewStats.bytesReceived,
          frames: window.__footlight.previewStats.framesReceived,
        }));
      const engine0 = app.engine.clock.stats().frames;
      const a = await read();
      const t0 = performance.now();
      await page.waitForTimeout(SECONDS * 1000);
      const b = await read();
      const dt = (performance.now() - t0) / 1000;
      const engine1 = app.engine.clock.stats().frames;
      const frames = b.frames - a.frames;
      rows.push({
        points,
        shown: b.points,
        engineFps: (engine1 - engine0) / dt,
        framesSentPerSec: frames / dt,
        drawnFps: (b.rendered - a.rendered) / dt,
        newFramesDrawnPerSec: (b.shown - a.shown) / dt,
        kbPerSec: (b.bytes - a.bytes) / 1024 / dt,
        bytesPerFrame: frames > 0 ? (b.bytes - a.bytes) / frames : 0,
      });
      if (problems.length > 0) console.error(problems);
      await page.close();
    } finally {
      await app.close();
      await rm(home, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}

const f = (n: number, d = 1): string => n.toFixed(d);
console.log(`console preview, headless Chromium (SwiftShader WebGL), ${SECONDS} s per size, Noise pattern in real time`);
console.log('points   shown   engine fps  frames sent/s  page draws/s  new frames drawn/s  WebSocket KiB/s  bytes/frame');
for (const r of rows) {
  console.log(
    `${String(r.points).padEnd(8)} ${String(r.shown).padEnd(7)} ${f(r.engineFps).padStart(10)}  ${f(r.framesSentPerSec).padStart(13)}  ` +
      `${f(r.drawnFps).padStart(12)}  ${f(r.newFramesDrawnPerSec).padStart(18)}  ${f(r.kbPerSec).padStart(15)}  ${f(r.bytesPerFrame, 0).padStart(11)}`,
  );
}
const dir = new URL('./results/', import.meta.url).pathname;
await mkdir(dir, { recursive: true });
await writeFile(join(dir, 'console-preview.json'), `${JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, rows }, null, 2)}\n`);
