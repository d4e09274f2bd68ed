/** Giving a patient access to a result (api/portal/result-access-routes.ts). */
import { z } from 'zod';
import { ResultAccessAnswer, type SendResultAccess } from '../../../../domain/portal/results-portal';
import { apiRequest } from '../../lib/api';

const ResultAccessStatus = z.object({
  active: z.object({ createdAt: z.string(), lastUsedAt: z.string().nullable() }).nullable(),
  whatsapp: z.object({ configured: z.boolean(), remaining: z.number().int().nullable() }),
});
export type ResultAccessStatus = z.infer<typeof ResultAccessStatus>;

export const resultAccessKey = (studyId: string) => ['result-access', studyId] as const;

export const fetchResultAccess = (studyId: string, signal?: AbortSignal) =>
  apiRequest(`/studies/${studyId}/result-access`, { schema: ResultAccessStatus, signal });

export const createResultAccess = (studyId: string, replace: boolean) =>
  apiRequest(`/studies/${studyId}/result-access`, { method: 'POST', body: { replace }, schema: ResultAccessAnswer });

export const sendResultAccess = (studyId: string, input: SendResultAccess) =>
  apiRequest(`/studies/${studyId}/result-access/send`, { method: 'POST', body: input, schema: ResultAccessAnswer });
