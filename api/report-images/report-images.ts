/**
 * The images of a report version (spec 2 §2, §3, §7; issue 6): read and save the selection,
 * hand out one-time upload urls for external files and store what is sent to them. Every
 * query is bound to the caller's account and the report of the study they reach.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../domain/errors';
import { check } from '../../domain/laudo/transitions';
import {
  type LaudoImage,
  type ReportImagesView,
  type UploadSlot,
  MAX_EXTERNAL_IMAGES_PER_REPORT,
  UPLOAD_URL_TTL_MS,
  checkExternalImage,
  orderExternalImages,
  orderLaudoImages,
  reportImagesSettings,
  sanitizeImageName,
} from '../../domain/report-images/report-images';
import type { ObjectStorage } from '../../storage/object-storage';
import { actorFor, loadAccess } from '../access/access';
import { audit } from '../access/audit';
import { hashToken, newToken } from '../../services/tokens';
import { laudoFolder } from '../../services/documents/report-files';
import { loadLaudoRecord } from '../../services/reports/laudo-record';
import { selectedImages } from '../../services/report-images/selected-images';
import type { ReportContext } from '../reports/run-action';

/** Who may write the report's text may choose its images (the save rule: executor in 1/25, reviewer in 12). */
export function enforceMayChoose(rc: Pick<ReportContext, 'access' | 'record'>): void {
  // The laudo's institution is its study's (none for a scheduled exam).
  const res = check(rc.record, 'save', actorFor(rc.access, rc.record.institutionId), { contentEmpty: false });
  if (!res.ok) throw new AppError(res.code);
}

async function accountSettings(knex: Knex, accountId: string) {
  const account = await knex('accounts').where({ id: accountId }).first('config');
  return reportImagesSettings(account?.config);
}

/** What the dialog opens with: the saved (or previous) selection, else the viewer's key images. */
export async function reportImagesView(knex: Knex, rc: ReportContext): Promise<ReportImagesView> {
  const { access, study, record } = rc;
  const [selection, uploaded, settings] = await Promise.all([
    selectedImages(knex, access.accountId, record.laudoId, record.version),
    knex('laudo_external_images')
      .where({ account_id: access.accountId, laudo_id: record.laudoId })
      .orderBy('created_at')
      .pluck('filename') as Promise<string[]>,
    accountSettings(knex, access.accountId),
  ]);
  if (selection.savedVersion !== null) {
    return {
      version: record.version,
      source: selection.savedVersion === record.version ? 'saved' : 'previous',
      laudoImages: selection.laudoImages,
      externalImages: selection.externalImages,
      uploadedExternalImages: uploaded,
      settings,
    };
  }
  const keys: { sop_instance_uid: string; frame: number }[] = await knex('study_key_images')
    .where({ account_id: access.accountId, study_id: study.id })
    .orderBy('created_at')
    .select('sop_instance_uid', 'frame');
  return {
    version: record.version,
    source: 'keyImages',
    laudoImages: keys.map((k, i) => ({ imageKey: k.sop_instance_uid, frame: k.frame, order: i + 1 })),
    externalImages: [],
    uploadedExternalImages: uploaded,
    settings,
  };
}

/** Saves the current version's selection; every key must be one of the study's own instances. */
export async function saveReportImages(
  knex: Knex,
  rc: ReportContext,
  input: { laudoImages: LaudoImage[]; externalImages: string[] },
  ip: string,
): Promise<void> {
  enforceMayChoose(rc);
  const { access, study, record } = rc;
  const images = orderLaudoImages(input.laudoImages);
  const externals = orderExternalImages(input.externalImages);
  if (images.length > 0) {
    const known: { sop_instance_uid: string; number_of_frames: number }[] = await knex('dicom_instances')
      .where({ account_id: access.accountId, study_id: study.id })
      .whereIn(
        'sop_instance_uid',
        images.map((i) => i.imageKey),
      )
      .select('sop_instance_uid', 'number_of_frames');
    const frames = new Map(known.map((k) => [k.sop_instance_uid, k.number_of_frames]));
    for (const img of images) {
      const n = frames.get(img.imageKey);
      if (n === undefined || img.frame > Math.max(1, n)) throw new AppError('NOT_FOUND');
    }
  }
  if (externals.length > 0) {
    const stored: string[] = await knex('laudo_external_images')
      .where({ account_id: access.accountId, laudo_id: record.laudoId })
      .whereIn('filename', externals)
      .pluck('filename');
    if (stored.length !== externals.length) throw new AppError('NOT_FOUND');
  }
  await inTransaction(knex, async (trx) => {
    const key = { account_id: access.accountId, laudo_id: record.laudoId, version: record.version };
    await trx('laudo_image_selections').where(key).delete(); // its items go with it (cascade)
    await trx('laudo_image_selections').insert({ ...key, saved_by: access.userId });
    const rows = [
      ...images.map((img) => ({
        ...key,
        position: img.position,
        kind: 'INSTANCE',
        sop_instance_uid: img.imageKey,
        frame: img.frame,
      })),
      ...externals.map((name, i) => ({ ...key, position: i + 1, kind: 'EXTERNAL', external_filename: name })),
    ];
    if (rows.length > 0) await trx('laudo_image_items').insert(rows);
    await audit(trx, access, 'report.images.save', study.id, ip, {
      version: record.version,
      laudoImages: images.map((i) => i.imageKey),
      externalImages: externals,
    });
  });
}

/** `count` one-time upload urls (1 hour) bound to the account, the laudo and the caller. */
export async function createUploadSlots(knex: Knex, rc: ReportContext, count: number): Promise<UploadSlot[]> {
  enforceMayChoose(rc);
  const stored = await countExternalImages(knex, rc.access.accountId, rc.record.laudoId);
  if (stored + count > MAX_EXTERNAL_IMAGES_PER_REPORT) throw new AppError('REPORT_EXTERNAL_IMAGES_LIMIT');
  const slots: UploadSlot[] = [];
  const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_MS);
  const rows = [];
  for (let i = 0; i < count; i++) {
    const token = newToken();
    const uploadId = randomUUID();
    rows.push({
      token_hash: hashToken(token),
      account_id: rc.access.accountId,
      laudo_id: rc.record.laudoId,
      user_id: rc.access.userId,
      upload_id: uploadId,
      expires_at: expiresAt,
    });
    slots.push({ url: `/api/report-images/upload/${token}`, fields: { uploadId } });
  }
  await knex('laudo_image_upload_tokens').insert(rows);
  // Spent and expired tokens are cleared as new ones are made (indexed by expiry).
  await knex('laudo_image_upload_tokens')
    .where('expires_at', '<', new Date(Date.now() - UPLOAD_URL_TTL_MS))
    .delete();
  return slots;
}

async function countExternalImages(knex: Knex, accountId: string, laudoId: string): Promise<number> {
  const rows = await knex('laudo_external_images').where({ account_id: accountId, laudo_id: laudoId }).count({ n: '*' });
  return Number(rows[0]?.n ?? 0);
}

/**
 * The upload url's token, looked up before its body is read (a made-up token must not make
 * the server buffer 10 MB): UPLOAD_LINK_EXPIRED when spent or expired, NOT_FOUND when unknown.
 */
export async function checkUploadToken(knex: Knex, token: string): Promise<void> {
  const row: { used_at: Date | null; expires_at: Date } | undefined = await knex('laudo_image_upload_tokens')
    .where({ token_hash: hashToken(token) })
    .first('used_at', 'expires_at');
  if (!row) throw new AppError('NOT_FOUND');
  if (row.used_at !== null || row.expires_at.getTime() <= Date.now()) throw new AppError('UPLOAD_LINK_EXPIRED');
}

/**
 * The name a file is stored under. A name an earlier (finished) version's selection prints
 * is never replaced — that version's PDF is re-rendered on demand and must not change — so
 * such a re-upload gets the first free `name (n).ext`; the dialog uses the name answered.
 */
async function storedName(knex: Knex, accountId: string, laudoId: string, version: number, filename: string) {
  const printed = await knex('laudo_image_items')
    .where({ account_id: accountId, laudo_id: laudoId, external_filename: filename })
    .where('version', '<', version)
    .first('version');
  if (!printed) return filename;
  const taken = new Set<string>(
    await knex('laudo_external_images').where({ account_id: accountId, laudo_id: laudoId }).pluck('filename'),
  );
  const dot = filename.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [filename.slice(0, dot), filename.slice(dot)] : [filename, ''];
  // At most MAX_EXTERNAL_IMAGES_PER_REPORT names are taken, so a free one is found within that many tries.
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, 100)} (${n})${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Stores one external file sent to an upload url. The token is spent by this call whatever
 * the outcome after it is found valid; the file must be jpg/jpeg/png by name and by content.
 */
export async function receiveUpload(
  knex: Knex,
  storage: ObjectStorage,
  token: string,
  upload: { uploadId: string | null; filename: string; bytes: Buffer },
): Promise<{ filename: string }> {
  // Spent atomically: two posts with one token store at most one file.
  const [slot] = await knex('laudo_image_upload_tokens')
    .where({ token_hash: hashToken(token) })
    .whereNull('used_at')
    .where('expires_at', '>', new Date())
    .update({ used_at: knex.fn.now() })
    .returning(['account_id', 'laudo_id', 'user_id', 'upload_id']);
  if (!slot) {
    const known = await knex('laudo_image_upload_tokens')
      .where({ token_hash: hashToken(token) })
      .first('token_hash');
    throw new AppError(known ? 'UPLOAD_LINK_EXPIRED' : 'NOT_FOUND');
  }
  if (upload.uploadId !== slot.upload_id) throw new AppError('MALFORMED_REQUEST');
  // The report may have been finished (or passed on) since the url was handed out: its
  // uploader must still be allowed to choose its images, as when the url was issued.
  const user = await knex('users')
    .where({ id: slot.user_id, blocked: false, blocked_by_admin: false })
    .first('id', 'name', 'super_role');
  if (!user) throw new AppError('FORBIDDEN_ACCESS');
  const access = await loadAccess(knex, { id: user.id, name: user.name, superRole: user.super_role }, slot.account_id);
  const { record } = await loadLaudoRecord(knex, slot.account_id, slot.laudo_id);
  enforceMayChoose({ access, record });
  const checked = checkExternalImage(sanitizeImageName(upload.filename), upload.bytes);
  if (!checked.ok) throw new AppError(checked.code);
  const filename = await storedName(knex, slot.account_id, slot.laudo_id, record.version, sanitizeImageName(upload.filename));
  const replaces = await knex('laudo_external_images')
    .where({ account_id: slot.account_id, laudo_id: slot.laudo_id, filename })
    .first('filename');
  if (!replaces && (await countExternalImages(knex, slot.account_id, slot.laudo_id)) >= MAX_EXTERNAL_IMAGES_PER_REPORT)
    throw new AppError('REPORT_EXTERNAL_IMAGES_LIMIT');
  const objectKey = `${laudoFolder(slot.account_id, slot.laudo_id)}/external-images/${randomUUID()}`;
  await storage.put(objectKey, upload.bytes, { contentType: checked.contentType });
  await knex('laudo_external_images')
    .insert({
      account_id: slot.account_id,
      laudo_id: slot.laudo_id,
      filename,
      content_type: checked.contentType,
      size_in_bytes: upload.bytes.length,
      object_key: objectKey,
      uploaded_by: slot.user_id,
    })
    .onConflict(['laudo_id', 'filename'])
    .merge(['content_type', 'size_in_bytes', 'object_key', 'uploaded_by', 'created_at']);
  // Only a file of the version being written is replaced (storedName); its old bytes stay in storage.
  return { filename };
}
