/** TanStack Query keys of the report page (one place for the feature). */
export const reportKeys = {
  all: ['report'] as const,
  study: (studyId: string) => [...reportKeys.all, 'study', studyId] as const,
  content: (studyId: string) => [...reportKeys.all, 'content', studyId] as const,
  draft: (studyId: string) => [...reportKeys.all, 'draft', studyId] as const,
  versions: (studyId: string) => [...reportKeys.all, 'versions', studyId] as const,
  opinions: (studyId: string) => [...reportKeys.all, 'opinions', studyId] as const,
  masks: (studyId: string) => [...reportKeys.all, 'masks', studyId] as const,
  phrases: (accountId: string, q: string) => ['phrases', accountId, q] as const,
  doctors: (studyId: string, purpose: string) => ['doctors', studyId, purpose] as const,
};
