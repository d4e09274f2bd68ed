import { Mp3Encoder } from '@breezystack/lamejs';

/** Mono speech: 64 kbps is clear and about 0.5 MB a minute (the server takes up to 50 MB). */
export const MP3_KBPS = 64;
const BLOCK = 1152; // samples per MPEG-1 Layer III frame

/** Float PCM (−1..1) in, MP3 bytes out: the encoder core shared by the Web Worker and its fallback. */
export class PcmToMp3 {
  private readonly encoder: Mp3Encoder;
  private readonly chunks: Uint8Array[] = [];

  constructor(sampleRate: number) {
    this.encoder = new Mp3Encoder(1, sampleRate, MP3_KBPS);
  }

  push(pcm: Float32Array): void {
    const ints = new Int16Array(pcm.length);
    for (let i = 0; i < pcm.length; i++) {
      const v = Math.max(-1, Math.min(1, pcm[i]!));
      ints[i] = v < 0 ? v * 0x8000 : v * 0x7fff;
    }
    for (let i = 0; i < ints.length; i += BLOCK) this.keep(this.encoder.encodeBuffer(ints.subarray(i, i + BLOCK)));
  }

  /** The whole MP3, after the encoder's last frames. */
  finish(): Uint8Array[] {
    this.keep(this.encoder.flush());
    return this.chunks;
  }

  private keep(out: ArrayBufferView): void {
    // the encoder answers Int8Arrays over a reused buffer: copy the bytes
    if (out.byteLength > 0) this.chunks.push(new Uint8Array(out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength)));
  }
}
