/**
 * The administration pages under /admin/{slug}, in the navigation's order: each is named by
 * `admin.nav.{camelCase slug}` (route titles) and checked by the accessibility e2e test.
 */
export const ADMIN_PAGES = [
  'accounts',
  'settings',
  'institutions',
  'users',
  'roles',
  'schedules',
  'medical-groups',
  'specialties',
  'orchestrator',
  'notifications',
  'modalities',
  'exams',
  'routines',
  'masks',
  'phrases',
  'labels',
  'connects',
  'access-grants',
  'audit',
] as const;
