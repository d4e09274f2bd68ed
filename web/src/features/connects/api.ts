/** Connects of the current account: settings, keys (answered once), connections (issue 16). */
import { z } from 'zod';
import {
  ConnectKeyView,
  ConnectView,
  type ConnectionView,
  type ConnectBody,
  type ConnectionBody,
} from '../../../../domain/connect/connect-admin';
import { apiRequest } from '../../lib/api';

export { MAPPED_FIELDS } from '../../../../domain/connect/connect-admin';
export type { ConnectBody, ConnectionBody, ConnectView, ConnectionView };

export const connectsKey = ['connects'] as const;

const KeyAnswer = z.object({ key: z.string(), keyInfo: ConnectKeyView });

export const fetchConnects = (signal?: AbortSignal) =>
  apiRequest('/connects', { schema: z.object({ connects: z.array(ConnectView) }), signal }).then((a) => a.connects);

/** Creating answers the first key, once. */
export const createConnect = (input: ConnectBody) =>
  apiRequest('/connects', { method: 'POST', body: input, schema: z.object({ connect: ConnectView, key: z.string() }) });
export const updateConnect = (id: string, input: ConnectBody) =>
  apiRequest(`/connects/${id}`, { method: 'PUT', body: input, schema: z.object({ connect: ConnectView }) });
export const deleteConnect = (id: string) => apiRequest(`/connects/${id}`, { method: 'DELETE' });

export const newKey = (id: string) => apiRequest(`/connects/${id}/keys`, { method: 'POST', schema: KeyAnswer });
export const rotateKey = (id: string, keyId: string) =>
  apiRequest(`/connects/${id}/keys/${keyId}/rotate`, { method: 'POST', schema: KeyAnswer });
export const revokeKey = (id: string, keyId: string) => apiRequest(`/connects/${id}/keys/${keyId}`, { method: 'DELETE' });

export const saveConnection = (id: string, connectionId: string | null, input: ConnectionBody) =>
  apiRequest(connectionId ? `/connects/${id}/connections/${connectionId}` : `/connects/${id}/connections`, {
    method: connectionId ? 'PUT' : 'POST',
    body: input,
  });
export const deleteConnection = (id: string, connectionId: string) =>
  apiRequest(`/connects/${id}/connections/${connectionId}`, { method: 'DELETE' });
