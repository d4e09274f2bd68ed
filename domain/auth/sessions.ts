import { z } from 'zod';

/** One of the user's live sessions (GET /auth/sessions). */
export const SessionListItem = z.object({
  id: z.string().uuid(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session making the request. */
  current: z.boolean(),
});
export type SessionListItem = z.infer<typeof SessionListItem>;
export const SessionList = z.object({ data: z.array(SessionListItem) });

/** POST /auth/accessLink: a single-use link that opens a new session (another window or device). */
export const AccessLinkAnswer = z.object({ token: z.string(), url: z.string(), expiresInSeconds: z.number() });
export type AccessLinkAnswer = z.infer<typeof AccessLinkAnswer>;

/** POST /auth/access: the `?access=` token of such a link, exchanged once for a session token. */
export const AccessExchangeBody = z.object({ token: z.string().min(20).max(200) }).strict();

/** A short-lived image token for URLs (the viewer frame, <img>): api/auth/image-tokens.ts. */
export const ImageTokenAnswer = z.object({ token: z.string().min(1), expiresInSeconds: z.number().positive() });
/** How many of the caller's other sessions 'sign out the other sessions' ended. */
export const OtherSessionsEnded = z.object({ data: z.object({ ended: z.number() }) });
