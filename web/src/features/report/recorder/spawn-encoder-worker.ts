/** The encoder's Web Worker (Vite bundles it with lamejs); null where workers do not exist. */
export function spawnEncoderWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./mp3-encoder.worker.ts', import.meta.url), { type: 'module' });
}
