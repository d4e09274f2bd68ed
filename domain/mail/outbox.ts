/**
 * Outgoing mail as the api answers it (the share call and the 'Caixa de saída' page).
 * status: pending while being handed over, sent once the SMTP server accepted it, stored when
 * no SMTP server is configured (the outbox is the delivery), error when sending failed.
 */
import { z } from 'zod';

export const MAIL_STATUSES = ['pending', 'sent', 'stored', 'error'] as const;
export const MailStatus = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof MailStatus>;

export const MailTransportKind = z.enum(['smtp', 'outbox']);
export type MailTransportKind = z.infer<typeof MailTransportKind>;

export const OutboxMessage = z.object({
  id: z.string(),
  studyId: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  senderName: z.string().nullable(),
  transport: MailTransportKind,
  status: MailStatus,
  error: z.string().nullable(),
  link: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
  attachmentName: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxList = z.object({
  /** Where mail goes: an SMTP server, or only this outbox (the embedded default). */
  transport: MailTransportKind,
  messages: z.array(OutboxMessage),
});
export type OutboxList = z.infer<typeof OutboxList>;

export const ShareAnswer = z.object({ message: OutboxMessage });
export type ShareAnswer = z.infer<typeof ShareAnswer>;

/** A share link lasts 7 days (issue 6), against the 5 minutes of an in-app download link. */
export const SHARE_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
