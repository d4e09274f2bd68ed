import { useEffect, useState } from 'react';

/** The value, once it has not changed for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setOut(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return out;
}

/**
 * A list's search box: what is typed and the query it makes — the trimmed text a moment after
 * typing stops, so a search is one request. From `min` characters: an empty box asks for every
 * row, a shorter text keeps the last query (`short` says why). `settling` while the typed text
 * is not yet the query, so the list can say it is about to change (aria-busy).
 */
export function useSearchText(min: number, ms = 300) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const text = typed.trim();
  const short = text.length > 0 && text.length < min;
  useEffect(() => {
    if (short) return;
    const id = setTimeout(() => setQ(text), ms);
    return () => clearTimeout(id);
  }, [text, short, ms]);
  return { typed, setTyped, q, short, settling: !short && text !== q };
}
