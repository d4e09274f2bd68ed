/**
 * The worklist 'agendados' in the address bar: text, exam statuses, booked days, page. One home
 * for reading and writing them, and for the API query they make.
 */
import { EXAM_STATUSES, type ExamStatus } from '../../../../domain/studies/maintenance';
import { readListParams, writeListParams } from '../studies/list-params';
import type { StudyListParams } from '../studies/query-keys';

export type ExamStatusFilter = ExamStatus | 'NONE';
export const EXAM_STATUS_FILTERS: readonly ExamStatusFilter[] = [...EXAM_STATUSES, 'NONE'];

export interface WorklistFilters {
  q: string;
  examStatus: ExamStatusFilter[];
  /** Booked days (YYYY-MM-DD, São Paulo calendar), inclusive. */
  from: string;
  to: string;
}
export const EMPTY_WORKLIST: WorklistFilters = { q: '', examStatus: [], from: '', to: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readWorklist(search: URLSearchParams): { filters: WorklistFilters; params: StudyListParams } {
  const statuses = (search.get('examStatus') ?? '').split(',');
  const day = (k: string) => (DAY.test(search.get(k) ?? '') ? search.get(k)! : '');
  return {
    filters: {
      q: search.get('q') ?? '',
      examStatus: EXAM_STATUS_FILTERS.filter((s) => statuses.includes(s)),
      from: day('from'),
      to: day('to'),
    },
    params: readListParams(search),
  };
}

export function writeWorklist(filters: WorklistFilters, params: StudyListParams): URLSearchParams {
  const search = writeListParams({ page: params.page, pageSize: params.pageSize });
  if (filters.q) search.set('q', filters.q);
  if (filters.examStatus.length) search.set('examStatus', filters.examStatus.join(','));
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  return search;
}

/** The query of `GET /listScheduledExams` (the text only from 3 characters, like the study list). */
export function worklistApiQuery(filters: WorklistFilters, params: StudyListParams): URLSearchParams {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (filters.q.trim().length >= 3) query.set('q', filters.q.trim());
  if (filters.examStatus.length) query.set('examStatus', filters.examStatus.join(','));
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  return query;
}
