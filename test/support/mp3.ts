import { Mp3Encoder } from '@breezystack/lamejs';

/** A real MP3 (mono, 64 kbps) of a tone, made by the same encoder the web app records with. */
export function encodeToneMp3(seconds = 1, sampleRate = 44100, hz = 440): Buffer {
  const encoder = new Mp3Encoder(1, sampleRate, 64);
  const pcm = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin((2 * Math.PI * hz * i) / sampleRate) * 12000);
  const parts: Buffer[] = [];
  // the encoder answers Int8Arrays: view their bytes
  const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  for (let i = 0; i < pcm.length; i += 1152) parts.push(bytes(encoder.encodeBuffer(pcm.subarray(i, i + 1152))));
  parts.push(bytes(encoder.flush()));
  return Buffer.concat(parts);
}

/** A minimal PCM WAV file (RIFF) of silence: audio, but not audio/mpeg. */
export function silentWav(seconds = 1, sampleRate = 8000): Buffer {
  const data = Buffer.alloc(Math.round(seconds * sampleRate) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
