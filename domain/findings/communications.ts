/**
 * The closed loop of a critical finding (issue 18, ACR practice parameter): each communication
 * of a confirmed finding to the requesting physician, with the six facts recorded — finding,
 * time identified, reporting doctor, receiver, time received, method. By e-mail the receiver
 * acknowledges a single-use link; by phone or in person the doctor records the read-back.
 */
import { z } from 'zod';
import { IsoInstant } from '../iso-schemas';
import type { FindingStatus } from './critical-findings';

export const COMMUNICATION_METHODS = ['email', 'phone', 'in_person'] as const;
export type CommunicationMethod = (typeof COMMUNICATION_METHODS)[number];

/** Only a finding (created as one, or an accepted suspicion) is communicated, never a bare suspicion. */
export const isConfirmedFinding = (status: FindingStatus): boolean => status !== 'SUSPICION_CREATED';

const Name = z.string().trim().min(1, { error: 'CRITICAL_RECEIVER_REQUIRED' }).max(200, { error: 'CHARACTER_LIMIT_EXCEEDED' });

export const RecordCommunicationBody = z.discriminatedUnion('method', [
  z
    .object({
      studyId: z.string().uuid(),
      method: z.literal('email'),
      receiverName: Name,
      receiverEmail: z.string().trim().toLowerCase().email({ error: 'EMAIL_INVALID' }).max(320),
    })
    .strict(),
  z
    .object({
      studyId: z.string().uuid(),
      method: z.enum(['phone', 'in_person']),
      receiverName: Name,
      receiverEmail: z.string().trim().toLowerCase().email({ error: 'EMAIL_INVALID' }).max(320).optional(),
      /** When the receiver heard it (read back); default now. */
      receivedAt: IsoInstant.optional(),
    })
    .strict(),
]);
export type RecordCommunicationBody = z.input<typeof RecordCommunicationBody>;

export type CommunicationStatus = 'awaiting' | 'acknowledged' | 'escalated';

export const Communication = z.object({
  id: z.string().uuid(),
  studyId: z.string().uuid(),
  findingText: z.string(),
  identifiedAt: z.string(),
  reportingUserId: z.string().uuid(),
  reportingUserName: z.string().nullable(),
  method: z.enum(COMMUNICATION_METHODS),
  receiverName: z.string(),
  receiverEmail: z.string().nullable(),
  acknowledgedByName: z.string().nullable(),
  receivedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  ackDueAt: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Awaiting while unacknowledged; escalated once the timer ran out (it may still be acknowledged later). */
  status: z.enum(['awaiting', 'acknowledged', 'escalated']),
});
export type Communication = z.infer<typeof Communication>;

export function communicationStatus(c: { acknowledgedAt: string | null; escalatedAt: string | null }): CommunicationStatus {
  if (c.acknowledgedAt) return 'acknowledged';
  return c.escalatedAt ? 'escalated' : 'awaiting';
}

/** What the public acknowledgement page shows: the minimum to identify the finding and the patient. */
export const AckView = z.object({
  findingText: z.string(),
  identifiedAt: z.string(),
  reportingDoctor: z.string().nullable(),
  /** The patient's initials only (the link travels by e-mail); the accession number finds the exam. */
  patientInitials: z.string(),
  accessionNumber: z.string().nullable(),
  examType: z.string().nullable(),
  institution: z.string().nullable(),
  addressedTo: z.string(),
});
export type AckView = z.infer<typeof AckView>;

export const AcknowledgeBody = z.object({ receiverName: Name }).strict();
/** What acknowledging answers: when it was recorded. */
export const AckAnswer = z.object({ acknowledgedAt: z.string() });
export type AckAnswer = z.infer<typeof AckAnswer>;

/** 'Maria da Silva Souza' → 'M. S. S.' (particles such as 'da', 'de' left out). */
export function patientInitials(name: string | null): string {
  const parts = (name ?? '').split(/[\s^]+/).filter((p) => p.length > 0 && !/^(d[aeo]s?|e|y|del|la)$/i.test(p));
  return parts.length ? parts.map((p) => `${p[0]!.toUpperCase()}.`).join(' ') : '—';
}

/** The timer of an e-mailed communication: the account's minutes, in milliseconds. */
export const ackWindowMs = (minutes: number): number => Math.round(minutes * 60_000);
