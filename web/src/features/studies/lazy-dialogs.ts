/**
 * The study list's per-row dialogs, each loaded the first time one opens: the list is in the
 * entry bundle, and these (with the report API they use) would otherwise load on /login too
 * (issue 24: ≤ 350 KB of compressed JavaScript there).
 */
import { lazyComponent } from '../../app/errors/lazy-retry';

export const StudyVersionsDialog = lazyComponent(() => import('./StudyVersionsDialog'), (m) => m.StudyVersionsDialog);
export const StudyLabelsDialog = lazyComponent(() => import('./StudyLabelsDialog'), (m) => m.StudyLabelsDialog);
export const StudyRoutineDialog = lazyComponent(() => import('./StudyRoutineDialog'), (m) => m.StudyRoutineDialog);
export const CommentsDialog = lazyComponent(() => import('../findings/CommentsDialog'), (m) => m.CommentsDialog);
export const CriticalFindingDialog = lazyComponent(
  () => import('../findings/CriticalFindingDialog'),
  (m) => m.CriticalFindingDialog,
);
export const UploadDialog = lazyComponent(() => import('../upload/UploadDialog'), (m) => m.UploadDialog);
export const StudyMaintenanceDialog = lazyComponent(
  () => import('../study-maintenance/StudyMaintenanceDialog'),
  (m) => m.StudyMaintenanceDialog,
);
