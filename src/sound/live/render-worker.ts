// The live render worker: runs the DSP in real time off the engine thread. It owns the
// AudioEngine and its pacing; the engine thread only posts plans and transport changes and reads
// ticks, so a slow light frame never starves the output and audio never delays a light frame.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { AudioEngine } from '../audio/dsp/engine.js';
import { BLOCK } from '../audio/dsp/math.js';
import type { RenderPlan } from '../audio/dsp/plan.js';
import type { FromWorker, NoteReceipt, OutputKind, ToWorker } from './messages.js';
import { openOutput, type Output } from './output.js';
import { patchInPlace } from './plan-patch.js';
import { soundFontsReady } from '../samples/soundfont.js';

// SoundFont zones play in this thread: SF3's Vorbis decoder is ready before the first plan (messages wait in the port).
await soundFontsReady();

const RATE = 48000;
/**
 * Blocks rendered ahead of the play-out time (by default 48, ≈ 128 ms: a loaded machine can hold
 * a thread off the CPU that long): the sink's buffer, and what a note played live waits for.
 */
const LEAD_BLOCKS = (workerData as { leadBlocks: number }).leadBlocks;
/** Blocks per tick (≈ 50 ms). */
const TICK_BLOCKS = 19;
/** Blocks per buffer handed to an output context (≈ 10.7 ms). */
const CHUNK_BLOCKS = 4;

const port = parentPort!;
const post = (m: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(m, transfer);

let engine: AudioEngine | null = null;
let plan: RenderPlan | null = null;
let out: Output | null = null;
let base = 0;
let blocks = 0;
let lateBlocks = 0;
let renderMs = 0;
let seq = 0;
let seqBlock = 0;
/** The flat index of the track the light hears. */
let tap = 0;
const tickL = new Float32Array(TICK_BLOCKS * BLOCK);
const tickR = new Float32Array(TICK_BLOCKS * BLOCK);
const tickLight = new Float32Array(TICK_BLOCKS * BLOCK);
const tickBeats = new Float64Array(TICK_BLOCKS);
let tickFill = 0;
const chunkL = new Float32Array(CHUNK_BLOCKS * BLOCK);
const chunkR = new Float32Array(CHUNK_BLOCKS * BLOCK);
let chunkFill = 0;
let chunkStart = 0;
/** Live notes applied, waiting for the block that starts them; then rendered, for the next tick. */
let noteWait: { id: number; sentAt: number; appliedAt: number }[] = [];
let noteDone: NoteReceipt[] = [];
const bl = new Float32Array(BLOCK);
const br = new Float32Array(BLOCK);

const now = (): number => (out !== null ? out.currentTime() : performance.now() / 1000);

function tick(): void {
  const m = engine!.takeMeters();
  const n = tickFill / BLOCK;
  post({
    type: 'tick',
    beat: engine!.position,
    playing: engine!.isPlaying,
    seq,
    sample: engine!.renderedSamples,
    tracks: m.tracks,
    lateBlocks,
    blocks,
    renderMs,
    left: tickL.slice(0, tickFill),
    right: tickR.slice(0, tickFill),
    light: tickLight.slice(0, tickFill),
    blockBeats: tickBeats.slice(0, n),
    playedBlocks: (now() - base) * (RATE / BLOCK),
    postedAt: performance.timeOrigin + performance.now(),
    seqBlock,
    notes: noteDone,
  });
  noteDone = [];
  renderMs = 0;
  tickFill = 0;
}

function renderDue(): void {
  if (engine === null) return;
  const t = now();
  const playedOut = Math.floor((t - base) * (RATE / BLOCK));
  if (blocks < playedOut) {
    // Behind the play-out time: those blocks were heard as silence. Count them and resync.
    lateBlocks += playedOut - blocks;
    base += ((playedOut - blocks) * BLOCK) / RATE;
  }
  const due = Math.floor((t - base) * (RATE / BLOCK)) + LEAD_BLOCKS;
  while (blocks < due) {
    const t0 = performance.now();
    engine.render(bl, br);
    engine.tapMono(tap, tickLight, tickFill);
    renderMs += performance.now() - t0;
    if (noteWait.length > 0) {
      // The notes started on this block: when it was rendered and when the output plays it.
      const at = performance.timeOrigin + performance.now();
      const playsAt = at + (base + (blocks * BLOCK) / RATE - now()) * 1000;
      for (const n of noteWait) noteDone.push({ ...n, renderedAt: at, playsAt, block: blocks });
      noteWait = [];
    }
    tickL.set(bl, tickFill);
    tickR.set(br, tickFill);
    tickBeats[tickFill / BLOCK] = engine.position;
    tickFill += BLOCK;
    if (out !== null) {
      if (chunkFill === 0) chunkStart = base + (blocks * BLOCK) / RATE;
      chunkL.set(bl, chunkFill);
      chunkR.set(br, chunkFill);
      chunkFill += BLOCK;
      if (chunkFill === chunkL.length) {
        out.schedule(chunkL, chunkR, chunkStart);
        chunkFill = 0;
      }
    }
    blocks++;
    if (tickFill === tickL.length) tick();
  }
}

port.on('message', (m: ToWorker) => {
  try {
    if ('seq' in m) {
      seq = m.seq;
      seqBlock = blocks;
    }
    switch (m.type) {
      case 'plan':
        tap = m.tap;
        if (engine === null) {
          engine = new AudioEngine(m.plan, RATE);
          base = now();
          plan = m.plan;
        } else if (patchInPlace(plan!, m.plan)) engine.updateAudibility();
        else {
          engine.load(m.plan);
          plan = m.plan;
        }
        break;
      case 'play':
        engine?.seek(m.beat);
        engine?.play();
        break;
      case 'stop':
        engine?.stop();
        break;
      case 'seek':
        engine?.seek(m.beat);
        break;
      case 'note':
        if (engine?.liveNote(m.track, m.on, m.pitch, m.velocity))
          noteWait.push({ id: m.id, sentAt: m.sentAt, appliedAt: performance.timeOrigin + performance.now() });
        break;
      case 'close':
        clearInterval(timer);
        void out?.close();
        port.close();
        break;
    }
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
});

const wanted = (workerData as { output: OutputKind }).output;
const opened = await openOutput(wanted, RATE);
out = opened.output;
// The pacing clock changed (to the context's): blocks count from now.
base = now();
post({ type: 'ready', output: out === null ? 'clock' : wanted, sampleRate: RATE, reason: opened.reason });
const timer = setInterval(renderDue, 4);
