import type { StudyListResponse } from '../../../../domain/studies/schemas';
import type { LiveStudyDocument } from '../../lib/live-core';

/**
 * A cached list page with one live document applied (laudoState, laudoUserId, doctorName
 * of the matching row). Returns the same object when nothing changes, so nothing re-renders.
 */
export function applyLiveDocToList(data: StudyListResponse | undefined, doc: LiveStudyDocument): StudyListResponse | undefined {
  if (!data) return data;
  let changed = false;
  const studies = data.studies.map((s) => {
    if (s.id !== doc.studyId) return s;
    if (s.laudoState === doc.laudoState && s.laudoUserId === doc.laudoUserId && s.doctorName === doc.doctorName) return s;
    changed = true;
    return { ...s, laudoState: doc.laudoState, laudoUserId: doc.laudoUserId, doctorName: doc.doctorName };
  });
  return changed ? { ...data, studies } : data;
}

/** How long after its images settled a study counts as just arrived (retained documents of older studies do not). */
export const ARRIVAL_WINDOW_MS = 2 * 60_000;

/** A study that has just arrived and that no cached page shows: the list should be read again. */
export function isNewArrival(doc: LiveStudyDocument, pages: (StudyListResponse | undefined)[], now: number): boolean {
  if (!doc.arrivedAt) return false;
  if (now - Date.parse(doc.arrivedAt) > ARRIVAL_WINDOW_MS) return false;
  return !pages.some((p) => p?.studies.some((s) => s.id === doc.studyId));
}
