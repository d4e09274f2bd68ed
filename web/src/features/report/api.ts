import { z } from 'zod';
import { ReportView, StudyDetailResponse } from '../../../../domain/studies/schemas';
import { apiRequest } from '../../lib/api';

export type StudyDetail = StudyDetailResponse['study'];

/** GET /api/studies/{id} — the study with its report and the caller's allowedActions. */
export async function fetchStudyDetail(studyId: string, signal?: AbortSignal): Promise<StudyDetail> {
  const answer = await apiRequest(`/studies/${encodeURIComponent(studyId)}`, { schema: StudyDetailResponse, signal });
  return answer.study;
}

const StartReportAnswer = z.object({ report: ReportView });

/** POST /api/studies/{id}/reports/start with an Idempotency-Key. */
export async function startReport(studyId: string, idempotencyKey: string): Promise<ReportView> {
  const answer = await apiRequest(`/studies/${encodeURIComponent(studyId)}/reports/start`, {
    method: 'POST',
    body: {},
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: StartReportAnswer,
  });
  return answer.report;
}
