import { z } from 'zod';

/** The study list's optional columns, in table order (patient name and row actions always show). */
export const STUDY_LIST_COLUMNS = [
  'patientId',
  'accessionNumber',
  'modality',
  'examType',
  'institution',
  'examDate',
  'receivedAt',
  'status',
  'urgency',
  'remaining',
  'routine',
  'badges',
  'doctor',
  'labels',
] as const;
export type StudyListColumn = (typeof STUDY_LIST_COLUMNS)[number];

/** The user setting that keeps how the study list looks (issue 17): dense rows and hidden columns. */
export const STUDY_LIST_VIEW_CONFIG_KEY = 'STUDY_LIST_VIEW';

/** Hidden columns are kept (not shown ones), so a column added later shows until the user hides it. */
export const StudyListView = z
  .object({
    dense: z.boolean(),
    hidden: z.array(z.enum(STUDY_LIST_COLUMNS)).max(STUDY_LIST_COLUMNS.length),
  })
  .strict();
export type StudyListView = z.infer<typeof StudyListView>;

export const DEFAULT_STUDY_LIST_VIEW: StudyListView = { dense: false, hidden: [] };

/** The stored setting (a JSON string), or the default when absent or damaged. */
export function parseStudyListView(raw: string | undefined | null): StudyListView {
  if (!raw) return DEFAULT_STUDY_LIST_VIEW;
  try {
    const parsed = StudyListView.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_STUDY_LIST_VIEW;
  } catch {
    return DEFAULT_STUDY_LIST_VIEW;
  }
}
