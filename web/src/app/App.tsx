import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../features/auth/session';
import { AppThemeProvider } from '../theme/AppThemeProvider';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { Notifications } from './notifications/Notifications';
import { createQueryClient } from './query-client';
import { createRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
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
