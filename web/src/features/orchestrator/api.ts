/** The orchestrator of the current account (api/orchestrator/routes.ts): filters, pause and resume. */
import type { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { type FilterInput, type FilterView, OrchestratorAnswer } from '../../../../domain/orchestrator/filters';

export type Filter = FilterView;
export type OrchestratorState = z.output<typeof OrchestratorAnswer>;
export type { FilterInput };

export const orchestratorKey = ['admin', 'orchestrator'] as const;

export const fetchOrchestrator = (signal?: AbortSignal) => apiRequest('/orchestrator', { schema: OrchestratorAnswer, signal });
export const setPaused = (paused: boolean) =>
  apiRequest(paused ? '/orchestrator/pause' : '/orchestrator/resume', { method: 'POST' });
export const saveFilter = (id: string | null, input: FilterInput) =>
  apiRequest(id ? `/orchestrator/filters/${id}` : '/orchestrator/filters', { method: id ? 'PUT' : 'POST', body: input });
export const setFilterActive = (id: string, active: boolean) =>
  apiRequest(`/orchestrator/filters/${id}/active`, { method: 'PUT', body: { active } });
export const deleteFilter = (id: string) => apiRequest(`/orchestrator/filters/${id}`, { method: 'DELETE' });
/** The filters' new order (every filter once): the first with a study's modality takes it. */
export const setFilterOrder = (ids: string[]) => apiRequest('/orchestrator/filters/order', { method: 'PUT', body: { ids } });
