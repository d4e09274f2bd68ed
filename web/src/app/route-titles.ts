/**
 * Each route's own translated title (WCAG 2.4.2, issue 24: every page was titled 'Laudos'):
 * the i18n key for a path. Administration pages take their navigation label
 * (`/admin/medical-groups` → `admin.nav.medicalGroups`); an unknown path is the 404 page.
 */
const TITLES: [RegExp, string][] = [
  [/^\/login$/, 'titles.login'],
  [/^\/forgotPassword$/, 'titles.forgotPassword'],
  [/^\/resetPassword$/, 'titles.resetPassword'],
  [/^\/signup(\/verify|\/complete)?$/, 'titles.signup'],
  [/^\/terms$/, 'titles.terms'],
  [/^\/resultados$/, 'portal.title'],
  [/^\/confirm-email$/, 'titles.confirmEmail'],
  [/^\/confirm-subscription$/, 'titles.confirmSubscription'],
  [/^\/verify\/[^/]+$/, 'titles.verify'],
  [/^\/critical-ack\/[^/]+$/, 'titles.criticalAck'],
  [/^\/select-account$/, 'titles.selectAccount'],
  [/^\/(studies\/[^/]+\/viewer\/[^/]+|viewer-frame)$/, 'titles.viewer'],
  [/^\/?$|^\/studies$/, 'titles.studies'],
  [/^\/scheduled-exams$/, 'titles.scheduledExams'],
  [/^\/overdue-studies$/, 'overdue.title'],
  [/^\/management$/, 'management.title'],
  [/^\/(studies|scheduledExam)\/report\/[^/]+$/, 'titles.report'],
  [/^\/(studies|scheduledExam)\/report\/[^/]+\/transcription$/, 'titles.transcription'],
  [/^\/profile$/, 'titles.profile'],
  [/^\/profile\/certificate$/, 'titles.certificate'],
  [/^\/institutions$/, 'titles.institutions'],
  [/^\/phrases$/, 'titles.phrases'],
  [/^\/divergent-studies$/, 'titles.divergent'],
  [/^\/invalidated-studies$/, 'titles.invalidated'],
  [/^\/invitations$/, 'titles.invitations'],
  [/^\/outbox$/, 'titles.outbox'],
  [/^\/admin\/?$/, 'titles.admin'],
];

const camel = (segment: string) => segment.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

export function routeTitleKey(pathname: string): string {
  const admin = /^\/admin\/([a-z-]+)\/?$/.exec(pathname);
  if (admin) return `admin.nav.${camel(admin[1]!)}`;
  return TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'titles.notFound';
}
