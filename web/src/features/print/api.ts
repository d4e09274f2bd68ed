import { z } from 'zod';
import { PrintOptions } from '../../../../domain/print/options';
import { apiRequest } from '../../lib/api';

export function fetchPrintConfig(signal?: AbortSignal): Promise<PrintOptions> {
  return apiRequest('/layouts', { schema: PrintOptions, signal });
}

export function savePrintConfig(options: PrintOptions): Promise<PrintOptions> {
  return apiRequest('/layouts', { method: 'PATCH', body: options, schema: PrintOptions });
}

const PrintResult = z.object({ printStudyKey: z.string(), downloadUrl: z.string(), pages: z.number().int() });
export type PrintResult = z.infer<typeof PrintResult>;

/** Runs the print job (spec 2 §7); its status is on the live topic printStudy/{key} meanwhile. */
export function requestPrint(studyId: string, o: PrintOptions, key: string): Promise<PrintResult> {
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
    schema: PrintResult,
  });
}
