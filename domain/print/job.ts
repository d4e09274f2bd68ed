/**
 * The print job's live document (spec 2 §3, §4, §7): retained on
 * `laudos/accounts/{accountId}/printStudy/{key}`; the key is random, so only who asked knows it.
 * The request answers at once with the key; the document carries the PDF's link when done.
 */
import { z } from 'zod';
import { accountSetting } from '../accounts/settings';

export const PrintJobStatus = z.enum(['requested', 'started', 'completed', 'error']);
export type PrintJobStatus = z.infer<typeof PrintJobStatus>;

export const PrintJobDocument = z.object({
  status: PrintJobStatus,
  errorMessage: z.string().optional(),
  /** When completed: the PDF's short-lived link and its page count. */
  downloadUrl: z.string().optional(),
  pages: z.number().int().optional(),
});
export type PrintJobDocument = z.infer<typeof PrintJobDocument>;

/** `GET /studies/:id/print-study` answers 202 at once: the job's key (its link comes on the live document). */
export const PrintStarted = z.object({ printStudyKey: z.string(), downloadUrl: z.null() });
export type PrintStarted = z.infer<typeof PrintStarted>;

export { PRINT_JOB_FINISH_MARGIN_MS, PRINT_JOB_TIMEOUT_MS } from './job-timing';

/**
 * Account setting ALLOW_PRINT_ON_DEMAND (ADR 007): printing study images is allowed unless
 * the account turned it off (unset keeps the registry's default, allowed).
 */
export function printOnDemandAllowed(config: Record<string, unknown> | null | undefined): boolean {
  return accountSetting(config, 'ALLOW_PRINT_ON_DEMAND');
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
