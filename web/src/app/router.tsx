import { createBrowserRouter, Navigate } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { RequireAccess } from '../features/auth/RequireAccess';
import { RequireSession } from '../features/auth/RequireSession';
import { SelectAccountPage } from '../features/auth/SelectAccountPage';
import { StudyListPage } from '../features/studies/StudyListPage';
import { AppLayout } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { lazyPage } from './errors/lazy-retry';
import { RouteError } from './errors/RouteError';

/**
 * Routes (spec 3 §2, spec 1 §2): /login is public; everything else is the logged-in area
 * (no stored session → /login), including the 404 page for unknown paths. A page that crashes
 * or whose code will not load shows RouteError (inside the app frame when it has one).
 */
export function createRouter() {
  return createBrowserRouter([
    { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
    // The public check of a signed report (QR on the PDF): no session.
    {
      path: '/verify/:code',
      lazy: lazyPage(
        () => import('../features/documents/VerifyPage'),
        (m) => m.VerifyPage,
      ),
    },
    {
      element: <RequireSession />,
      errorElement: <RouteError />,
      children: [
        { path: '/select-account', element: <SelectAccountPage /> },
        {
          element: <RequireAccess />,
          children: [
            // The viewer and its image frame take the whole screen (no app bar).
            {
              path: '/studies/:studies/viewer/:viewerType',
              lazy: lazyPage(
                () => import('../features/viewer/ViewerPage'),
                (m) => m.ViewerPage,
              ),
            },
            {
              path: '/viewer-frame',
              lazy: lazyPage(
                () => import('../features/viewer/ViewerFramePage'),
                (m) => m.ViewerFramePage,
              ),
            },
            {
              // the multi-study viewer fills the window (no app bar)
              path: '/studies/:studies/viewer/:mode',
              lazy: lazyPage(
                () => import('../features/viewer/ViewerPage'),
                (m) => m.ViewerPage,
              ),
            },
            {
              element: <AppLayout />,
              children: [
                {
                  errorElement: <RouteError />,
                  children: [
                    { index: true, element: <Navigate to="/studies" replace /> },
                    { path: '/studies', element: <StudyListPage /> },
                    {
                      path: '/profile',
                      lazy: lazyPage(
                        () => import('../features/profile/ProfilePage'),
                        (m) => m.ProfilePage,
                      ),
                    },
                    {
                      path: '/profile/certificate',
                      lazy: lazyPage(
                        () => import('../features/documents/CertificatePage'),
                        (m) => m.CertificatePage,
                      ),
                    },
                    {
                      path: '/institutions',
                      lazy: lazyPage(
                        () => import('../features/institutions/InstitutionsPage'),
                        (m) => m.InstitutionsPage,
                      ),
                    },
                    {
                      path: '/outbox',
                      lazy: lazyPage(
                        () => import('../features/share/OutboxPage'),
                        (m) => m.OutboxPage,
                      ),
                    },
                    {
                      path: '/studies/report/:studyId',
                      // the editor (TipTap) loads with its page
                      lazy: lazyPage(
                        () => import('../features/report/ReportPage'),
                        (m) => m.ReportPage,
                      ),
                    },
                    { path: '*', element: <NotFoundPage /> },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
