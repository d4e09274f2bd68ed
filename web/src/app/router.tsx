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
import { RouteFrame } from './RouteFrame';

/**
 * Routes (spec 3 §2, spec 1 §2): /login, /forgotPassword, /resetPassword and /signup (with its
 * verification, registration and terms pages) are public; everything else is the logged-in area
 * (no stored session → /login), including the 404 page for unknown paths. A page that crashes
 * or whose code will not load shows RouteError (inside the app frame when it has one).
 */
export function createRouter() {
  return createBrowserRouter([
    // Every route: its own title, announced, and the focus on its heading (RouteFrame).
    {
      element: <RouteFrame />,
      errorElement: <RouteError />,
      children: [
        { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
        // Password recovery, sign-up, its e-mail verification, an invitation's registration, the terms
        // and the e-mail change link: no session (each link is its own capability).
        {
          path: '/forgotPassword',
          lazy: lazyPage(
            () => import('../features/password/ForgotPasswordPage'),
            (m) => m.ForgotPasswordPage,
          ),
        },
        {
          path: '/resetPassword',
          lazy: lazyPage(
            () => import('../features/password/ResetPasswordPage'),
            (m) => m.ResetPasswordPage,
          ),
        },
        {
          path: '/signup',
          lazy: lazyPage(
            () => import('../features/signup/SignupPage'),
            (m) => m.SignupPage,
          ),
        },
        {
          path: '/signup/verify',
          lazy: lazyPage(
            () => import('../features/signup/VerifyEmailPage'),
            (m) => m.VerifyEmailPage,
          ),
        },
        {
          path: '/signup/complete',
          lazy: lazyPage(
            () => import('../features/signup/CompleteRegistrationPage'),
            (m) => m.CompleteRegistrationPage,
          ),
        },
        {
          // The results portal: patients with an access code (issue 18).
          path: '/resultados',
          lazy: lazyPage(
            () => import('../features/results-portal/ResultsPortalPage'),
            (m) => m.ResultsPortalPage,
          ),
        },
        {
          path: '/terms',
          lazy: lazyPage(
            () => import('../features/signup/TermsPage'),
            (m) => m.TermsPage,
          ),
        },
        {
          path: '/confirm-email',
          lazy: lazyPage(
            () => import('../features/profile/EmailConfirmPage'),
            (m) => m.EmailConfirmPage,
          ),
        },
        // A notification subscription's confirmation link (ADR 032): no session.
        {
          path: '/confirm-subscription',
          lazy: lazyPage(
            () => import('../features/subscriptions/SubscriptionConfirmPage'),
            (m) => m.SubscriptionConfirmPage,
          ),
        },
        // The public check of a signed report (QR on the PDF): no session.
        {
          path: '/verify/:code',
          lazy: lazyPage(
            () => import('../features/documents/VerifyPage'),
            (m) => m.VerifyPage,
          ),
        },
        // The acknowledgement link of an e-mailed critical finding: no session (the link is its own key).
        {
          path: '/critical-ack/:token',
          lazy: lazyPage(
            () => import('../features/findings/CriticalAckPage'),
            (m) => m.CriticalAckPage,
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
                          path: '/scheduled-exams',
                          // the worklist 'agendados' (spec 2 §1): scheduled exams without institution
                          lazy: lazyPage(
                            () => import('../features/worklist/ScheduledExamsPage'),
                            (m) => m.ScheduledExamsPage,
                          ),
                        },
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
                          path: '/phrases',
                          lazy: lazyPage(
                            () => import('../features/working-material/MyPhrasesCard'),
                            (m) => m.MyPhrasesPage,
                          ),
                        },
                        {
                          path: '/divergent-studies',
                          lazy: lazyPage(
                            () => import('../features/study-maintenance/DivergentStudiesPage'),
                            (m) => m.DivergentStudiesPage,
                          ),
                        },
                        {
                          path: '/overdue-studies',
                          // 'Exames em atraso': studies past their routine's alert point or deadline
                          lazy: lazyPage(
                            () => import('../features/notifications/OverdueStudiesPage'),
                            (m) => m.OverdueStudiesPage,
                          ),
                        },
                        {
                          path: '/management',
                          // Medical productivity, the management report, canceled exams (issue 18)
                          lazy: lazyPage(
                            () => import('../features/management/ManagementReportsPage'),
                            (m) => m.ManagementReportsPage,
                          ),
                        },
                        {
                          path: '/invalidated-studies',
                          lazy: lazyPage(
                            () => import('../features/study-maintenance/InvalidatedStudiesPage'),
                            (m) => m.InvalidatedStudiesPage,
                          ),
                        },
                        {
                          path: '/invitations',
                          lazy: lazyPage(
                            () => import('../features/signup/InvitationsPage'),
                            (m) => m.InvitationsPage,
                          ),
                        },
                        {
                          // The Administration area (issue 14): a left nav (features/admin/nav.ts) and its pages.
                          path: '/admin',
                          lazy: lazyPage(
                            () => import('../features/admin/AdminLayout'),
                            (m) => m.AdminLayout,
                          ),
                          children: [
                            { index: true, element: null },
                            {
                              path: 'accounts',
                              lazy: lazyPage(
                                () => import('../features/admin/AccountsPage'),
                                (m) => m.AccountsPage,
                              ),
                            },
                            {
                              path: 'settings',
                              lazy: lazyPage(
                                () => import('../features/admin/AccountSettingsPage'),
                                (m) => m.AccountSettingsPage,
                              ),
                            },
                            {
                              path: 'institutions',
                              lazy: lazyPage(
                                () => import('../features/admin/InstitutionsAdminPage'),
                                (m) => m.InstitutionsAdminPage,
                              ),
                            },
                            {
                              path: 'users',
                              lazy: lazyPage(
                                () => import('../features/admin-users/UsersPage'),
                                (m) => m.UsersPage,
                              ),
                            },
                            {
                              path: 'roles',
                              lazy: lazyPage(
                                () => import('../features/admin-roles/RolesPage'),
                                (m) => m.RolesPage,
                              ),
                            },
                            {
                              path: 'schedules',
                              lazy: lazyPage(
                                () => import('../features/admin-roles/SchedulesPage'),
                                (m) => m.SchedulesPage,
                              ),
                            },
                            {
                              path: 'medical-groups',
                              lazy: lazyPage(
                                () => import('../features/admin-roles/NamedListPage'),
                                (m) => m.MedicalGroupsPage,
                              ),
                            },
                            {
                              path: 'specialties',
                              lazy: lazyPage(
                                () => import('../features/admin-roles/NamedListPage'),
                                (m) => m.SpecialtiesPage,
                              ),
                            },
                            {
                              path: 'orchestrator',
                              lazy: lazyPage(
                                () => import('../features/orchestrator/OrchestratorPage'),
                                (m) => m.OrchestratorPage,
                              ),
                            },
                            {
                              path: 'notifications',
                              lazy: lazyPage(
                                () => import('../features/subscriptions/SubscriptionsPage'),
                                (m) => m.SubscriptionsPage,
                              ),
                            },
                            {
                              path: 'modalities',
                              lazy: lazyPage(
                                () => import('../features/catalog/ModalitiesPage'),
                                (m) => m.ModalitiesPage,
                              ),
                            },
                            {
                              path: 'exams',
                              lazy: lazyPage(
                                () => import('../features/catalog/ExamsPage'),
                                (m) => m.ExamsPage,
                              ),
                            },
                            {
                              path: 'routines',
                              lazy: lazyPage(
                                () => import('../features/catalog/RoutinesPage'),
                                (m) => m.RoutinesPage,
                              ),
                            },
                            {
                              path: 'masks',
                              lazy: lazyPage(
                                () => import('../features/working-material/MasksPage'),
                                (m) => m.MasksPage,
                              ),
                            },
                            {
                              path: 'phrases',
                              lazy: lazyPage(
                                () => import('../features/working-material/PhrasesPage'),
                                (m) => m.PhrasesPage,
                              ),
                            },
                            {
                              path: 'labels',
                              lazy: lazyPage(
                                () => import('../features/working-material/LabelsPage'),
                                (m) => m.LabelsPage,
                              ),
                            },
                            {
                              path: 'connects',
                              lazy: lazyPage(
                                () => import('../features/connects/ConnectsPage'),
                                (m) => m.ConnectsPage,
                              ),
                            },
                            {
                              path: 'access-grants',
                              lazy: lazyPage(
                                () => import('../features/admin-roles/AccessGrantsPage'),
                                (m) => m.AccessGrantsPage,
                              ),
                            },
                            {
                              path: 'audit',
                              lazy: lazyPage(
                                () => import('../features/admin-audit/AuditPage'),
                                (m) => m.AuditPage,
                              ),
                            },
                          ],
                        },
                        {
                          path: '/outbox',
                          lazy: lazyPage(
                            () => import('../features/share/OutboxPage'),
                            (m) => m.OutboxPage,
                          ),
                        },
                        // A study's report, or a scheduled exam's (decision 005: its calls go to /scheduledExam).
                        ...['/studies', '/scheduledExam'].flatMap((base) => [
                          {
                            path: `${base}/report/:studyId`,
                            // the editor (TipTap) loads with its page
                            lazy: lazyPage(
                              () => import('../features/report/ReportPage'),
                              (m) => m.ReportPage,
                            ),
                          },
                          {
                            path: `${base}/report/:studyId/transcription`,
                            // typing of narrated audio (spec 1 §2): the player beside the editor
                            lazy: lazyPage(
                              () => import('../features/transcription/TranscriptionPage'),
                              (m) => m.TranscriptionPage,
                            ),
                          },
                        ]),
                        { path: '*', element: <NotFoundPage /> },
                      ],
                    },
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
