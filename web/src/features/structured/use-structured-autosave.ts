/**
 * The structured draft's own autosave (spec 2 §4: saving, ok, error): each field is sent
 * 1 second after its last change; `flush` sends what is pending at once (before finish).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValue } from '../../../../domain/structured/fields';

export type StructuredSaveStatus = 'idle' | 'saving' | 'saved' | 'error';
export const STRUCTURED_SAVE_DEBOUNCE_MS = 1000;

export function useStructuredAutosave(save: (fieldId: string, value: FieldValue) => Promise<unknown>) {
  const [status, setStatus] = useState<StructuredSaveStatus>('idle');
  const pending = useRef(new Map<string, FieldValue>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;

  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) await inFlight.current;
    const batch = [...pending.current.entries()];
    pending.current.clear();
    if (batch.length === 0) return true;
    setStatus('saving');
    const run = (async () => {
      try {
        for (const [fieldId, value] of batch) await saveRef.current(fieldId, value);
        setStatus(pending.current.size > 0 ? 'saving' : 'saved');
        return true;
      } catch {
        // What failed is kept to be sent again with the next change or flush.
        for (const [fieldId, value] of batch) if (!pending.current.has(fieldId)) pending.current.set(fieldId, value);
        setStatus('error');
        return false;
      }
    })();
    inFlight.current = run;
    const ok = await run;
    inFlight.current = null;
    return ok;
  }, []);

  const change = useCallback(
    (fieldId: string, value: FieldValue) => {
      pending.current.set(fieldId, value);
      setStatus('saving');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), STRUCTURED_SAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  // Leaving the editor sends what is still waiting for its debounce.
  useEffect(
    () => () => {
      if (timer.current) void flush();
    },
    [flush],
  );
  return { status, change, flush };
}
