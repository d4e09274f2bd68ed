import type { z } from 'zod';

/**
 * What the document says of one operation, beside its path parameters. An answer is described
 * by exactly one of `response` (a JSON body), `noContent` (204, no body) or `media` (a body that
 * is not JSON: a file, a CSV, a PDF, a page); `redirect` adds a 302 to where the bytes are.
 */
export interface OperationSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  /** The 2xx JSON body. */
  response?: z.ZodType;
  /** The operation answers 204 with no body. */
  noContent?: true;
  /** The media types of a 2xx body that is not JSON. */
  media?: readonly string[];
  /** The operation may answer 302 with a Location (a presigned or public address of the bytes). */
  redirect?: true;
}

/** Whether the document describes the operation's 2xx answer. */
export const answerDescribed = (s: OperationSchemas | undefined): boolean =>
  s !== undefined && (s.response !== undefined || s.noContent === true || s.media !== undefined);
