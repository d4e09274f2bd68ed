import type { StudyListItem, StudyListResponse } from '../../../../domain/studies/schemas';
import type { LiveStudyDocument } from '../../lib/live-core';

/** The row's badge fields as a live document states them (unread grows with new comments). */
function liveBadges(
  s: StudyListItem,
  doc: LiveStudyDocument,
  userId?: string,
): Pick<StudyListItem, 'criticalFinding' | 'commentCount' | 'unreadComments'> {
  const criticalFinding =
    doc.findingStatus && doc.levelAndNameCriticalFinding
      ? { status: doc.findingStatus, levelAndName: doc.levelAndNameCriticalFinding }
      : doc.findingStatus === undefined
        ? (s.criticalFinding ?? null)
        : null;
  const commentCount = doc.commentCount ?? s.commentCount ?? 0;
  const added = Math.max(0, commentCount - (s.commentCount ?? 0));
  // One new comment of one's own is not unread; a burst is counted whole until the next fetch.
  const own = added === 1 && userId !== undefined && doc.lastCommentUserId === userId;
  const unreadComments = (s.unreadComments ?? 0) + (own ? 0 : added);
  return { criticalFinding, commentCount, unreadComments };
}

const sameFinding = (a: StudyListItem['criticalFinding'], b: StudyListItem['criticalFinding']) =>
  (a ?? null) === (b ?? null) || (a?.status === b?.status && a?.levelAndName === b?.levelAndName);

/**
 * A cached list page with one live document applied (laudoState, laudoUserId, doctorName and
 * the badges of the matching row). Returns the same object when nothing changes, so nothing
 * re-renders.
 */
export function applyLiveDocToList(
  data: StudyListResponse | undefined,
  doc: LiveStudyDocument,
  userId?: string,
): StudyListResponse | undefined {
  if (!data) return data;
  // Invalidated or merged into another study (issue 16): the row leaves the list.
  if (doc.unlisted) {
    if (!data.studies.some((s) => s.id === doc.studyId)) return data;
    return { ...data, studies: data.studies.filter((s) => s.id !== doc.studyId), total: Math.max(0, data.total - 1) };
  }
  let changed = false;
  const studies = data.studies.map((s) => {
    if (s.id !== doc.studyId) return s;
    const badges = liveBadges(s, doc, userId);
    const examStatus = doc.examStatus === undefined ? (s.examStatus ?? null) : (doc.examStatus as StudyListItem['examStatus']);
    if (
      (s.examStatus ?? null) === examStatus &&
      s.laudoState === doc.laudoState &&
      s.laudoUserId === doc.laudoUserId &&
      s.doctorName === doc.doctorName &&
      sameFinding(s.criticalFinding, badges.criticalFinding) &&
      (s.commentCount ?? 0) === badges.commentCount &&
      (s.unreadComments ?? 0) === badges.unreadComments
    )
      return s;
    changed = true;
    return { ...s, laudoState: doc.laudoState, laudoUserId: doc.laudoUserId, doctorName: doc.doctorName, examStatus, ...badges };
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
