/** The management reports' calls (api/management/routes.ts). */
import {
  CanceledExamsReport,
  ManagementSummary,
  type ManagementPeriod,
  ProductivityReport,
} from '../../../../domain/management/reports';
import { apiRequest } from '../../lib/api';
import { fetchBlob, saveBlob } from '../documents/api';

export type Report = 'productivity' | 'summary' | 'canceled-exams';

export const managementKeys = {
  report: (accountId: string, report: Report, p: ManagementPeriod) => ['management', accountId, report, p] as const,
};

function search(p: ManagementPeriod): string {
  const params = new URLSearchParams({ from: p.from, to: p.to });
  if (p.institutionId) params.set('institutionId', p.institutionId);
  return `?${params}`;
}

export const fetchProductivity = (p: ManagementPeriod, signal?: AbortSignal) =>
  apiRequest(`/management/productivity${search(p)}`, { schema: ProductivityReport, signal });

export const fetchSummary = (p: ManagementPeriod, signal?: AbortSignal) =>
  apiRequest(`/management/summary${search(p)}`, { schema: ManagementSummary, signal });

export const fetchCanceled = (p: ManagementPeriod, signal?: AbortSignal) =>
  apiRequest(`/management/canceled-exams${search(p)}`, { schema: CanceledExamsReport, signal });

/** The report as CSV or XLSX, saved by the browser. */
export async function downloadReport(report: 'productivity' | 'canceled-exams', format: 'csv' | 'xlsx', p: ManagementPeriod) {
  const blob = await fetchBlob(`/management/${report}.${format}${search(p)}`);
  saveBlob(blob, `${report}-${p.from}-${p.to}.${format}`);
}
