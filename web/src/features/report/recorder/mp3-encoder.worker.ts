/// <reference lib="webworker" />
import { PcmToMp3 } from './pcm-to-mp3';
import type { EncoderReply, EncoderRequest } from './encoder-messages';

/** Encodes off the main thread so the editor never stutters while the doctor talks. */
const scope = self as unknown as DedicatedWorkerGlobalScope;
let encoder: PcmToMp3 | null = null;

scope.onmessage = (e: MessageEvent<EncoderRequest>) => {
  const reply = (msg: EncoderReply, transfer: Transferable[] = []) => scope.postMessage(msg, transfer);
  try {
    const msg = e.data;
    if (msg.type === 'init') encoder = new PcmToMp3(msg.sampleRate);
    else if (msg.type === 'pcm') encoder?.push(msg.pcm);
    else if (msg.type === 'finish') {
      const chunks = encoder?.finish() ?? [];
      encoder = null;
      reply(
        { type: 'done', chunks },
        chunks.map((c) => c.buffer as ArrayBuffer),
      );
    }
  } catch (err) {
    reply({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
