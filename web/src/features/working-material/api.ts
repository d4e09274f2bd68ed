/** Labels, standard phrases and masks of the current account, administered (issue 16). */
import { z } from 'zod';
import { Phrase, type CreatePhraseBody } from '../../../../domain/workspace/phrases';
import { AdminMask, MASK_SCOPES, type CreateMaskBody, type UpdateMaskBody } from '../../../../domain/workspace/masks';
import { AdminLabel } from '../../../../domain/workspace/labels';
import { apiRequest } from '../../lib/api';

export type { Phrase, CreatePhraseBody };
export { MASK_SCOPES };
export type MaskScope = (typeof MASK_SCOPES)[number];

export const materialKeys = {
  labels: ['material', 'labels'] as const,
  phrases: ['material', 'phrases'] as const,
  masks: ['material', 'masks'] as const,
};

export { AdminLabel };

export const fetchLabels = (signal?: AbortSignal) =>
  apiRequest('/labels', { schema: z.object({ labels: z.array(AdminLabel) }), signal }).then((a) => a.labels);
export const saveLabel = (id: string | null, name: string) =>
  apiRequest(id ? `/labels/${id}` : '/labels', { method: id ? 'PUT' : 'POST', body: { name } });
export const deleteLabel = (id: string) => apiRequest(`/labels/${id}`, { method: 'DELETE' });

export const PHRASES_PAGE = 20;
export const fetchPhrases = (accountId: string, scope: 'account' | 'user', q: string, offset: number, signal?: AbortSignal) =>
  apiRequest(`/phrases/accounts/${accountId}?scope=${scope}&limit=${PHRASES_PAGE}&offset=${offset}&q=${encodeURIComponent(q)}`, {
    schema: z.object({ phrases: z.array(Phrase) }),
    signal,
  }).then((a) => a.phrases);
export const savePhrase = (accountId: string, id: string | null, body: CreatePhraseBody) => {
  const { scope, ...rest } = body;
  return id
    ? apiRequest(`/phrases/accounts/${accountId}/${id}`, { method: 'PUT', body: rest })
    : apiRequest(`/phrases/accounts/${accountId}`, { method: 'POST', body: { ...rest, scope } });
};
export const deletePhrase = (accountId: string, id: string) =>
  apiRequest(`/phrases/accounts/${accountId}/${id}`, { method: 'DELETE' });

export { AdminMask };
export interface MaskFilters {
  scope: string;
  modality: string;
  examType: string;
  institutionId: string;
  q: string;
}
export const fetchMasks = (f: MaskFilters, signal?: AbortSignal) => {
  const params = new URLSearchParams(Object.entries(f).filter(([, v]) => v !== ''));
  return apiRequest(`/masks?${params.toString()}`, { schema: z.object({ masks: z.array(AdminMask) }), signal }).then(
    (a) => a.masks,
  );
};
export const createMask = (body: CreateMaskBody) => apiRequest('/masks', { method: 'POST', body });
export const updateMask = (id: string, body: UpdateMaskBody) => apiRequest(`/masks/${id}`, { method: 'PATCH', body });
export const deleteMask = (id: string) => apiRequest(`/masks/${id}`, { method: 'DELETE' });
