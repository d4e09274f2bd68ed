import { z } from 'zod';
import { PrintOptions } from '../../../../domain/print/options';
import { apiRequest } from '../../lib/api';

export function fetchPrintConfig(signal?: AbortSignal): Promise<PrintOptions> {
  return apiRequest('/layouts', { schema: PrintOptions, signal });
}

export function savePrintConfig(options: PrintOptions): Promise<PrintOptions> {
  return apiRequest('/layouts', { method: 'PATCH', body: options, schema: PrintOptions });
}

/** The job is started; its link comes on the live document (downloadUrl is null here). */
const PrintStarted = z.object({ printStudyKey: z.string(), downloadUrl: z.string().nullable() });
export type PrintStarted = z.infer<typeof PrintStarted>;

/** Starts the print job (spec 2 §7); its status and then its PDF come on printStudy/{key}. */
export function requestPrint(studyId: string, o: PrintOptions, key: string): Promise<PrintStarted> {
  const q = new URLSearchParams({
    layout: `${o.layout.row}x${o.layout.col}`,
    orientation: o.orientation,
    pageSize: o.pageSize,
    option: o.option,
    column: String(o.column),
    groupSeries: String(o.groupSeries),
    includeKeyImages: String(o.includeKeyImages),
    printStudyKey: key,
  });
  if (o.seriesIds.length > 0) q.set('seriesIds', o.seriesIds.join(','));
  return apiRequest(`/studies/${encodeURIComponent(studyId)}/print-study?${q.toString()}`, {
    schema: PrintStarted,
  });
}

const AccountPrintSettings = z.object({
  PRINT_CUSTOM_HEADER: z.string().nullable(),
  ALLOW_PRINT_ON_DEMAND: z.enum(['true', 'false']),
});

/** The account settings the print screens read (spec 2 §7 GET /accounts/{id}/config). */
export function fetchAccountPrintSettings(accountId: string, signal?: AbortSignal) {
  return apiRequest(`/accounts/${encodeURIComponent(accountId)}/config`, { schema: AccountPrintSettings, signal });
}
