import { encodeToneMp3, silentWav } from '../../test/support/mp3';
import { firstMp3Frame, frameAt, id3v2Size, isMp3 } from './mp3';

/** An ID3v2.4 tag with `body` bytes of (zero) content. */
function id3(body: number): Buffer {
  const tag = Buffer.alloc(10 + body);
  tag.write('ID3', 0);
  tag[3] = 4;
  tag[6] = (body >> 21) & 0x7f;
  tag[7] = (body >> 14) & 0x7f;
  tag[8] = (body >> 7) & 0x7f;
  tag[9] = body & 0x7f;
  return tag;
}

describe('MP3 check of the narrated-report upload', () => {
  const mp3 = encodeToneMp3(1);

  it('accepts what the encoder makes: MPEG-1 Layer III frames at 44.1 kHz, 64 kbps', () => {
    expect(firstMp3Frame(mp3)).toMatchObject({ offset: 0, version: 3, sampleRate: 44100, bitrateKbps: 64, length: 208 });
    expect(isMp3(encodeToneMp3(0.5, 16000))).toBe(true); // MPEG-2
  });

  it('accepts frames after an ID3v2 tag, with or without padding', () => {
    expect(id3v2Size(id3(300))).toBe(310);
    expect(firstMp3Frame(Buffer.concat([id3(300), mp3]))?.offset).toBe(310);
    expect(isMp3(Buffer.concat([id3(300), Buffer.alloc(100), mp3]))).toBe(true);
  });

  it('refuses WAV, text, an ID3 tag with no audio, a lone sync word and a truncated frame pair', () => {
    expect(isMp3(silentWav())).toBe(false);
    expect(isMp3(Buffer.from('ID3 fake mpeg frames for the test'))).toBe(false);
    expect(isMp3(id3(50))).toBe(false);
    expect(isMp3(Buffer.from([0xff, 0xfb, 0x50, 0xc4, 1, 2, 3]))).toBe(false);
    expect(isMp3(Buffer.alloc(0))).toBe(false);
    // a frame header whose next frame does not follow (garbage after it)
    expect(isMp3(Buffer.concat([mp3.subarray(0, 208), Buffer.alloc(400, 0x55)]))).toBe(false);
  });

  it('refuses random bytes (many seeds), and audio too far behind junk', () => {
    let seed = 42;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16) & 0xff;
    for (let n = 0; n < 200; n++) {
      const junk = Uint8Array.from({ length: 2048 }, rnd);
      expect(isMp3(junk)).toBe(false);
    }
    expect(isMp3(Buffer.concat([Buffer.alloc(5000, 1), mp3]))).toBe(false);
  });

  it('refuses Layer II and reserved versions', () => {
    const layer2 = Buffer.from(mp3);
    for (let p = 0, f = frameAt(mp3, 0); f; p += f.length, f = frameAt(mp3, p)) layer2[p + 1] = (layer2[p + 1]! & ~0x06) | 0x04;
    expect(isMp3(layer2)).toBe(false);
  });
});
