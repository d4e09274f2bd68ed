import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../features/auth/session';
import { AppThemeProvider } from '../theme/AppThemeProvider';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { Notifications } from './notifications/Notifications';
import { createQueryClient } from './query-client';
import { createRouter } from './router';
import { prefetchStudies } from '../features/studies/use-studies';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // The worklist opened cold: its first page is asked for beside the stored session's check,
    // not after it (issue 20). Only here, at start: a request made during a later navigation
    // could end an expired session before the new address is committed, and lose it.
    const { pathname, search } = window.location;
    if (pathname === '/' || pathname === '/studies') prefetchStudies(client, new URLSearchParams(search));
    return client;
  });
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <AppThemeProvider>
          {/* Pages have the router's error element; this catches what crashes outside them. */}
          <ErrorBoundary>
            <RouterProvider router={router} />
          </ErrorBoundary>
          <Notifications />
        </AppThemeProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
