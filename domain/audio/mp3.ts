/**
 * Is this really an MP3 (MPEG-1/2/2.5 Layer III)? The narrated-report upload must be audio/mpeg
 * (spec 2 §3, §9), and the Content-Type alone proves nothing: a WAV, a WebM from MediaRecorder or
 * garbage sent as audio/mpeg would reach the typist as a file no player opens.
 *
 * Accepted: an optional ID3v2 tag, then (within a small gap) an MPEG audio Layer III frame whose
 * header is valid and which is followed by a second frame of the same stream, or ends the file.
 * Two frames in a row make a false positive on random bytes practically impossible.
 */

const BITRATES_KBPS = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
} as const;
const SAMPLE_RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
};

/** How far past the ID3 tag the first frame may start (encoders may pad). */
const MAX_GAP_BYTES = 4096;

export interface Mp3Frame {
  offset: number;
  length: number;
  /** 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5 (the header's version bits). */
  version: number;
  sampleRate: number;
  bitrateKbps: number;
}

/** The Layer III frame whose header starts at `offset`, or null. */
export function frameAt(bytes: Uint8Array, offset: number): Mp3Frame | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  if (version === 1 || layer !== 1) return null; // reserved version; 1 = Layer III
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null; // free format / bad / reserved
  const bitrateKbps = (version === 3 ? BITRATES_KBPS.v1 : BITRATES_KBPS.v2)[bitrateIndex]!;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const padding = (b2 >> 1) & 1;
  const length = Math.floor(((version === 3 ? 144 : 72) * bitrateKbps * 1000) / sampleRate) + padding;
  return { offset, length, version, sampleRate, bitrateKbps };
}

/** Size of a leading ID3v2 tag (header, body and footer), 0 when there is none. */
export function id3v2Size(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0; // "ID3"
  const sizeBytes = bytes.subarray(6, 10);
  if (sizeBytes.some((b) => b & 0x80)) return 0; // not synchsafe: not a tag
  const body = (sizeBytes[0]! << 21) | (sizeBytes[1]! << 14) | (sizeBytes[2]! << 7) | sizeBytes[3]!;
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return 10 + body + footer;
}

/** The first audio frame of an MP3 file, or null when the bytes are not an MP3. */
export function firstMp3Frame(bytes: Uint8Array): Mp3Frame | null {
  const start = id3v2Size(bytes);
  const last = Math.min(bytes.length - 4, start + MAX_GAP_BYTES);
  for (let p = start; p <= last; p++) {
    const frame = frameAt(bytes, p);
    if (!frame) continue;
    const end = p + frame.length;
    if (end === bytes.length) return frame;
    const next = frameAt(bytes, end);
    if (next && next.version === frame.version && next.sampleRate === frame.sampleRate) return frame;
  }
  return null;
}

export function isMp3(bytes: Uint8Array): boolean {
  return firstMp3Frame(bytes) !== null;
}
