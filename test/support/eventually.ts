/** Polls `read` until `accept` holds for its value, or fails with the last value seen. */
export async function eventually<T>(
  read: () => Promise<T> | T,
  accept: (value: T) => boolean,
  opts: { timeout?: number; interval?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.timeout ?? 10_000);
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (accept(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`${opts.what ?? 'condition'} not met in time; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, opts.interval ?? 50));
  }
}

/** `{ value }` when `p` settles within `ms`, else null (the timer cleared either way: none outlives the file). */
export async function within<T>(p: Promise<T>, ms: number): Promise<{ value: T } | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p.then((v) => ({ value: v })), new Promise<null>((r) => (timer = setTimeout(() => r(null), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
