import { describe, expect, it } from '@jest/globals';
import ptBR from '../i18n/pt-BR.json';
import { routeTitleKey } from './route-titles';
import { ADMIN_PAGES } from '../features/admin/admin-pages';

const has = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], ptBR) !== undefined;

describe('route titles', () => {
  it.each([
    ['/login', 'titles.login'],
    ['/studies', 'titles.studies'],
    ['/', 'titles.studies'],
    ['/scheduled-exams', 'titles.scheduledExams'],
    ['/studies/report/5b0c', 'titles.report'],
    ['/scheduledExam/report/5b0c', 'titles.report'],
    ['/studies/report/5b0c/transcription', 'titles.transcription'],
    ['/studies/a,b/viewer/general', 'titles.viewer'],
    ['/admin', 'titles.admin'],
    ['/admin/medical-groups', 'admin.nav.medicalGroups'],
    ['/admin/access-grants', 'admin.nav.accessGrants'],
    ['/admin/orchestrator', 'admin.nav.orchestrator'],
    ['/overdue-studies', 'overdue.title'],
    ['/management', 'management.title'],
    ['/nowhere', 'titles.notFound'],
  ])('%s → %s, a key of the catalogue', (path, key) => {
    expect(routeTitleKey(path)).toBe(key);
    expect(has(key)).toBe(true);
  });

  it('names every administration page from its navigation label', () => {
    for (const page of ADMIN_PAGES) expect([page, has(routeTitleKey(`/admin/${page}`))]).toEqual([page, true]);
  });
});
