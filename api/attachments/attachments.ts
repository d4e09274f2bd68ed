/**
 * A study's attachments (spec 2 §3, §7): list, upload (type, extension, 4MB and content
 * checked), download link and delete, each behind its permission (STUDIES_* for studies,
 * WORKLIST_* for exams without institution) and audited.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { type Permission, hasPermission } from '../../domain/auth/permissions';
import {
  type Attachment,
  type AttachmentLink,
  type AttachmentType,
  checkAttachment,
  cleanFilename,
} from '../../domain/attachments/attachments';
import { AppError } from '../../domain/errors';
import type { ObjectStorage } from '../../storage/object-storage';
import { type Access, actorFor } from '../access/access';
import { audit } from '../access/audit';
import { createDownloadLink } from '../../services/files/download-links';
import type { Exam } from '../studies/study-queries';

type Verb = 'CREATE' | 'DOWNLOAD' | 'DELETE';
const PERMISSION: Record<Verb, { study: Permission; worklist: Permission }> = {
  CREATE: { study: 'STUDIES_CREATE_ATTACHMENTS', worklist: 'WORKLIST_CREATE_ATTACHMENTS' },
  DOWNLOAD: { study: 'STUDIES_DOWNLOAD_ATTACHMENT', worklist: 'WORKLIST_DOWNLOAD_ATTACHMENT' },
  DELETE: { study: 'STUDIES_DELETE_ATTACHMENT', worklist: 'WORKLIST_DELETE_ATTACHMENT' },
};

export function mayAttach(access: Access, exam: Exam, verb: Verb): boolean {
  // An access grant opens the study for reading (providers, referring physicians): downloads only.
  if (verb === 'DOWNLOAD' && access.studyGrants.has(exam.id)) return true;
  const p = PERMISSION[verb];
  return hasPermission(actorFor(access, exam.institutionId), exam.institutionId === null ? p.worklist : p.study);
}
function enforce(access: Access, exam: Exam, verb: Verb): void {
  if (!mayAttach(access, exam, verb)) throw new AppError('ATTACHMENT_FORBIDDEN');
}

export async function attachmentTypes(knex: Knex, accountId: string): Promise<AttachmentType[]> {
  const rows: { id: string; title: string; extensions_allowed: string[] }[] = await knex('attachment_types')
    .where({ account_id: accountId })
    .orderBy('title')
    .select('id', 'title', 'extensions_allowed');
  return rows.map((r) => ({ id: r.id, title: r.title, extensionsAllowed: r.extensions_allowed }));
}

export async function listAttachments(knex: Knex, access: Access, exam: Exam): Promise<Attachment[]> {
  const rows: {
    id: string;
    title: string;
    filename: string;
    size_in_bytes: number;
    preview_type: 'PDF' | 'IMAGE';
    created_at: Date;
    name: string | null;
  }[] = await knex('study_attachments as a')
    .join('attachment_types as t', 't.id', 'a.attachment_type_id')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .where({ 'a.account_id': access.accountId, 'a.study_id': exam.id })
    .orderBy('a.created_at')
    .select('a.id', 't.title', 'a.filename', 'a.size_in_bytes', 'a.preview_type', 'a.created_at', 'u.name');
  return rows.map((r) => ({
    id: r.id,
    attachmentType: r.title,
    filename: r.filename,
    sizeInBytes: r.size_in_bytes,
    previewType: r.preview_type,
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: r.name ?? null,
  }));
}

export async function countAttachments(knex: Knex, studyId: string): Promise<number> {
  const row = await knex('study_attachments').where({ study_id: studyId }).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** Decodes base64 (or a data: URL); anything that is not base64 is an upload failure. */
function decode(data: string): Buffer {
  const b64 = data.replace(/^data:[^;,]*;base64,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw new AppError('ATTACHMENT_UPLOAD_FAILED');
  return Buffer.from(b64, 'base64');
}

export async function uploadAttachment(
  knex: Knex,
  storage: ObjectStorage,
  access: Access,
  exam: Exam,
  input: { typeId: string; name: string; data: string },
  ip: string,
): Promise<void> {
  enforce(access, exam, 'CREATE');
  const type = await knex('attachment_types').where({ account_id: access.accountId, id: input.typeId }).first();
  if (!type) throw new AppError('MALFORMED_REQUEST');
  const filename = cleanFilename(input.name);
  const bytes = decode(input.data);
  const checked = checkAttachment(filename, bytes, type.extensions_allowed as string[]);
  if (!checked.ok) throw new AppError(checked.code);
  const id = randomUUID();
  const key = `accounts/${access.accountId}/studies/${exam.id}/attachments/${id}`;
  await storage.put(key, bytes, { contentType: checked.mime });
  try {
    await inTransaction(knex, async (trx) => {
      await trx('study_attachments').insert({
        id,
        account_id: access.accountId,
        study_id: exam.id,
        attachment_type_id: type.id,
        filename,
        size_in_bytes: bytes.length,
        content_type: checked.mime,
        preview_type: checked.preview,
        object_key: key,
        created_by: access.userId,
      });
      await audit(trx, access, 'study.attachment.create', exam.id, ip, { attachmentId: id, filename, type: type.title });
    });
  } catch (err) {
    // No row, no file: a failed write leaves nothing behind.
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}

async function ownAttachment(knex: Knex, access: Access, exam: Exam, attachmentId: string) {
  const row = await knex('study_attachments')
    .where({ account_id: access.accountId, study_id: exam.id, id: attachmentId })
    .first();
  if (!row) throw new AppError('NOT_FOUND');
  return row as {
    id: string;
    filename: string;
    content_type: string;
    object_key: string;
    preview_type: AttachmentLink['previewType'];
  };
}

export async function attachmentDownload(
  knex: Knex,
  access: Access,
  exam: Exam,
  attachmentId: string,
  ip: string,
): Promise<AttachmentLink> {
  enforce(access, exam, 'DOWNLOAD');
  const row = await ownAttachment(knex, access, exam, attachmentId);
  const downloadUrl = await createDownloadLink(knex, {
    accountId: access.accountId,
    objectKey: row.object_key,
    filename: row.filename,
    contentType: row.content_type,
  });
  await audit(knex, access, 'study.attachment.download', exam.id, ip, { attachmentId });
  return { downloadUrl, filename: row.filename, previewType: row.preview_type };
}

export async function deleteAttachment(
  knex: Knex,
  storage: ObjectStorage,
  access: Access,
  exam: Exam,
  attachmentId: string,
  ip: string,
): Promise<void> {
  enforce(access, exam, 'DELETE');
  const row = await ownAttachment(knex, access, exam, attachmentId);
  await inTransaction(knex, async (trx) => {
    await trx('study_attachments').where({ id: row.id }).delete();
    await audit(trx, access, 'study.attachment.delete', exam.id, ip, { attachmentId, filename: row.filename });
  });
  await storage.delete(row.object_key).catch(() => undefined);
}
