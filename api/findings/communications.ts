/**
 * The closed loop of a critical finding (issue 18): the responsible doctor records each
 * communication of a confirmed finding with its six facts. By e-mail the receiver gets a
 * single-use acknowledgement link (only its hash is stored) and a durable Temporal timer
 * escalates when it is not acknowledged within the account's CRITICAL_FINDING_ACK_MINUTES;
 * by phone or in person the doctor records the read-back directly.
 */
import type { Knex } from 'knex';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction';
import { accountSetting } from '../../domain/accounts/settings';
import { AppError } from '../../domain/errors';
import { ackRequestMail } from '../../domain/findings/communication-mail';
import {
  type AckAnswer,
  type AckView,
  type Communication,
  type RecordCommunicationBody,
  ackWindowMs,
  communicationStatus,
  isConfirmedFinding,
  patientInitials,
} from '../../domain/findings/communications';
import { mailTransport } from '../../services/mail/transport';
import { sendUserMail } from '../../services/mail/user-mail';
import { hashToken, newToken } from '../../services/tokens';
import { acknowledgedSignal, criticalAckWorkflowId } from '../../workflows/critical-ack/messages';
import type { criticalAckWorkflow } from '../../workflows/critical-ack/workflow';
import type { Access } from '../access/access';
import { audit } from '../access/audit';
import type { ApiDeps } from '../deps';
import { publicBaseUrl } from '../documents/sign-report';
import type { Exam } from '../studies/study-queries';
import { findStudyFinding, findingReport } from './critical-findings';

/** How long an acknowledgement link opens (the escalation runs long before). */
export const ACK_LINK_DAYS = 30;
const DAY = 86_400_000;

interface Row {
  id: string;
  study_id: string;
  finding_text: string;
  identified_at: Date;
  reporting_user_id: string;
  reporting_name: string | null;
  method: Communication['method'];
  receiver_name: string;
  receiver_email: string | null;
  acknowledged_by_name: string | null;
  received_at: Date | null;
  sent_at: Date | null;
  acknowledged_at: Date | null;
  ack_due_at: Date | null;
  escalated_at: Date | null;
  created_at: Date;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function present(r: Row): Communication {
  const c = {
    id: r.id,
    studyId: r.study_id,
    findingText: r.finding_text,
    identifiedAt: new Date(r.identified_at).toISOString(),
    reportingUserId: r.reporting_user_id,
    reportingUserName: r.reporting_name,
    method: r.method,
    receiverName: r.receiver_name,
    receiverEmail: r.receiver_email,
    acknowledgedByName: r.acknowledged_by_name,
    receivedAt: iso(r.received_at),
    sentAt: iso(r.sent_at),
    acknowledgedAt: iso(r.acknowledged_at),
    ackDueAt: iso(r.ack_due_at),
    escalatedAt: iso(r.escalated_at),
    createdAt: new Date(r.created_at).toISOString(),
  };
  return { ...c, status: communicationStatus(c) };
}

const withReporter = (knex: Knex) =>
  knex('critical_finding_communications as c')
    .leftJoin('users as u', 'u.id', 'c.reporting_user_id')
    .select('c.*', 'u.name as reporting_name');

export async function listCommunications(knex: Knex, accountId: string, studyId: string): Promise<Communication[]> {
  const rows = (await withReporter(knex)
    .where({ 'c.account_id': accountId, 'c.study_id': studyId })
    .orderBy([
      { column: 'c.created_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])) as Row[];
  return rows.map(present);
}

/**
 * Records one communication of the study's confirmed finding by its report's responsible doctor.
 * E-mail: the row, then the timer's workflow (a Temporal refusal removes the row: nothing was
 * sent), then the mail with the link.
 */
export async function recordCommunication(
  deps: ApiDeps,
  access: Access,
  exam: Exam,
  body: z.output<typeof RecordCommunicationBody>,
  ip: string,
): Promise<Communication> {
  const { knex } = deps;
  const report = await findingReport(knex, exam);
  if (report.responsibleUserId !== access.userId) throw new AppError('CRITICAL_FINDING_COMMUNICATE_FORBIDDEN');
  const finding = await findStudyFinding(knex, access.accountId, exam.id);
  if (!finding || !isConfirmedFinding(finding.status)) throw new AppError('CRITICAL_FINDING_NOT_CONFIRMED');
  const findingText = finding.observation ? `${finding.levelAndName} — ${finding.observation}` : finding.levelAndName;
  // A finding registered as one was identified then; an accepted suspicion when it was accepted.
  const identifiedAt = finding.status === 'FINDING_CREATED' ? finding.createdAt : finding.updatedAt;
  const token = body.method === 'email' ? newToken() : null;
  const account = await knex('accounts').where({ id: access.accountId }).first('config');
  const windowMs = ackWindowMs(accountSetting(account?.config, 'CRITICAL_FINDING_ACK_MINUTES'));
  const now = new Date();
  // A minute of clock skew between the doctor's machine and the server is tolerated.
  if (body.method !== 'email' && body.receivedAt && new Date(body.receivedAt).getTime() > now.getTime() + 60_000)
    throw new AppError('CRITICAL_RECEIVED_AT_FUTURE');
  const id = await inTransaction(knex, async (trx) => {
    const [row] = await trx('critical_finding_communications')
      .insert({
        account_id: access.accountId,
        study_id: exam.id,
        study_critical_finding_id: finding.studyCriticalFindingId,
        finding_text: findingText,
        identified_at: identifiedAt,
        reporting_user_id: access.userId,
        receiver_name: body.receiverName,
        receiver_email: body.receiverEmail ?? null,
        method: body.method,
        token_hash: token ? hashToken(token) : null,
        // Phone or in person: the receiver heard it now (or when the doctor says), read back.
        received_at: body.method === 'email' ? null : (body.receivedAt ?? now.toISOString()),
        acknowledged_at: body.method === 'email' ? null : now,
        ack_due_at: body.method === 'email' ? new Date(now.getTime() + windowMs) : null,
      })
      .returning('id');
    await audit(trx, access, 'study.criticalFinding.communicate', exam.id, ip, {
      communicationId: row.id,
      method: body.method,
      receiverName: body.receiverName,
    });
    return row.id as string;
  });
  if (token && body.method === 'email') {
    try {
      await deps.temporal.workflow.start<typeof criticalAckWorkflow>('criticalAckWorkflow', {
        taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
        workflowId: criticalAckWorkflowId(id),
        args: [{ communicationId: id, windowMs }],
      });
    } catch (err) {
      await knex('critical_finding_communications').where({ id }).delete();
      deps.logger.error({ err, communicationId: id }, 'critical finding timer not started');
      throw new AppError('CRITICAL_COMMUNICATION_UNAVAILABLE');
    }
    const view = await ackViewOf(knex, id);
    const link = `${publicBaseUrl(deps)}/critical-ack/${token}`;
    const mail = ackRequestMail(
      {
        receiverName: body.receiverName,
        findingText,
        patientInitials: view.patientInitials,
        reportingDoctor: view.reportingDoctor,
        institution: view.institution,
      },
      link,
    );
    const sent = await sendUserMail(deps, mailTransport(deps.config), {
      kind: 'critical.ack-request',
      to: body.receiverEmail,
      toUserId: null,
      accountId: access.accountId,
      ...mail,
      link: { url: link, expiresAt: new Date(now.getTime() + ACK_LINK_DAYS * DAY) },
    });
    if (sent.status !== 'error') await knex('critical_finding_communications').where({ id }).update({ sent_at: knex.fn.now() });
  }
  const row = (await withReporter(knex).where('c.id', id).first()) as Row;
  return present(row);
}

async function ackViewOf(knex: Knex, id: string): Promise<AckView> {
  const r = await knex('critical_finding_communications as c')
    .join('studies as s', 's.id', 'c.study_id')
    .join('patients as p', 'p.id', 's.patient_ref')
    .leftJoin('institutions as i', 'i.id', 's.institution_id')
    .leftJoin('users as u', 'u.id', 'c.reporting_user_id')
    .where('c.id', id)
    .first(
      'c.finding_text',
      'c.identified_at',
      'c.receiver_name',
      'u.name as reporting_name',
      'p.name as patient_name',
      's.accession_number',
      's.exam_type',
      'i.name as institution_name',
    );
  return {
    findingText: r.finding_text,
    identifiedAt: new Date(r.identified_at).toISOString(),
    reportingDoctor: r.reporting_name ?? null,
    patientInitials: patientInitials(r.patient_name),
    accessionNumber: r.accession_number ?? null,
    examType: r.exam_type ?? null,
    institution: r.institution_name ?? null,
    addressedTo: r.receiver_name,
  };
}

/** The communication a link names, still open: unknown → 404, acknowledged or expired → 410. */
async function openLink(knex: Knex, token: string): Promise<{ id: string }> {
  const row = await knex('critical_finding_communications')
    .where({ token_hash: hashToken(token) })
    .first('id', 'acknowledged_at', 'created_at');
  if (!row) throw new AppError('CRITICAL_ACK_LINK_UNKNOWN');
  if (row.acknowledged_at || Date.now() - new Date(row.created_at).getTime() > ACK_LINK_DAYS * DAY)
    throw new AppError('CRITICAL_ACK_LINK_USED');
  return { id: row.id };
}

export async function viewAckLink(knex: Knex, token: string): Promise<AckView> {
  return ackViewOf(knex, (await openLink(knex, token)).id);
}

/** Acknowledges once (the update's own condition decides a race), then ends the timer. */
export async function acknowledgeLink(deps: ApiDeps, token: string, receiverName: string): Promise<AckAnswer> {
  const { knex } = deps;
  const { id } = await openLink(knex, token);
  const [row] = await knex('critical_finding_communications')
    .where({ id })
    .whereNull('acknowledged_at')
    .update({ acknowledged_at: knex.fn.now(), received_at: knex.fn.now(), acknowledged_by_name: receiverName })
    .returning('acknowledged_at');
  if (!row) throw new AppError('CRITICAL_ACK_LINK_USED');
  try {
    await deps.temporal.workflow.getHandle(criticalAckWorkflowId(id)).signal(acknowledgedSignal);
  } catch (err) {
    // Already escalated (the run ended) or Temporal away: the row holds the acknowledgement,
    // and the escalation activity reads it before escalating.
    deps.logger.warn({ err, communicationId: id }, 'acknowledgement signal not delivered');
  }
  return { acknowledgedAt: new Date(row.acknowledged_at).toISOString() };
}
