// The console monitor's AudioWorkletProcessor: plays the samples the page receives from
// /ws/audio (posted on its port as [left…, right…] Float32Arrays) from a FIFO, and reports what
// it played — blocks with sound, starved blocks — back on the port, twice a second.

declare const sampleRate: number;
declare function registerProcessor(name: string, ctor: unknown): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

/** Two seconds of FIFO; a page that falls further behind drops the oldest audio. */
const CAPACITY = 96000;
/** Playback starts once this much is queued (≈ 100 ms), and again after running dry. */
const PRIME = 4800;

class MonitorProcessor extends AudioWorkletProcessor {
  private readonly l = new Float32Array(CAPACITY);
  private readonly r = new Float32Array(CAPACITY);
  private read = 0;
  private fill = 0;
  private primed = false;
  private blocks = 0;
  private soundingBlocks = 0;
  private starvedBlocks = 0;
  private received = 0;
  private peak = 0;

  constructor() {
    super();
    this.port.onmessage = (ev: MessageEvent<Float32Array>) => this.push(ev.data);
  }

  private push(pcm: Float32Array): void {
    const n = pcm.length >> 1;
    this.received += n;
    for (let i = 0; i < n; i++) {
      if (this.fill === CAPACITY) {
        this.read = (this.read + 1) % CAPACITY;
        this.fill--;
      }
      const w = (this.read + this.fill) % CAPACITY;
      this.l[w] = pcm[i];
      this.r[w] = pcm[n + i];
      this.fill++;
    }
  }

  process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const [outL, outR] = outputs[0];
    const n = outL.length;
    if (!this.primed && this.fill >= PRIME) this.primed = true;
    let sounding = false;
    if (this.primed && this.fill >= n) {
      for (let i = 0; i < n; i++) {
        const a = this.l[this.read];
        const b = this.r[this.read];
        outL[i] = a;
        if (outR !== undefined) outR[i] = b;
        if (a !== 0 || b !== 0) sounding = true;
        this.peak = Math.max(this.peak, Math.abs(a), Math.abs(b));
        this.read = (this.read + 1) % CAPACITY;
      }
      this.fill -= n;
    } else {
      if (this.primed) this.starvedBlocks++;
      this.primed = false;
      outL.fill(0);
      outR?.fill(0);
    }
    this.blocks++;
    if (sounding) this.soundingBlocks++;
    if (this.blocks % Math.round(sampleRate / n / 2) === 0) {
      this.port.postMessage({
        blocks: this.blocks,
        soundingBlocks: this.soundingBlocks,
        starvedBlocks: this.starvedBlocks,
        received: this.received,
        queued: this.fill,
        peak: this.peak,
      });
      this.peak = 0;
    }
    return true;
  }
}

registerProcessor('footlight-monitor', MonitorProcessor);
