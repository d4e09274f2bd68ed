/**
 * `POST …/reports/share {email}` (spec 1 §2, §5, §6, §7): a veterinary account sends the
 * report's document — the signed PDF, else the concluded text rendered — to one address,
 * attached and as a 7-day link (a download link that opens without login). The message is
 * kept in mail_outbox whatever happens; the share is audited with its outcome.
 */
import type { Context } from 'koa';
import { AppError } from '../../domain/errors';
import { ShareRequest } from '../../domain/mail/email';
import { SHARE_LINK_TTL_MS, type ShareAnswer } from '../../domain/mail/outbox';
import { audit } from '../access/audit';
import { currentAccess } from '../auth/session';
import type { ApiDeps } from '../deps';
import { createDownloadLink } from '../../services/files/download-links';
import { requestLang } from '../http/lang';
import { MailDeliveryError, sendMail } from '../mail/outbox';
import { shareMessage } from '../mail/share-message';
import { mailTransport } from '../../services/mail/transport';
import { loadReportContext } from '../reports/run-action';
import type { ExamKind } from '../studies/study-queries';
import { publicBaseUrl } from './sign-report';
import { latestDocumentVersion, versionFilename, versionPdf } from '../../services/documents/version-pdf';

export async function shareReport(ctx: Context, deps: ApiDeps, kind: ExamKind): Promise<ShareAnswer> {
  const { knex } = deps;
  const access = await currentAccess(ctx, knex);
  const account = await knex('accounts').where({ id: access.accountId }).first('name', 'is_for_human');
  // Spec 1 §6: only non-human (veterinary) accounts share by e-mail.
  if (!account || account.is_for_human !== false) throw new AppError('SHARE_ONLY_VETERINARY');

  const parsed = ShareRequest.safeParse((ctx.request as { body?: unknown }).body ?? {});
  if (!parsed.success) {
    const aboutEmail = parsed.error.issues.some((i) => i.path[0] === 'email');
    throw new AppError(aboutEmail ? 'SHARE_EMAIL_INVALID' : 'MALFORMED_REQUEST');
  }
  const to = parsed.data.email;
  // Spec 3 §8 'sending limit reached': counted from the outbox, which keeps every attempt.
  const recent = await knex('mail_outbox')
    .where({ account_id: access.accountId, created_by: access.userId })
    .where('created_at', '>', new Date(Date.now() - 3_600_000))
    .count({ n: '*' })
    .first();
  if (Number(recent?.n ?? 0) >= deps.config.SHARE_LIMIT_PER_HOUR) throw new AppError('SHARE_LIMIT_REACHED');

  const rc = await loadReportContext(ctx, deps, kind);
  const lang = requestLang(ctx);
  const version = await latestDocumentVersion(knex, rc);
  const doc = { ...(await versionPdf(knex, deps.storage, rc, version, lang)), filename: versionFilename(rc.study, version) };
  const linkPath = await createDownloadLink(
    knex,
    { accountId: access.accountId, objectKey: doc.key, filename: doc.filename, contentType: 'application/pdf' },
    SHARE_LINK_TTL_MS,
  );
  const link = { url: `${publicBaseUrl(deps)}${linkPath}`, expiresAt: new Date(Date.now() + SHARE_LINK_TTL_MS) };
  const content = shareMessage(lang, {
    senderName: access.userName,
    accountName: account.name,
    patientName: rc.study.patientName ?? null,
    examType: rc.study.examType ?? null,
    link: link.url,
    linkExpiresAt: link.expiresAt,
  });

  const transport = mailTransport(deps.config);
  const shared = {
    to,
    laudoId: rc.record.laudoId,
    version: doc.version,
    signed: doc.signed,
    transport: transport.kind,
  };
  try {
    const message = await sendMail(deps, transport, {
      accountId: access.accountId,
      userId: access.userId,
      studyId: rc.study.id,
      laudoId: rc.record.laudoId,
      laudoVersion: doc.version,
      to,
      ...content,
      attachment: { key: doc.key, filename: doc.filename, contentType: 'application/pdf' },
      link,
    });
    await audit(knex, access, 'report.share', rc.study.id, ctx.ip, { ...shared, outboxId: message.id, status: message.status });
    return { message: { ...message, senderName: access.userName } };
  } catch (err) {
    if (!(err instanceof MailDeliveryError)) throw err;
    ctx.log?.warn({ err, outboxId: err.row.id }, 'report share e-mail failed');
    await audit(knex, access, 'report.share', rc.study.id, ctx.ip, { ...shared, outboxId: err.row.id, status: 'error' });
    throw new AppError('SHARE_SEND_FAILED');
  }
}
