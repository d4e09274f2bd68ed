/**
 * The document calls: PDFs fetched with the session header (an <iframe src> could not send
 * it), the editor's preview, the A1 certificate and the public verification.
 */
import { examPath } from '../../lib/exam-path';
import { ProfessionalId } from '../../../../domain/people/professional-id';
import { Certificate, CertificateAnswer } from '../../../../domain/documents/certificate';
import { PreviewAnswer } from '../../../../domain/documents/links';
import { Verification, VerificationAnswer } from '../../../../domain/documents/verification';
import i18n from '../../i18n';
import { API_PREFIX, apiRequest } from '../../lib/api';
import { ApiError, NETWORK_ERROR, errorFromResponse } from '../../lib/errors';
import { getToken } from '../../lib/token';

/** A file of the API (a PDF, an image) as a Blob; an error answer becomes the ApiError it carries. */
export async function fetchBlob(path: string): Promise<Blob> {
  const url = path.startsWith(API_PREFIX) ? path : `${API_PREFIX}${path}`;
  const headers: Record<string, string> = { 'Accept-Language': i18n.language };
  const token = getToken();
  if (token) headers.access_token = token;
  let res: Response;
  try {
    res = await fetch(url, { headers });
  } catch {
    throw new ApiError(NETWORK_ERROR);
  }
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the generic error below
    }
    throw errorFromResponse(res.status, body);
  }
  return res.blob();
}
export const fetchPdf = fetchBlob;

/** Renders the editor's text as a preview (spec 2 §7: `preview: true`) and fetches it. */
export async function previewPdf(studyId: string, field: 'report' | 'review', content: string): Promise<Blob> {
  const path = field === 'review' ? 'reports/review' : 'reports/save';
  const { previewUrl } = await apiRequest(`${examPath(studyId)}/${path}`, {
    method: 'POST',
    body: { content, preview: true, lang: i18n.language },
    schema: PreviewAnswer,
  });
  return fetchPdf(previewUrl);
}

export const downloadPath = (studyId: string, version: number) => `${examPath(studyId)}/reports/download?version=${version}`;

/** Saves a Blob under a name, as a download link would. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export { Certificate };

export async function fetchCertificate(signal?: AbortSignal): Promise<Certificate | null> {
  return (await apiRequest('/digitalSignature', { schema: CertificateAnswer, signal })).certificate;
}

export async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function uploadCertificate(file: File, password: string): Promise<Certificate | null> {
  const body = { file: await base64Of(file), password, fileName: file.name };
  return (await apiRequest('/digitalSignature/upload', { method: 'POST', body, schema: CertificateAnswer })).certificate;
}

export async function removeCertificate(): Promise<void> {
  await apiRequest('/digitalSignature', { method: 'DELETE', schema: CertificateAnswer });
}

export { Verification };

export async function fetchVerification(code: string, signal?: AbortSignal): Promise<Verification> {
  const answer = await apiRequest(`/public/verify/${encodeURIComponent(code)}`, {
    schema: VerificationAnswer,
    signal,
    endSessionOnAuthError: false,
  });
  return answer.document;
}

export const ProfessionalIdAnswer = ProfessionalId;

/** The user's own CPF and council (issue 12): the A1's holder must have this CPF. */
export async function fetchProfessionalId(signal?: AbortSignal): Promise<ProfessionalId> {
  return apiRequest('/profile/professional-id', { schema: ProfessionalIdAnswer, signal });
}

export async function saveProfessionalId(body: ProfessionalId): Promise<ProfessionalId> {
  return apiRequest('/profile/professional-id', { method: 'PUT', body, schema: ProfessionalIdAnswer });
}
