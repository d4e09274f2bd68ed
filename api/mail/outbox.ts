/**
 * The mail_outbox table: every message is written before it is handed to the transport and
 * its row then records the outcome, so a failed send is kept with its error, never lost.
 */
import type { Knex } from 'knex';
import type { MailStatus, MailTransportKind, OutboxMessage } from '../../domain/mail/outbox';
import type { ObjectStorage } from '../../storage/object-storage';
import { type Access, institutionIds } from '../access/access';
import { readObject } from '../../services/documents/report-files';
import type { MailMessage, MailTransport } from '../../services/mail/transport';

export interface OutgoingMail {
  accountId: string;
  userId: string;
  studyId: string;
  laudoId: string;
  laudoVersion: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachment: { key: string; filename: string; contentType: string };
  link: { url: string; expiresAt: Date };
}

interface OutboxRow {
  id: string;
  study_id: string | null;
  to_address: string;
  subject: string;
  sender_name?: string | null;
  transport: MailTransportKind;
  status: MailStatus;
  error: string | null;
  link_url: string | null;
  link_expires_at: Date | null;
  attachment_name: string | null;
  created_at: Date;
  sent_at: Date | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentOutboxRow(r: OutboxRow): OutboxMessage {
  return {
    id: r.id,
    studyId: r.study_id,
    to: r.to_address,
    subject: r.subject,
    senderName: r.sender_name ?? null,
    transport: r.transport,
    status: r.status,
    // The transport's own text (hosts, server replies) stays in the row and the log.
    error: r.error ? 'SHARE_SEND_FAILED' : null,
    link: r.link_url,
    linkExpiresAt: iso(r.link_expires_at),
    attachmentName: r.attachment_name,
    createdAt: iso(r.created_at)!,
    sentAt: iso(r.sent_at),
  };
}

export class MailDeliveryError extends Error {
  constructor(
    readonly row: OutboxMessage,
    cause: unknown,
  ) {
    super(`mail ${row.id} to ${row.to} failed: ${row.error}`, { cause });
    this.name = 'MailDeliveryError';
  }
}

/**
 * Writes the message (pending), hands it to the transport and records sent / stored / error.
 * Throws MailDeliveryError (with the row) when the transport failed.
 */
export async function sendMail(
  deps: { knex: Knex; storage: ObjectStorage },
  transport: MailTransport,
  mail: OutgoingMail,
): Promise<OutboxMessage> {
  const { knex } = deps;
  const [row] = await knex('mail_outbox')
    .insert({
      account_id: mail.accountId,
      study_id: mail.studyId,
      laudo_id: mail.laudoId,
      laudo_version: mail.laudoVersion,
      created_by: mail.userId,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      attachment_key: mail.attachment.key,
      attachment_name: mail.attachment.filename,
      link_url: mail.link.url,
      link_expires_at: mail.link.expiresAt,
      transport: transport.kind,
      status: 'pending',
    })
    .returning('id');
  const id: string = row.id;
  try {
    const message: MailMessage = { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
    if (transport.kind === 'smtp') {
      message.attachment = {
        filename: mail.attachment.filename,
        contentType: mail.attachment.contentType,
        content: await readObject(deps.storage, mail.attachment.key),
      };
    }
    const { messageId } = await transport.deliver(message);
    const status: MailStatus = transport.kind === 'smtp' ? 'sent' : 'stored';
    const [done] = await knex('mail_outbox')
      .where({ id })
      .update({ status, message_id: messageId?.slice(0, 300) ?? null, sent_at: transport.kind === 'smtp' ? knex.fn.now() : null })
      .returning('*');
    return presentOutboxRow(done);
  } catch (err) {
    const [failed] = await knex('mail_outbox')
      .where({ id })
      .update({ status: 'error', error: String(err instanceof Error ? err.message : err).slice(0, 2000) })
      .returning('*');
    throw new MailDeliveryError(presentOutboxRow(failed), err);
  }
}

export const OUTBOX_PAGE = 200;

/** The account's messages about studies the caller reaches (its institutions, or none), newest first. */
export async function listOutbox(knex: Knex, access: Access): Promise<OutboxMessage[]> {
  const rows: OutboxRow[] = await knex('mail_outbox as m')
    .leftJoin('studies as s', function joinStudy() {
      this.on('s.id', 'm.study_id').andOn('s.account_id', 'm.account_id');
    })
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .where('m.account_id', access.accountId)
    // The platform's mail to a user (reset links, codes) is for that user alone: never listed here.
    .where('m.kind', 'share')
    .where((q) => {
      void q.whereIn('s.institution_id', institutionIds(access)).orWhere((q2) => {
        void q2.whereNotNull('s.id').whereNull('s.institution_id');
      });
      // A message whose study is gone stays visible to its sender.
      void q.orWhere((q3) => {
        void q3.whereNull('s.id').where('m.created_by', access.userId);
      });
    })
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(OUTBOX_PAGE)
    .select('m.*', 'u.name as sender_name');
  return rows.map(presentOutboxRow);
}
