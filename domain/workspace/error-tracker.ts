/** Client error reports (spec 1 §7 / spec 3 §7 `POST /errorTracker` with subType, user, content). */
import { z } from 'zod';

export const ERROR_REPORT_SUBTYPE_MAX = 100;
export const ERROR_REPORT_CONTENT_MAX_BYTES = 16 * 1024;
/** Reports accepted per session per minute. */
export const ERROR_REPORTS_PER_MINUTE = 60;

export const ErrorReportBody = z.object({
  subType: z.string().trim().min(1).max(ERROR_REPORT_SUBTYPE_MAX),
  /** What the client says of its user; the session's user is what is recorded. */
  user: z.unknown().optional(),
  /** Any JSON value, at most 16 KB serialised. */
  content: z.unknown().refine((v) => v !== undefined),
});
export type ErrorReportBody = z.input<typeof ErrorReportBody>;

/** The size the content takes once stored. */
export function contentBytes(content: unknown): number {
  return new TextEncoder().encode(JSON.stringify(content) ?? '').length;
}
