import { useLocation, useParams } from 'react-router-dom';
import { isScheduledExam, rememberScheduledExam } from '../../lib/exam-path';

/**
 * The exam id of a report route, `/studies/report/:studyId…` or `/scheduledExam/report/:studyId…`
 * (a scheduled exam of the worklist, decision 005): the second kind is remembered before any
 * call, so the report's API modules use `/scheduledExam`. `listPath` is where 'back' goes.
 */
export function useExamRoute(): { studyId: string; scheduled: boolean; listPath: string } {
  const { studyId = '' } = useParams();
  const { pathname } = useLocation();
  if (pathname.startsWith('/scheduledExam/')) rememberScheduledExam(studyId);
  const scheduled = isScheduledExam(studyId);
  return { studyId, scheduled, listPath: scheduled ? '/scheduled-exams' : '/studies' };
}
