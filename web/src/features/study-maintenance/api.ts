/** Study maintenance (issue 16): divergent and invalidated studies, exam status, history tabs. */
import { z } from 'zod';
import {
  Divergence,
  type DivergenceAction,
  type DivergenceStatus,
  type ExamStatus,
  HistoryEntry,
  InvalidatedRow,
} from '../../../../domain/studies/maintenance';
import { apiRequest } from '../../lib/api';
import { examPath } from '../../lib/exam-path';

export { DIVERGENCE_CONFIRMATION, EXAM_STATUSES } from '../../../../domain/studies/maintenance';
export type { Divergence, DivergenceAction, DivergenceStatus, ExamStatus, HistoryEntry };

export const maintenanceKeys = {
  divergent: (status: DivergenceStatus | 'ALL') => ['studies', 'divergent', status] as const,
  invalidated: ['studies', 'invalidated'] as const,
  history: (studyId: string, scope: 'study' | 'patient') => ['studies', 'history', studyId, scope] as const,
};

export const fetchDivergences = (status: DivergenceStatus | 'ALL', signal?: AbortSignal) =>
  apiRequest(`/divergent-studies${status === 'ALL' ? '' : `?status=${status}`}`, {
    schema: z.object({ divergences: z.array(Divergence) }),
    signal,
  }).then((a) => a.divergences);

export const resolveDivergence = (id: string, action: DivergenceAction, confirmation: string) =>
  apiRequest(`/divergent-studies/${id}/${action}`, { method: 'POST', body: { confirmation } });

export type { InvalidatedRow };

export const fetchInvalidated = (signal?: AbortSignal) =>
  apiRequest('/invalidated-studies', { schema: z.object({ studies: z.array(InvalidatedRow) }), signal }).then((a) => a.studies);
export const recoverStudy = (id: string) => apiRequest(`/invalidated-studies/${id}/recover`, { method: 'POST', body: {} });
export const invalidateStudy = (id: string, reason: string) =>
  apiRequest(`/studies/${id}/invalidate`, { method: 'POST', body: { reason } });
export const duplicateStudy = (id: string) => apiRequest(`/studies/${id}/duplicate`, { method: 'POST', body: {} });
export const retrieveArchived = (id: string) => apiRequest(`/studies/${id}/retrieve-archived`, { method: 'POST', body: {} });
export const setExamStatus = (id: string, status: ExamStatus) =>
  apiRequest(`${examPath(id)}/exam-status`, { method: 'PUT', body: { status } });

export const fetchHistory = (studyId: string, scope: 'study' | 'patient', signal?: AbortSignal) =>
  apiRequest(`/studies/${studyId}/${scope === 'study' ? 'history' : 'patient-history'}`, {
    schema: z.object({ entries: z.array(HistoryEntry) }),
    signal,
  }).then((a) => a.entries);
