/** Institutions the user reaches and their report-header logo (spec 3 §3). */
import { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { base64Of, fetchBlob } from '../documents/api';

export const Institution = z.object({ id: z.string(), name: z.string(), logoUpdatedAt: z.string().nullable() });
export type Institution = z.infer<typeof Institution>;
const After = z.object({ afterName: z.string(), afterId: z.string() });
export type InstitutionsAfter = z.infer<typeof After>;
const InstitutionsAnswer = z.object({ canManage: z.boolean(), institutions: z.array(Institution), next: After.nullable() });
export type InstitutionsAnswer = z.infer<typeof InstitutionsAnswer>;

export const institutionsKey = ['institutions'] as const;

/** Spec 3 §3: JPG or PNG, up to 2 MB (the server checks again, by content). */
export const LOGO_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const INSTITUTIONS_PAGE_SIZE = 20;

/** Every institution the user reaches, page after page (a picker's options). */
export async function fetchAllInstitutions(signal?: AbortSignal): Promise<InstitutionsAnswer> {
  let answer = await fetchInstitutions('', null, signal);
  const institutions = [...answer.institutions];
  while (answer.next) {
    answer = await fetchInstitutions('', answer.next, signal);
    institutions.push(...answer.institutions);
  }
  return { ...answer, institutions, next: null };
}

/** One keyset page of the institutions (by name, then id), searched by name. */
export function fetchInstitutions(q: string, after: InstitutionsAfter | null, signal?: AbortSignal): Promise<InstitutionsAnswer> {
  const params = new URLSearchParams({ limit: String(INSTITUTIONS_PAGE_SIZE) });
  if (q) params.set('q', q);
  if (after) {
    params.set('afterName', after.afterName);
    params.set('afterId', after.afterId);
  }
  return apiRequest(`/institutions?${params.toString()}`, { schema: InstitutionsAnswer, signal });
}

export function fetchLogo(id: string): Promise<Blob> {
  return fetchBlob(`/institutions/${encodeURIComponent(id)}/logo`);
}

export async function uploadLogo(id: string, file: File): Promise<void> {
  await apiRequest(`/institutions/${encodeURIComponent(id)}/logo`, {
    method: 'PUT',
    body: { fileName: file.name, file: await base64Of(file) },
  });
}

export async function removeLogo(id: string): Promise<void> {
  await apiRequest(`/institutions/${encodeURIComponent(id)}/logo`, { method: 'DELETE' });
}
