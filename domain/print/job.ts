/**
 * The print job's live document (spec 2 §3, §4, §7): retained on
 * `laudos/accounts/{accountId}/printStudy/{key}`; the key is random, so only who asked knows it.
 */
export type PrintJobStatus = 'requested' | 'started' | 'completed' | 'error';

export interface PrintJobDocument {
  status: PrintJobStatus;
  errorMessage?: string;
}

export function printStudyTopic(accountId: string, key: string): string {
  return `laudos/accounts/${accountId}/printStudy/${key}`;
}

export function parsePrintStudyTopic(topic: string): { accountId: string; key: string } | null {
  const m = /^laudos\/accounts\/([0-9a-f-]{36})\/printStudy\/([0-9a-f-]{36})$/.exec(topic);
  return m ? { accountId: m[1]!, key: m[2]! } : null;
}

/** Object key of the generated PDF. */
export function printObjectKey(accountId: string, key: string): string {
  return `accounts/${accountId}/prints/${key}.pdf`;
}
