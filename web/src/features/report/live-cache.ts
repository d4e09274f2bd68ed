import type { ReportView } from '../../../../domain/studies/schemas';
import type { LiveStudyDocument } from '../../lib/live-core';
import type { StudyDetail } from './api';

/**
 * The cached study detail with a live document applied. `stateChanged` tells the caller to
 * refetch, because allowedActions depend on the new state and only the server computes them.
 */
export function applyLiveDocToDetail(
  data: StudyDetail | undefined,
  doc: LiveStudyDocument,
): { data: StudyDetail | undefined; stateChanged: boolean } {
  if (!data || data.id !== doc.studyId) return { data, stateChanged: false };
  const same =
    data.report.state === doc.laudoState && data.report.userId === doc.laudoUserId && data.report.doctorName === doc.doctorName;
  if (same) return { data, stateChanged: false };
  return {
    data: {
      ...data,
      laudoState: doc.laudoState,
      laudoUserId: doc.laudoUserId,
      doctorName: doc.doctorName,
      report: { ...data.report, state: doc.laudoState, userId: doc.laudoUserId, doctorName: doc.doctorName },
    },
    stateChanged: data.report.state !== doc.laudoState || data.report.userId !== doc.laudoUserId,
  };
}

/** The cached study detail after a successful action answered with the report. */
export function applyReportToDetail(data: StudyDetail | undefined, report: ReportView): StudyDetail | undefined {
  if (!data) return data;
  return { ...data, laudoState: report.state, laudoUserId: report.userId, doctorName: report.doctorName, report };
}
