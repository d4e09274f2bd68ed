import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { ApiError, describeError, isShownGlobally, NETWORK_ERROR } from '../lib/errors';
import { notify } from './notifications/store';

declare module '@tanstack/react-query' {
  interface Register {
    /** silent: the screen shows this failure itself, no global notification. */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Global error handling (spec 3 §8): every failure not handled on screen becomes a notification. */
export function reportError(err: unknown): void {
  if (!isShownGlobally(err)) return;
  notify(describeError(err, (key) => i18n.t(key)));
}

function shouldRetry(failureCount: number, err: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(err instanceof ApiError)) return false;
  return err.code === NETWORK_ERROR || (err.status !== null && err.status >= 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        if (!query.meta?.silent) reportError(err);
      },
    }),
    mutationCache: new MutationCache({
      onError: (err, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silent) reportError(err);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
}
