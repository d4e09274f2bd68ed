import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../features/auth/session';
import { AppThemeProvider } from '../theme/AppThemeProvider';
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
          <RouterProvider router={router} />
          <Notifications />
        </AppThemeProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
