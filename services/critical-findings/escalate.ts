/**
 * The escalation of an e-mailed critical finding not acknowledged in time (issue 18), run by
 * the critical-ack workflow's activity. One transaction sets escalated_at only where it and
 * acknowledged_at are still null — a retried attempt, or an acknowledgement that raced the
 * timer, escalates nothing — and writes the notifications and mails of the study's coordinators
 * and responsible doctor (the deadline alerts' recipients). The mails are handed over and the
 * unread counts published after it commits.
 */
import type { Knex } from 'knex';
import { type QueuedMail, deliverQueuedMail, queueMail } from '../mail/user-mail';
import { inTransaction } from '../../db/transaction';
import { escalationMail } from '../../domain/findings/communication-mail';
import { mailLang } from '../../domain/notifications/deadline-mail';
import type { DeadlineNotificationData } from '../../domain/notifications/notifications';
import type { LivePublisher } from '../../live/publisher';
import { deadlineRecipients } from '../deadlines/recipients';
import type { MailTransport } from '../mail/transport';
import { publishUnread } from '../notifications/inbox';

export interface EscalationDeps {
  knex: Knex;
  publisher: LivePublisher;
  mail: MailTransport;
  publicUrl?: string;
}

export async function escalateCommunication(
  deps: EscalationDeps,
  communicationId: string,
): Promise<{ escalated: boolean; recipients: number }> {
  const done = await inTransaction(deps.knex, async (trx) => {
    const [c] = await trx('critical_finding_communications')
      .where({ id: communicationId })
      .whereNull('acknowledged_at')
      .whereNull('escalated_at')
      .update({ escalated_at: trx.fn.now() })
      .returning(['account_id', 'study_id', 'finding_text', 'receiver_name', 'ack_due_at']);
    if (!c) return null;
    const study = await trx('studies as s')
      .join('patients as p', 'p.id', 's.patient_ref')
      .leftJoin('laudos as l', 'l.id', 's.laudo_id')
      .where('s.id', c.study_id)
      .first(
        's.institution_id',
        's.exam_type',
        'p.name as patient_name',
        trx.raw('coalesce(l.responsible_user_id, s.laudo_user_id) as responsible_user_id'),
      );
    const recipients = study?.institution_id
      ? await deadlineRecipients(trx, {
          accountId: c.account_id,
          institutionId: study.institution_id,
          responsibleUserId: study.responsible_user_id ?? null,
        })
      : [];
    const ackDueAt = new Date(c.ack_due_at ?? Date.now()).toISOString();
    // The notification centre's data shape: the finding stands where a deadline's routine does.
    const data: DeadlineNotificationData = {
      patientName: study?.patient_name ?? null,
      examType: study?.exam_type ?? null,
      routineName: c.finding_text,
      deadline: ackDueAt,
      institutionId: study?.institution_id ?? null,
    };
    const link = `${deps.publicUrl ?? ''}/studies/report/${c.study_id}`;
    const mails: QueuedMail[] = [];
    for (const r of recipients) {
      await trx('notifications').insert({
        account_id: c.account_id,
        user_id: r.userId,
        kind: 'critical.unacknowledged',
        study_id: c.study_id,
        data: JSON.stringify(data),
      });
      const mail = escalationMail(
        { findingText: c.finding_text, patientName: data.patientName, receiverName: c.receiver_name, ackDueAt },
        link,
        mailLang(r.lang),
      );
      mails.push(
        await queueMail(trx, deps.mail, {
          kind: 'critical.unacknowledged',
          accountId: c.account_id,
          studyId: c.study_id,
          toUserId: r.userId,
          to: r.email,
          link,
          ...mail,
        }),
      );
    }
    return { accountId: c.account_id as string, recipients, mails };
  });
  if (!done) return { escalated: false, recipients: 0 };
  for (const m of done.mails) await deliverQueuedMail(deps.knex, deps.mail, m);
  for (const r of done.recipients)
    await publishUnread(deps.knex, deps.publisher, { accountId: done.accountId, userId: r.userId });
  return { escalated: true, recipients: done.recipients.length };
}
