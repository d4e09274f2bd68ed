/**
 * One print job as the dialog sees it (spec 2 §7, §8): the request answers at once with the
 * job's key; the status, the error text and finally the PDF's link come from the live
 * document printStudy/{key}. The dialog gives up after the same limit the server gives the
 * job (PRINT_JOB_TIMEOUT_MS). Leaving (close, new options) only stops listening: the job's
 * workflow removes its PDF and document after the retention period on its own.
 */
import { useCallback, useEffect, useState } from 'react';
import { PRINT_JOB_TIMEOUT_MS, PrintJobDocument, printStudyTopic } from '../../../../domain/print/job';
import type { PrintOptions } from '../../../../domain/print/options';
import { subscribeLiveJson } from '../../lib/live';
import { randomUuid } from '../../lib/uuid';
import { requestPrint } from './api';

export type PrintJobState =
  | { phase: 'idle' }
  /** 'pending' until the live document says more. */
  | { phase: 'running'; key: string; status: 'pending' | 'requested' | 'started' }
  | { phase: 'done'; key: string; downloadUrl: string; pages: number }
  /** The job's own failure (its message), or the request refused (the error itself). */
  | { phase: 'failed'; key: string; errorMessage: string | null }
  | { phase: 'refused'; error: unknown }
  /** No final status within the job's limit. */
  | { phase: 'timedOut'; key: string };

export function usePrintJob(studyId: string, accountId: string, timeoutMs = PRINT_JOB_TIMEOUT_MS) {
  const [state, setState] = useState<PrintJobState>({ phase: 'idle' });
  const key = 'key' in state ? state.key : null;
  const running = state.phase === 'running';

  useEffect(() => {
    if (!key || !running) return undefined;
    const unsubscribe = subscribeLiveJson(printStudyTopic(accountId, key), (raw) => {
      const doc = PrintJobDocument.safeParse(raw);
      if (!doc.success) return;
      const d = doc.data;
      setState((s) => {
        if (s.phase !== 'running' || s.key !== key) return s;
        if (d.status === 'completed' && d.downloadUrl)
          return { phase: 'done', key, downloadUrl: d.downloadUrl, pages: d.pages ?? 0 };
        if (d.status === 'error') return { phase: 'failed', key, errorMessage: d.errorMessage ?? null };
        if (d.status === 'requested' || d.status === 'started') return { ...s, status: d.status };
        return s;
      });
    });
    const timer = setTimeout(
      () => setState((s) => (s.phase === 'running' && s.key === key ? { phase: 'timedOut', key } : s)),
      timeoutMs,
    );
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [key, running, accountId, timeoutMs]);

  const start = useCallback(
    (options: PrintOptions) => {
      const k = randomUuid();
      // Listening starts before the request, so no status is missed.
      setState({ phase: 'running', key: k, status: 'pending' });
      requestPrint(studyId, options, k).catch((error: unknown) =>
        setState((s) => ('key' in s && s.key === k ? { phase: 'refused', error } : s)),
      );
    },
    [studyId],
  );
  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, reset };
}
