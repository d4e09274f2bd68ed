/** TanStack Query keys of the report page (one place for the feature). */
export const reportKeys = {
  all: ['report'] as const,
  study: (studyId: string) => [...reportKeys.all, 'study', studyId] as const,
};
