/** What the page and the encoder worker say to each other. */
export type EncoderRequest = { type: 'init'; sampleRate: number } | { type: 'pcm'; pcm: Float32Array } | { type: 'finish' };

export type EncoderReply = { type: 'done'; chunks: Uint8Array[] } | { type: 'error'; message: string };
