/** The orchestrator of the current account (api/orchestrator/routes.ts): filters, pause and resume. */
import { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { FilterMember, type FilterInput } from '../../../../domain/orchestrator/filters';

export const Filter = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number(),
  modalities: z.array(z.string()),
  members: z.array(FilterMember),
  seniority: z.boolean(),
  limitPerDoctor: z.number().nullable(),
  active: z.boolean(),
});
export type Filter = z.infer<typeof Filter>;

const Candidate = z.object({ id: z.string(), name: z.string() });
const OrchestratorAnswer = z.object({
  paused: z.boolean(),
  filters: z.array(Filter),
  candidates: z.object({
    users: z.array(Candidate.extend({ seniority: z.string().nullable() })),
    groups: z.array(Candidate),
  }),
});
export type OrchestratorState = z.infer<typeof OrchestratorAnswer>;
export type { FilterInput };

export const orchestratorKey = ['admin', 'orchestrator'] as const;

export const fetchOrchestrator = (signal?: AbortSignal) => apiRequest('/orchestrator', { schema: OrchestratorAnswer, signal });
export const setPaused = (paused: boolean) => apiRequest(paused ? '/orchestrator/pause' : '/orchestrator/resume', { method: 'POST' });
export const saveFilter = (id: string | null, input: FilterInput) =>
  apiRequest(id ? `/orchestrator/filters/${id}` : '/orchestrator/filters', { method: id ? 'PUT' : 'POST', body: input });
export const setFilterActive = (id: string, active: boolean) =>
  apiRequest(`/orchestrator/filters/${id}/active`, { method: 'PUT', body: { active } });
export const deleteFilter = (id: string) => apiRequest(`/orchestrator/filters/${id}`, { method: 'DELETE' });
/** The filters' new order (every filter once): the first with a study's modality takes it. */
export const setFilterOrder = (ids: string[]) => apiRequest('/orchestrator/filters/order', { method: 'PUT', body: { ids } });
