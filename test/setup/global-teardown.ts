export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __temporal?: { stop(): Promise<void> } }).__temporal?.stop();
}
