/**
 * The deadline sweep (issue 18, ADR 028), run by the Temporal Schedule's workflow with the
 * workflow's own clock as `asOf`: every unfinished study with a routine whose alert point or
 * deadline has been crossed, and whose crossing has no row yet, gets one row in
 * study_deadline_alerts (its primary key makes a second sweep, a retried activity or a
 * restarted worker raise nothing twice), a notification to each recipient, and a queued mail to
 * each confirmed subscriber of the event in the study's institution (ADR 032).
 * The notification and the mail rows are written in the alert's transaction; the mails are
 * handed to the transport and the unread counts published after it commits.
 */
import type { Knex } from 'knex';
import { type QueuedMail, deliverQueuedMail, queueMail } from '../mail/user-mail';
import { inTransaction } from '../../db/transaction';
import { deadlineMail, mailLang } from '../../domain/notifications/deadline-mail';
import { type DeadlineCrossing, FINISHED_LAUDO_STATES, deadlinePoints, dueCrossing } from '../../domain/notifications/deadlines';
import type { DeadlineNotificationData } from '../../domain/notifications/notifications';
import type { LivePublisher } from '../../live/publisher';
import type { MailTransport } from '../mail/transport';
import { type Recipient, publishUnread } from '../notifications/inbox';
import { activeSubscribers } from '../notifications/subscriptions';
import { type AlertRecipient, deadlineRecipients } from './recipients';

/** Studies examined per query: a backlog is worked through in batches within one run. */
const BATCH = 200;

export interface SweepDeps {
  knex: Knex;
  publisher: LivePublisher;
  mail: MailTransport;
  /** The web app's address, for the study link in the mail (none: the path alone). */
  publicUrl?: string;
}

export interface SweepResult {
  /** Crossings raised by this run (each once, ever). */
  /** `recipients`: in-app notifications written; `mailed`: mails queued to subscribers. */
  raised: { studyId: string; kind: DeadlineCrossing; recipients: number; mailed: number }[];
}

interface Candidate {
  id: string;
  account_id: string;
  institution_id: string;
  received_at: Date;
  exam_type: string | null;
  patient_name: string | null;
  routine_name: string;
  duration_minutes: number;
  alert_minutes: number;
  responsible_user_id: string | null;
}

// The partial index studies_open_with_routine serves this predicate (same literal states).
const OPEN = `s.routine_id IS NOT NULL AND s.laudo_state NOT IN (${FINISHED_LAUDO_STATES.join(', ')})`;

function candidates(knex: Knex, asOf: Date, afterId: string | null): Promise<Candidate[]> {
  return (
    knex('studies as s')
      .join('routines as rt', 'rt.id', 's.routine_id')
      .join('patients as p', 'p.id', 's.patient_ref')
      .join('laudos as l', 'l.id', 's.laudo_id')
      .whereRaw(OPEN)
      .whereNotNull('s.institution_id')
      .whereNull('s.invalidated_at')
      .whereNull('s.merged_into_id')
      .whereRaw(`coalesce(s.exam_status, '') <> 'CANCELED'`)
      .whereRaw(`s.received_at + (rt.duration_minutes - rt.alert_minutes) * interval '1 minute' <= ?`, [asOf])
      // Only crossings not raised yet: the deadline's once passed, else the alert point's.
      .whereRaw(
        `NOT EXISTS (SELECT 1 FROM study_deadline_alerts a WHERE a.study_id = s.id AND a.kind =
        CASE WHEN s.received_at + rt.duration_minutes * interval '1 minute' <= ? THEN 'overdue' ELSE 'alert' END)`,
        [asOf],
      )
      .modify((q) => void (afterId && q.where('s.id', '>', afterId)))
      .orderBy('s.id')
      .limit(BATCH)
      .select(
        's.id',
        's.account_id',
        's.institution_id',
        's.received_at',
        's.exam_type',
        'p.name as patient_name',
        'rt.name as routine_name',
        'rt.duration_minutes',
        'rt.alert_minutes',
        knex.raw('coalesce(l.responsible_user_id, s.laudo_user_id) as responsible_user_id'),
      )
  );
}

/** Raises one crossing: the alert row, the notifications and the queued mails, in one transaction. */
async function raise(
  deps: SweepDeps,
  c: Candidate,
  kind: DeadlineCrossing,
  deadline: Date,
): Promise<{ recipients: AlertRecipient[]; mails: QueuedMail[] } | null> {
  return inTransaction(deps.knex, async (trx) => {
    const inserted = await trx('study_deadline_alerts')
      .insert({ study_id: c.id, kind, account_id: c.account_id, deadline_at: deadline })
      .onConflict(['study_id', 'kind'])
      .ignore()
      .returning('study_id');
    if (inserted.length === 0) return null; // another sweep raised it first
    const recipients = await deadlineRecipients(trx, {
      accountId: c.account_id,
      institutionId: c.institution_id,
      responsibleUserId: c.responsible_user_id,
    });
    const data: DeadlineNotificationData = {
      patientName: c.patient_name,
      examType: c.exam_type,
      routineName: c.routine_name,
      deadline: deadline.toISOString(),
      institutionId: c.institution_id,
    };
    const link = `${deps.publicUrl ?? ''}/studies/report/${c.id}`;
    for (const r of recipients) {
      await trx('notifications').insert({
        account_id: c.account_id,
        user_id: r.userId,
        kind: `deadline.${kind}`,
        study_id: c.id,
        data: JSON.stringify(data),
      });
    }
    // The mail goes to the institution's confirmed subscribers of this event (ADR 032), in-app
    // or not: a recipient without a subscription finds the alert in the bell only.
    const subscribers = await activeSubscribers(trx, {
      accountId: c.account_id,
      institutionId: c.institution_id,
      event: `deadline.${kind}`,
    });
    const mails: QueuedMail[] = [];
    for (const r of subscribers) {
      const mail = deadlineMail(kind, data, link, mailLang(r.lang));
      mails.push(
        await queueMail(trx, deps.mail, {
          kind: `deadline.${kind}` as const,
          accountId: c.account_id,
          studyId: c.id,
          toUserId: r.userId,
          to: r.email,
          link,
          ...mail,
        }),
      );
    }
    return { recipients, mails };
  });
}

export async function sweepDeadlines(deps: SweepDeps, asOf: Date): Promise<SweepResult> {
  const raised: SweepResult['raised'] = [];
  const touched = new Map<string, Recipient>();
  let afterId: string | null = null;
  for (;;) {
    const batch = await candidates(deps.knex, asOf, afterId);
    for (const c of batch) {
      const points = deadlinePoints(c.received_at, c.duration_minutes, c.alert_minutes);
      const kind = dueCrossing(points, asOf);
      if (!kind) continue;
      const done = await raise(deps, c, kind, points.deadline);
      if (!done) continue;
      raised.push({ studyId: c.id, kind, recipients: done.recipients.length, mailed: done.mails.length });
      for (const r of done.recipients) touched.set(`${c.account_id}:${r.userId}`, { accountId: c.account_id, userId: r.userId });
      for (const m of done.mails) await deliverQueuedMail(deps.knex, deps.mail, m);
    }
    if (batch.length < BATCH) break;
    afterId = batch.at(-1)!.id;
  }
  for (const who of touched.values()) await publishUnread(deps.knex, deps.publisher, who);
  return { raised };
}
