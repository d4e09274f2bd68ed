import type { EncoderReply, EncoderRequest } from './encoder-messages';
import { PcmToMp3 } from './pcm-to-mp3';
import { spawnEncoderWorker } from './spawn-encoder-worker';

/** One recording's MP3 encoder: PCM blocks in while recording, an audio/mpeg Blob at the end. */
export interface Mp3Recording {
  push(pcm: Float32Array): void;
  finish(): Promise<Blob>;
  cancel(): void;
}

const toBlob = (chunks: Uint8Array[]) => new Blob(chunks as BlobPart[], { type: 'audio/mpeg' });

/** In a Web Worker when the browser has them; on the page otherwise (the same encoder core). */
export function createMp3Recording(sampleRate: number): Mp3Recording {
  let worker: Worker | null;
  try {
    worker = spawnEncoderWorker();
  } catch {
    worker = null;
  }
  if (!worker) {
    let core: PcmToMp3 | null = new PcmToMp3(sampleRate);
    return {
      push: (pcm) => core?.push(pcm),
      finish: async () => {
        const chunks = core?.finish() ?? [];
        core = null;
        return toBlob(chunks);
      },
      cancel: () => {
        core = null;
      },
    };
  }
  const w = worker;
  // a worker that failed to load or crashed while recording makes the stop fail, never hang
  let failure: Error | null = null;
  let settle: ((reply: EncoderReply) => void) | null = null;
  w.onerror = (e) => {
    failure = new Error(e.message || 'MP3 encoder failed');
    settle?.({ type: 'error', message: failure.message });
  };
  w.onmessage = (e: MessageEvent<EncoderReply>) => settle?.(e.data);
  const send = (msg: EncoderRequest, transfer: Transferable[] = []) => w.postMessage(msg, transfer);
  send({ type: 'init', sampleRate });
  return {
    push: (pcm) => send({ type: 'pcm', pcm }, [pcm.buffer as ArrayBuffer]),
    finish: () =>
      new Promise<Blob>((resolve, reject) => {
        if (failure) {
          w.terminate();
          reject(failure);
          return;
        }
        settle = (reply) => {
          w.terminate();
          if (reply.type === 'done') resolve(toBlob(reply.chunks));
          else reject(new Error(reply.message));
        };
        send({ type: 'finish' });
      }),
    cancel: () => w.terminate(),
  };
}
