import type { StudyFilters } from './filters';

/** TanStack Query keys of the study list (one place for the feature). */
export interface StudyListParams {
  page: number;
  pageSize: number;
  /** Keyset cursor of this page (the previous page's `nextCursor`), when moving forward. */
  cursor?: string;
}

export const studyKeys = {
  all: ['studies'] as const,
  lists: () => [...studyKeys.all, 'list'] as const,
  list: (params: StudyListParams, filters?: StudyFilters) => [...studyKeys.lists(), params, filters ?? null] as const,
  labels: (accountId: string, studyId: string) => ['studyLabels', accountId, studyId] as const,
  labelSearch: (accountId: string, q: string) => ['labelSearch', accountId, q] as const,
};
