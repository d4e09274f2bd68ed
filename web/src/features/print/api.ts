import { PrintStarted } from '../../../../domain/print/job';
import { PrintConfigAnswer, type PrintOptions } from '../../../../domain/print/options';
import { apiRequest } from '../../lib/api';
import { fetchAccountConfig } from '../../lib/account-config';
import { accountSetting } from '../../../../domain/accounts/settings';

/** The account's saved print config (with its saved layouts), or the defaults (`saved` false). */
export function fetchPrintConfig(signal?: AbortSignal): Promise<PrintConfigAnswer> {
  return apiRequest('/layouts', { schema: PrintConfigAnswer, signal });
}

/** Saves the choices; the server puts their layout first in the account's saved layouts. */
export function savePrintConfig(options: PrintOptions): Promise<PrintConfigAnswer> {
  return apiRequest('/layouts', { method: 'PATCH', body: options, schema: PrintConfigAnswer });
}

export type { PrintStarted };

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

/** The account settings the print screens read (spec 2 §7 GET /accounts/{id}/config), read through the registry. */
export async function fetchAccountPrintSettings(accountId: string, signal?: AbortSignal) {
  const data = await fetchAccountConfig(accountId, signal);
  return {
    customHeader: accountSetting(data, 'PRINT_CUSTOM_HEADER'),
    printOnDemand: accountSetting(data, 'ALLOW_PRINT_ON_DEMAND'),
  };
}
