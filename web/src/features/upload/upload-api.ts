/**
 * Manual DICOM upload: one STOW-RS request per file (so each file gets its own answer and
 * reason), with upload progress from XMLHttpRequest (fetch reports none).
 */
import { getToken } from '../../lib/token';

export type FileOutcome = { ok: true } | { ok: false; reason: string };

/** The reason of a STOW-RS answer's first failure (our ErrorComment: 'CODE: message'). */
export function outcomeOf(status: number, body: unknown): FileOutcome {
  if (status === 200) return { ok: true };
  const failed = (body as Record<string, { Value?: Record<string, { Value?: unknown[] }>[] }> | null)?.['00081198']?.Value?.[0];
  const comment = failed?.['00000902']?.Value?.[0];
  if (typeof comment === 'string') return { ok: false, reason: comment.replace(/^[A-Z_]+:\s*/, '') };
  const error = (body as { error?: { description?: string } } | null)?.error?.description;
  return { ok: false, reason: error ?? `HTTP ${status}` };
}

export function uploadDicomFile(
  file: File,
  institutionId: string,
  lang: string,
  onProgress: (sentBytes: number) => void,
): Promise<FileOutcome> {
  const boundary = `laudos-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const body = new Blob([`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`, file, `\r\n--${boundary}--\r\n`]);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/dicomweb/studies?institutionId=${encodeURIComponent(institutionId)}`);
    xhr.setRequestHeader('Content-Type', `multipart/related; type="application/dicom"; boundary=${boundary}`);
    xhr.setRequestHeader('Accept', 'application/dicom+json');
    xhr.setRequestHeader('Accept-Language', lang);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onProgress(Math.min(e.loaded, file.size));
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = null; // not JSON: the status alone tells
      }
      onProgress(file.size);
      resolve(outcomeOf(xhr.status, parsed));
    };
    xhr.onerror = () => resolve({ ok: false, reason: 'network' });
    xhr.send(body);
  });
}

/** Files of a drop, folders walked recursively (webkitGetAsEntry). */
export async function droppedFiles(items: DataTransferItemList): Promise<File[]> {
  const entries = [...items].map((i) => i.webkitGetAsEntry?.()).filter((e): e is FileSystemEntry => Boolean(e));
  const out: File[] = [];
  const walk = async (entry: FileSystemEntry): Promise<void> => {
    if (entry.isFile) {
      out.push(await new Promise<File>((res, rej) => (entry as FileSystemFileEntry).file(res, rej)));
      return;
    }
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
      if (batch.length === 0) break;
      for (const child of batch) await walk(child);
    }
  };
  for (const e of entries) await walk(e);
  return out;
}

/** Runs `task` over `items`, `concurrency` at a time. */
export async function eachLimited<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
