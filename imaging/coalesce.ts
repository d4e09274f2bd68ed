/**
 * Coalesces calls per key: at most one in flight; callers arriving meanwhile share the one
 * next call, which starts after the current one ends. Every caller's promise settles with a
 * call that started after it asked — so a signal awaited here still covers what the caller
 * stored before asking, while a burst of uploads to one study sends a few signals, not one each.
 */
export function coalescePerKey<A>(run: (args: A) => Promise<void>): (key: string, args: A) => Promise<void> {
  const state = new Map<string, { current: Promise<void>; next: { promise: Promise<void>; args: A } | null }>();
  const start = (key: string, args: A): Promise<void> => {
    const current = run(args).finally(() => {
      const s = state.get(key)!;
      if (s.next) {
        const queued = s.next;
        s.next = null;
        s.current = queued.promise;
      } else state.delete(key);
    });
    return current;
  };
  return (key, args) => {
    const s = state.get(key);
    if (!s) {
      const current = start(key, args);
      state.set(key, { current, next: null });
      return current;
    }
    if (s.next) return s.next.promise;
    const promise = s.current.then(
      () => start(key, args),
      () => start(key, args),
    );
    s.next = { promise, args };
    return promise;
  };
}
