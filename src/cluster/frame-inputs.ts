// What a frame takes from outside the show's log (docs/cluster.md, "Frame inputs"): the DMX
// universes a desk sends and the sound the light's audio devices hear. Both reach the leader
// alone — its receivers, its sound card — so the leader records them with each frame's tick and
// a render node plays them into its own frame at the same point: frame f is a function of the
// log, inputs included.
import { DMX_CHANNELS, DMX_UNIVERSES, type DmxSource } from '../light/dmx/dmx-engine.js';
import { AUDIO_BLOCK } from '../light/audio/audio-input.js';
import type { LightShow } from '../light/show/light-show.js';
import { AudioBlocks } from '../show/audio-blocks.js';

/** A frame's inputs as its tick carries them; absent fields mean nothing new. */
export interface FrameInputs {
  /** Universes that changed at this frame's latch: [universe, its 512 channels in base64]. */
  readonly dmx?: readonly (readonly [number, string])[];
  /**
   * The light's audio input: which one (a new number when the leader's show wired another), its
   * sample rate, and the 512-sample blocks completed in this frame (base64 of float32; null for a
   * silent block). Absent: the light heard nothing wired.
   */
  readonly audio?: { readonly input: number; readonly rate: number; readonly blocks: readonly (string | null)[] };
}

/**
 * The audio input as the log has carried it up to a frame, for a checkpoint (checkpoints.ts): its
 * kept blocks with their count, so a node that joins there plays the next ticks' blocks onto the
 * same ring. (The latched DMX input is part of the light's runtime state.)
 */
export interface InputState {
  readonly audio?: { readonly input: number; readonly rate: number; readonly count: number; readonly blocks: readonly (string | null)[] };
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

function isSilent(block: Float32Array): boolean {
  for (let i = 0; i < block.length; i++) if (block[i] !== 0) return false;
  return true;
}

/** An audio block as the log carries it: float32 in base64, null when silent (or gone). */
function encodeBlock(block: Float32Array | null): string | null {
  return block === null || isSilent(block) ? null : base64(new Uint8Array(block.buffer, block.byteOffset, block.byteLength));
}

/**
 * The leader's side: the show's DMX source is wrapped so each latch notes the universes it
 * changed, and the light's audio blocks completed during the frame are read after it. `take`
 * returns the frame's inputs once it has rendered.
 */
export class InputRecorder {
  /** What the input held after the last latch, as the log has it. */
  private readonly logged = new Uint8Array(DMX_UNIVERSES * DMX_CHANNELS);
  private readonly loggedWords = new Uint32Array(this.logged.buffer);
  private changed: number[] = [];
  private audioInput: AudioBlocks | null = null;
  private audioNumber = 0;
  /** The audio input's blocks already logged. */
  private audioLogged = 0;
  private readonly restore: () => void;

  constructor(private readonly light: LightShow) {
    const inner = light.dmxSource;
    if (inner === null) {
      this.restore = () => {};
      return;
    }
    const wrapped: DmxSource = { latch: (data) => this.latch(inner, data) };
    light.dmxSource = wrapped;
    this.restore = () => {
      if (light.dmxSource === wrapped) light.dmxSource = inner;
    };
  }

  private latch(inner: DmxSource, data: Uint8Array): void {
    inner.latch(data);
    const words = new Uint32Array(data.buffer, data.byteOffset, data.byteLength >> 2);
    const per = DMX_CHANNELS >> 2;
    for (let u = 0; u < DMX_UNIVERSES; u++) {
      const from = u * per;
      let same = true;
      for (let i = from; i < from + per; i++)
        if (words[i] !== this.loggedWords[i]) {
          same = false;
          break;
        }
      if (same) continue;
      this.logged.set(data.subarray(u * DMX_CHANNELS, (u + 1) * DMX_CHANNELS), u * DMX_CHANNELS);
      this.changed.push(u);
    }
  }

  /** The audio the log has carried so far (call after `take`, in the same frame). */
  state(): InputState {
    const input = this.audioInput;
    if (input === null || this.light.lx.audioInput !== input) return {};
    const blocks: (string | null)[] = [];
    for (let n = Math.max(0, this.audioLogged - AudioBlocks.KEPT); n < this.audioLogged; n++) blocks.push(encodeBlock(input.peek(n)));
    return { audio: { input: this.audioNumber, rate: input.sampleRate, count: this.audioLogged, blocks } };
  }

  /** The inputs of the frame just rendered. */
  take(): FrameInputs {
    const inputs: { dmx?: [number, string][]; audio?: FrameInputs['audio'] } = {};
    if (this.changed.length > 0) {
      inputs.dmx = this.changed.map((u) => [u, base64(this.logged.subarray(u * DMX_CHANNELS, (u + 1) * DMX_CHANNELS))]);
      this.changed = [];
    }
    const input = this.light.lx.audioInput;
    if (input instanceof AudioBlocks) {
      if (input !== this.audioInput) {
        this.audioInput = input;
        this.audioNumber++;
        this.audioLogged = 0;
      }
      const blocks: (string | null)[] = [];
      for (let n = Math.max(this.audioLogged, input.completed - AudioBlocks.KEPT); n < input.completed; n++) {
        blocks.push(encodeBlock(input.peek(n)));
      }
      this.audioLogged = input.completed;
      inputs.audio = { input: this.audioNumber, rate: input.sampleRate, blocks };
    }
    return inputs;
  }

  close(): void {
    this.restore();
  }
}

/**
 * A render node's side: its own DMX receivers and audio feed are set aside, and each frame takes
 * the universes and audio blocks its tick carries, in the leader's order.
 */
export class InputReplay {
  /** The next frame's universes; undefined once latched. */
  private dmx: FrameInputs['dmx'];
  /** The next frame's audio: undefined while no tick set it, null when the leader's light heard nothing wired. */
  private audioNext: FrameInputs['audio'] | null | undefined;
  private audio: AudioBlocks | null = null;
  private audioNumber = 0;
  private readonly block = new Float32Array(AUDIO_BLOCK);
  private readonly hook = (): void => this.beforeFrame();

  /** The show's own DMX source, set aside while the log's inputs play (back when this closes: a node that takes over leads). */
  private readonly own: DmxSource | null;
  private readonly source: DmxSource = { latch: (data) => this.latch(data) };

  constructor(private readonly light: LightShow) {
    this.own = light.dmxSource;
    light.dmxSource = this.source;
    // Last of the frame's hooks: after the node's own audio feed has wired itself, the log's replaces it.
    light.beforeFrame.push(this.hook);
  }

  /** A node joining from a checkpoint: the audio input as the log had carried it there. */
  resume(state: InputState): void {
    const audio = state.audio;
    if (audio === undefined) return;
    this.audio = new AudioBlocks(audio.rate);
    this.audioNumber = audio.input;
    // Each block is copied into the ring before the next is decoded.
    this.audio.resume(
      audio.count,
      audio.blocks.map((b) => (b === null ? null : this.decode(b))),
    );
  }

  private decode(block: string): Float32Array {
    new Uint8Array(this.block.buffer).set(Buffer.from(block, 'base64').subarray(0, this.block.byteLength));
    return this.block;
  }

  /** The inputs of the next frame (its tick's). */
  next(inputs: FrameInputs): void {
    this.dmx = inputs.dmx;
    this.audioNext = inputs.audio ?? null;
  }

  private beforeFrame(): void {
    const audio = this.audioNext;
    this.audioNext = undefined;
    if (audio === null) this.audio = null;
    else if (audio === undefined) this.audio?.beginFrame();
    else {
      if (this.audio === null || audio.input !== this.audioNumber || this.audio.sampleRate !== audio.rate) {
        this.audio = new AudioBlocks(audio.rate);
        this.audioNumber = audio.input;
      }
      this.audio.beginFrame();
      for (const b of audio.blocks) {
        this.audio.push(b === null ? null : this.decode(b), 0, AUDIO_BLOCK);
      }
    }
    this.light.lx.audioInput = this.audio;
  }

  private latch(data: Uint8Array): void {
    const dmx = this.dmx;
    this.dmx = undefined;
    if (dmx === undefined) return;
    for (const [u, channels] of dmx) data.set(Buffer.from(channels, 'base64').subarray(0, DMX_CHANNELS), u * DMX_CHANNELS);
  }

  close(): void {
    const i = this.light.beforeFrame.indexOf(this.hook);
    if (i >= 0) this.light.beforeFrame.splice(i, 1);
    if (this.light.dmxSource === this.source) this.light.dmxSource = this.own;
  }
}
