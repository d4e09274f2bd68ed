/**
 * The user's signature image (issue 13): checked by content, normalised with sharp (orientation
 * applied, metadata dropped, bounded size, PNG so a transparent background stays transparent)
 * and kept in object storage under the user; the users row points at the current object.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { AppError } from '../../domain/errors';
import { SIGNATURE_STORED_BOX, checkSignatureImage } from '../../domain/profile/signature-image';
import type { ObjectStorage } from '../../storage/object-storage';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** The uploaded bytes as the PNG that is stored: refused when not a readable JPG or PNG. */
export async function normaliseSignatureImage(bytes: Buffer): Promise<Buffer> {
  const check = checkSignatureImage(bytes);
  if (!check.ok) throw new AppError(check.code);
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ ...SIGNATURE_STORED_BOX, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    // PNG or JPEG magic bytes over a body sharp cannot decode: not an image after all.
    throw new AppError('SIGNATURE_IMAGE_TYPE_NOT_ALLOWED');
  }
}

export async function saveSignatureImage(knex: Knex, storage: ObjectStorage, userId: string, upload: Buffer): Promise<Date> {
  const png = await normaliseSignatureImage(upload);
  const hash = createHash('sha256').update(png).digest('hex').slice(0, 32);
  const key = `users/${userId}/signature/${hash}.png`;
  await storage.put(key, png, { contentType: 'image/png' });
  const previous = await knex('users').where({ id: userId }).first('signature_key');
  const [row] = await knex('users')
    .where({ id: userId })
    .update({ signature_key: key, signature_updated_at: knex.fn.now(), updated_at: knex.fn.now() })
    .returning('signature_updated_at');
  if (previous?.signature_key && previous.signature_key !== key) await storage.delete(previous.signature_key);
  return row.signature_updated_at as Date;
}

export async function removeSignatureImage(knex: Knex, storage: ObjectStorage, userId: string): Promise<void> {
  const previous = await knex('users').where({ id: userId }).first('signature_key');
  await knex('users')
    .where({ id: userId })
    .update({ signature_key: null, signature_updated_at: null, updated_at: knex.fn.now() });
  if (previous?.signature_key) await storage.delete(previous.signature_key);
}

/** The stored PNG of each given user that has one (for the PDF's signature block). */
export async function loadSignatureImages(knex: Knex, storage: ObjectStorage, userIds: string[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (userIds.length === 0) return out;
  const rows: { id: string; signature_key: string }[] = await knex('users')
    .whereIn('id', userIds)
    .whereNotNull('signature_key')
    .select('id', 'signature_key');
  await Promise.all(
    rows.map(async (r) => {
      if (await storage.exists(r.signature_key)) out.set(r.id, await readAll(await storage.get(r.signature_key)));
    }),
  );
  return out;
}

export async function readSignatureImage(knex: Knex, storage: ObjectStorage, userId: string): Promise<Buffer | null> {
  return (await loadSignatureImages(knex, storage, [userId])).get(userId) ?? null;
}
