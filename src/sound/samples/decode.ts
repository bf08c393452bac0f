// Decodes a sample file with maintained decoders: @audio/decode-wav and @audio/decode-aiff,
// @wasm-audio-decoders (FLAC, Ogg Vorbis) and mpg123-decoder (MP3), all pure JS or WASM. Each
// loads on first use: a render that reads no sample file does not pay for the WASM decoders.

export type SampleFormat = 'wav' | 'aiff' | 'flac' | 'mp3' | 'ogg';

const EXTENSIONS: Readonly<Record<string, SampleFormat>> = { wav: 'wav', aif: 'aiff', aiff: 'aiff', flac: 'flac', mp3: 'mp3', ogg: 'ogg', oga: 'ogg' };

/** The format a file name says (by extension, case-insensitive), or undefined. */
export function formatOf(name: string): SampleFormat | undefined {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? undefined : EXTENSIONS[name.slice(dot + 1).toLowerCase()];
}

/** A decoded file: one Float32Array per channel at the file's own rate. */
interface DecodedAudio {
  readonly sampleRate: number;
  readonly channels: readonly Float32Array[];
}

type Decoded = { channelData: Float32Array[]; sampleRate: number; errors: { message: string }[] };
interface WasmDecoder {
  readonly ready: Promise<void>;
  /** FLAC and Ogg: a whole file, container included. */
  decodeFile?(data: Uint8Array): Promise<Decoded>;
  /** MP3: a run of frames (a whole file is one). */
  decode(data: Uint8Array): Decoded | Promise<Decoded>;
  free(): void;
}

async function decodeWasm(decoder: WasmDecoder, bytes: Uint8Array): Promise<DecodedAudio> {
  await decoder.ready;
  try {
    const r = await (decoder.decodeFile === undefined ? decoder.decode(bytes) : decoder.decodeFile(bytes));
    if (r.errors.length > 0) throw new Error(r.errors[0].message);
    return { sampleRate: r.sampleRate, channels: r.channelData };
  } finally {
    decoder.free();
  }
}

/** Decodes a file's bytes; throws with the decoder's reason when they are not that format. */
export async function decodeAudio(bytes: Uint8Array, format: SampleFormat): Promise<DecodedAudio> {
  let out: DecodedAudio;
  switch (format) {
    case 'wav':
    case 'aiff': {
      // Integer, float and companded formats alike come back as float in −1…1.
      const decode = format === 'wav' ? (await import('@audio/decode-wav')).default : (await import('@audio/decode-aiff')).default;
      const r = await decode(bytes);
      out = { sampleRate: r.sampleRate, channels: r.channelData };
      break;
    }
    case 'flac':
      out = await decodeWasm(new (await import('@wasm-audio-decoders/flac')).FLACDecoder() as unknown as WasmDecoder, bytes);
      break;
    case 'ogg':
      out = await decodeWasm(new (await import('@wasm-audio-decoders/ogg-vorbis')).OggVorbisDecoder() as unknown as WasmDecoder, bytes);
      break;
    case 'mp3':
      out = await decodeWasm(new (await import('mpg123-decoder')).MPEGDecoder() as unknown as WasmDecoder, bytes);
      break;
  }
  if (out.channels.length === 0 || out.channels[0].length === 0 || !(out.sampleRate > 0)) throw new Error('the file holds no audio');
  return out;
}
