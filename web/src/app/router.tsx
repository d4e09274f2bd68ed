import { createBrowserRouter, Navigate } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { RequireAccess } from '../features/auth/RequireAccess';
import { RequireSession } from '../features/auth/RequireSession';
import { SelectAccountPage } from '../features/auth/SelectAccountPage';
import { StudyListPage } from '../features/studies/StudyListPage';
import { AppLayout } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';

/**
 * Routes (spec 3 §2, spec 1 §2): /login, /forgotPassword and /resetPassword are public; everything else is the logged-in area
 * (no stored session → /login), including the 404 page for unknown paths.
 */
export function createRouter() {
  return createBrowserRouter([
    { path: '/login', element: <LoginPage /> },
    {
      path: '/forgotPassword',
      lazy: async () => ({ Component: (await import('../features/password/ForgotPasswordPage')).ForgotPasswordPage }),
    },
    {
      path: '/resetPassword',
      lazy: async () => ({ Component: (await import('../features/password/ResetPasswordPage')).ResetPasswordPage }),
    },
    // Sign-up, its e-mail verification, an invitation's registration and the terms: no session.
    { path: '/signup', lazy: async () => ({ Component: (await import('../features/signup/SignupPage')).SignupPage }) },
    {
      path: '/signup/verify',
      lazy: async () => ({ Component: (await import('../features/signup/VerifyEmailPage')).VerifyEmailPage }),
    },
    {
      path: '/signup/complete',
      lazy: async () => ({ Component: (await import('../features/signup/CompleteRegistrationPage')).CompleteRegistrationPage }),
    },
    { path: '/terms', lazy: async () => ({ Component: (await import('../features/signup/TermsPage')).TermsPage }) },
    // The public check of a signed report (QR on the PDF): no session.
    { path: '/verify/:code', lazy: async () => ({ Component: (await import('../features/documents/VerifyPage')).VerifyPage }) },
    // The e-mail change link (My profile): the link is its own capability, no session needed.
    {
      path: '/confirm-email',
      lazy: async () => ({ Component: (await import('../features/profile/EmailConfirmPage')).EmailConfirmPage }),
    },
    {
      element: <RequireSession />,
      children: [
        { path: '/select-account', element: <SelectAccountPage /> },
        {
          element: <RequireAccess />,
          children: [
            // The viewer and its image frame take the whole screen (no app bar).
            {
              path: '/studies/:studies/viewer/:viewerType',
              lazy: async () => ({ Component: (await import('../features/viewer/ViewerPage')).ViewerPage }),
            },
            {
              path: '/viewer-frame',
              lazy: async () => ({ Component: (await import('../features/viewer/ViewerFramePage')).ViewerFramePage }),
            },
            {
              // the multi-study viewer fills the window (no app bar)
              path: '/studies/:studies/viewer/:mode',
              lazy: async () => ({ Component: (await import('../features/viewer/ViewerPage')).ViewerPage }),
            },
            {
              element: <AppLayout />,
              children: [
                { index: true, element: <Navigate to="/studies" replace /> },
                { path: '/studies', element: <StudyListPage /> },
                {
                  path: '/profile',
                  lazy: async () => ({ Component: (await import('../features/profile/ProfilePage')).ProfilePage }),
                },
                {
                  path: '/profile/certificate',
                  lazy: async () => ({ Component: (await import('../features/documents/CertificatePage')).CertificatePage }),
                },
                {
                  path: '/institutions',
                  lazy: async () => ({ Component: (await import('../features/institutions/InstitutionsPage')).InstitutionsPage }),
                },
                {
                  path: '/admin',
                  lazy: async () => ({ Component: (await import('../features/admin/AdminLayout')).AdminLayout }),
                  children: [
                    { index: true, element: null },
                    {
                      path: 'accounts',
                      lazy: async () => ({ Component: (await import('../features/admin/AccountsPage')).AccountsPage }),
                    },
                    {
                      path: 'settings',
                      lazy: async () => ({ Component: (await import('../features/admin/AccountSettingsPage')).AccountSettingsPage }),
                    },
                    {
                      path: 'institutions',
                      lazy: async () => ({
                        Component: (await import('../features/admin/InstitutionsAdminPage')).InstitutionsAdminPage,
                      }),
                    },
                  ],
                },
                {
                  path: '/invitations',
                  lazy: async () => ({ Component: (await import('../features/signup/InvitationsPage')).InvitationsPage }),
                },
                {
                  path: '/outbox',
                  lazy: async () => ({ Component: (await import('../features/share/OutboxPage')).OutboxPage }),
                },
                {
                  path: '/studies/report/:studyId',
                  // the editor (TipTap) loads with its page
                  lazy: async () => ({ Component: (await import('../features/report/ReportPage')).ReportPage }),
                },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
