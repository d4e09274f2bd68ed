import { z } from 'zod';
import { apiRequest } from './api';

const AccountConfig = z.object({ data: z.record(z.string(), z.unknown()) });

/**
 * The account's settings as stored (spec 2 §7 GET /accounts/{id}/config), for the features
 * that read one of them — always through the registry's `accountSetting`.
 */
export async function fetchAccountConfig(accountId: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
  return (await apiRequest(`/accounts/${encodeURIComponent(accountId)}/config`, { schema: AccountConfig, signal })).data;
}
