/** TanStack Query keys of the study list (one place for the feature). */
export interface StudyListParams {
  page: number;
  pageSize: number;
}

export const studyKeys = {
  all: ['studies'] as const,
  lists: () => [...studyKeys.all, 'list'] as const,
  list: (params: StudyListParams) => [...studyKeys.lists(), params] as const,
};
