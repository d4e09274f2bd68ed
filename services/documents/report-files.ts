/**
 * Report PDFs in object storage, named by content: a preview or an unsigned version is
 * rendered once per distinct document value (its hash is the file name); a signed PDF is
 * named by the hash of its bytes. Keys stay under the account and the laudo.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { renderReportPdf } from '../../documents/report-pdf/render';
import type { ReportDocumentInput } from '../../documents/report-pdf/model';
import type { ObjectStorage } from '../../storage/object-storage';

export const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

export const laudoFolder = (accountId: string, laudoId: string) => `accounts/${accountId}/laudos/${laudoId}`;

/** The key of a preview file, from the name the preview URL carries (never a path). */
export function previewKey(accountId: string, laudoId: string, file: string): string | null {
  return /^[0-9a-f]{64}\.pdf$/.test(file) ? `${laudoFolder(accountId, laudoId)}/previews/${file}` : null;
}

/** Renders the document unless the same value was rendered before; returns its key. */
export async function renderStored(
  storage: ObjectStorage,
  folder: string,
  doc: ReportDocumentInput,
): Promise<{ key: string; file: string }> {
  const file = `${sha256(JSON.stringify(doc))}.pdf`;
  const key = `${folder}/${file}`;
  if (!(await storage.exists(key))) {
    await storage.put(key, await renderReportPdf(doc), { contentType: 'application/pdf' });
  }
  return { key, file };
}

export async function readObject(storage: ObjectStorage, key: string): Promise<Buffer> {
  return buffer((await storage.get(key)) as Readable);
}

/**
 * Keeps a report's preview folder small: the file just answered plus the newest `keep - 1`
 * others (a preview still open in a browser a moment ago stays readable); older ones go.
 * Runs on each new preview of the report, so the folder never grows past `keep`.
 */
export async function prunePreviews(storage: ObjectStorage, folder: string, current: string, keep: number): Promise<string[]> {
  const others = (await storage.listFolder(folder))
    .filter((o) => o.key !== current)
    .sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime() || a.key.localeCompare(b.key));
  const old = others.slice(Math.max(0, keep - 1)).map((o) => o.key);
  for (const key of old) await storage.delete(key);
  return old;
}
