/** Giving a patient access to a result (api/portal/result-access-routes.ts). */
import { ResultAccessAnswer, ResultAccessStatus, type SendResultAccess } from '../../../../domain/portal/results-portal';
import { apiRequest } from '../../lib/api';

export type { ResultAccessStatus };

export const resultAccessKey = (studyId: string) => ['result-access', studyId] as const;

export const fetchResultAccess = (studyId: string, signal?: AbortSignal) =>
  apiRequest(`/studies/${studyId}/result-access`, { schema: ResultAccessStatus, signal });

export const createResultAccess = (studyId: string, replace: boolean) =>
  apiRequest(`/studies/${studyId}/result-access`, { method: 'POST', body: { replace }, schema: ResultAccessAnswer });

export const sendResultAccess = (studyId: string, input: SendResultAccess) =>
  apiRequest(`/studies/${studyId}/result-access/send`, { method: 'POST', body: input, schema: ResultAccessAnswer });
