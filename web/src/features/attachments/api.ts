import { z } from 'zod';
import { AttachmentLink, AttachmentList, AttachmentType } from '../../../../domain/attachments/attachments';
import { apiRequest } from '../../lib/api';

export { AttachmentList };

export async function fetchAttachmentTypes(signal?: AbortSignal): Promise<AttachmentType[]> {
  const schema = z.object({ attachmentsExtensions: z.array(AttachmentType) });
  return (await apiRequest('/studies/listAttachmentsExtensions', { schema, signal })).attachmentsExtensions;
}

export function fetchAttachments(studyId: string, signal?: AbortSignal): Promise<AttachmentList> {
  return apiRequest(`/studies/attachments?${new URLSearchParams({ studyId }).toString()}`, { schema: AttachmentList, signal });
}

/** Reads the file as base64 (spec 2 §7: attachment {name, mimetype, size, data}). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export async function uploadAttachment(studyId: string, typeId: string, file: File): Promise<void> {
  const data = await readBase64(file);
  await apiRequest('/studies/attachments', {
    method: 'POST',
    body: {
      studyId,
      attachmentExtensionsId: typeId,
      attachment: { name: file.name, mimetype: file.type, size: file.size, data },
    },
  });
}

export async function attachmentLink(studyId: string, attachmentId: string): Promise<string> {
  const q = new URLSearchParams({ studyId, attachmentId });
  return (await apiRequest(`/studies/attachments/download?${q.toString()}`, { schema: AttachmentLink })).downloadUrl;
}

export async function deleteAttachment(studyId: string, attachmentId: string): Promise<void> {
  await apiRequest(`/studies/attachments?${new URLSearchParams({ studyId, attachmentId }).toString()}`, { method: 'DELETE' });
}
