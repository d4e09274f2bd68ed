/**
 * Critical findings and suspicions (spec 2 §3–§6): who may register, accept, reject and
 * delete one, as pure rules the API runs and the web reads for its buttons.
 */
import { z } from 'zod';
import { type Actor, hasPermission } from '../auth/permissions';
import type { ErrorCode } from '../errors';

export const OBSERVATION_MAX = 255;

/** Stored status → the spec's displayed name (pt-BR; the web translates by key). */
export const FINDING_STATUSES = ['SUSPICION_CREATED', 'SUSPICION_ACCEPTED', 'FINDING_CREATED'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];
export const FINDING_STATUS_NAMES: Record<FindingStatus, string> = {
  SUSPICION_CREATED: 'Suspeita criada',
  SUSPICION_ACCEPTED: 'Suspeita aceita',
  FINDING_CREATED: 'Achado crítico criado',
};

export const Observation = z.string().trim().max(OBSERVATION_MAX, { error: 'CHARACTER_LIMIT_EXCEEDED' }).default('');

/** Register (or edit) the study's suspicion or finding: the account's finding is required. */
export const RegisterFindingBody = z
  .object({
    studyId: z.string().uuid(),
    accountCriticalFindingId: z
      .string({ error: 'CRITICAL_FINDING_DESCRIPTION_REQUIRED' })
      .uuid({ error: 'CRITICAL_FINDING_DESCRIPTION_REQUIRED' }),
    observation: Observation,
    /** Asked of the user when the account setting does not force it. */
    inTheReport: z.boolean().default(false),
  })
  .strict();
export type RegisterFindingBody = z.input<typeof RegisterFindingBody>;

/** Accepting asks whether the finding goes into the report (unless the account forces it). */
export const FindingDecisionBody = z.object({ inTheReport: z.boolean().default(false) }).strict();
export type FindingDecisionBody = z.input<typeof FindingDecisionBody>;

export const CriticalFinding = z.object({
  studyCriticalFindingId: z.string().uuid(),
  accountCriticalFindingId: z.string().uuid(),
  accountId: z.string().uuid(),
  studyId: z.string().uuid(),
  accessionNumber: z.string().nullable(),
  levelAndName: z.string(),
  observation: z.string(),
  inTheReport: z.boolean(),
  status: z.enum(FINDING_STATUSES),
  userCreatedSuspicionId: z.string().uuid().nullable(),
  userCreatedSuspicionName: z.string().nullable(),
  userCreatedFindingId: z.string().uuid().nullable(),
  userCreatedFindingName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CriticalFinding = z.infer<typeof CriticalFinding>;

export const AccountCriticalFinding = z.object({ id: z.string().uuid(), levelAndName: z.string() });
export type AccountCriticalFinding = z.infer<typeof AccountCriticalFinding>;

/** What the rules need of the study's report. */
export interface FindingReport {
  state: number;
  /** The report's responsible doctor (current responsible user, else the executor). */
  responsibleUserId: string | null;
}

type Verdict = { ok: true } | { ok: false; code: ErrorCode };
const ok: Verdict = { ok: true };
const no = (code: ErrorCode): Verdict => ({ ok: false, code });

export function canEditFindings(actor: Actor): boolean {
  return hasPermission(actor, 'STUDIES_EDIT_CRITICAL_FINDING_SUSPECT');
}

/** A report not yet started gets a suspicion; any other state a finding. */
export function statusForNew(report: FindingReport): FindingStatus {
  return report.state === 0 ? 'SUSPICION_CREATED' : 'FINDING_CREATED';
}

export function checkRegister(actor: Actor, existing: Pick<CriticalFinding, 'status'> | null): Verdict {
  if (!canEditFindings(actor)) return no('CRITICAL_FINDING_FORBIDDEN');
  if (existing) return no('CRITICAL_FINDING_EXISTS');
  return ok;
}

const isResponsible = (actor: Pick<Actor, 'userId'>, report: FindingReport) =>
  report.responsibleUserId !== null && report.responsibleUserId === actor.userId;

/** Only the responsible report doctor accepts or rejects, and only a suspicion. */
export function checkDecide(actor: Actor, report: FindingReport, finding: Pick<CriticalFinding, 'status'>): Verdict {
  if (finding.status !== 'SUSPICION_CREATED') return no('CRITICAL_FINDING_NOT_SUSPICION');
  if (!isResponsible(actor, report)) return no('CRITICAL_FINDING_NOT_RESPONSIBLE');
  return ok;
}

/**
 * Deleting: the suspicion's creator while the report is not started, or the responsible
 * doctor who created the finding.
 */
export function checkDelete(
  actor: Pick<Actor, 'userId'>,
  report: FindingReport,
  finding: Pick<CriticalFinding, 'status' | 'userCreatedSuspicionId' | 'userCreatedFindingId'>,
): Verdict {
  if (finding.status === 'SUSPICION_CREATED' && report.state === 0 && finding.userCreatedSuspicionId === actor.userId) return ok;
  if (finding.status !== 'SUSPICION_CREATED' && finding.userCreatedFindingId === actor.userId && isResponsible(actor, report))
    return ok;
  return no('CRITICAL_FINDING_DELETE_FORBIDDEN');
}

/**
 * INSTITUTIONS_WITH_CRITICAL_FINDING_IN_REPORT: 'ALL' or a comma list of institution ids.
 * When it names the study's institution, an accepted finding always goes into the report.
 */
export function findingForcedInReport(setting: readonly string[], institutionId: string | null): boolean {
  if (institutionId === null) return false;
  const values = setting.map((s) => s.trim().toLowerCase());
  return values.includes('all') || values.includes(institutionId.toLowerCase());
}

/** `GET /studies/studyCriticalFinding`: the study's finding and what the caller may do with it. */
export const FindingView = z.object({
  finding: CriticalFinding.nullable(),
  canEdit: z.boolean(),
  isResponsible: z.boolean(),
  laudoState: z.number().int(),
  forcedInReport: z.boolean(),
});
