export const reportImagesKeys = {
  series: (studyId: string) => ['report-images', 'series', studyId] as const,
  selection: (studyId: string) => ['report-images', 'selection', studyId] as const,
};
