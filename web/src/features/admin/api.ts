/** The Administration area's calls: accounts (super), account settings, institutions. */
import { z } from 'zod';
import { type AccountInput, AccountView } from '../../../../domain/accounts/account';
import { AccountDoctors, type InstitutionInput, InstitutionView } from '../../../../domain/institutions/institution';
import { SettingAnswer, SettingsAnswer } from '../../../../domain/accounts/settings';
import { apiRequest } from '../../lib/api';
import type { Cursor, Page } from './AdminList';

const CursorSchema = z.object({ afterName: z.string(), afterId: z.string() }).nullable();

// The shapes the api answers live in domain/ (the OpenAPI document describes them too).
export const Account = AccountView;
export type Account = AccountView;
export const Institution = InstitutionView;
export type Institution = InstitutionView;

const pageQuery = (q: string, cursor: Cursor | null, limit: number, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({ limit: String(limit), ...extra });
  if (q) params.set('q', q);
  if (cursor) {
    params.set('afterName', cursor.afterName);
    params.set('afterId', cursor.afterId);
  }
  return params.toString();
};

export const PAGE_SIZE = 25;

export async function fetchAccounts(q: string, cursor: Cursor | null, signal: AbortSignal): Promise<Page<Account>> {
  const schema = z.object({ data: z.array(Account), next: CursorSchema });
  const answer = await apiRequest(`/accounts?${pageQuery(q, cursor, PAGE_SIZE)}`, { schema, signal });
  return { rows: answer.data, next: answer.next };
}

export const saveAccount = (id: string | null, input: z.input<typeof AccountInput>) =>
  apiRequest(id ? `/accounts/${encodeURIComponent(id)}` : '/accounts', {
    method: id ? 'PUT' : 'POST',
    body: input,
    schema: Account,
  });

export const deleteAccount = (id: string, confirmName: string) =>
  apiRequest(`/accounts/${encodeURIComponent(id)}?confirmName=${encodeURIComponent(confirmName)}`, { method: 'DELETE' });

export type { SettingsAnswer };

export const fetchSettings = (accountId: string, signal?: AbortSignal) =>
  apiRequest(`/accounts/${encodeURIComponent(accountId)}/config`, { schema: SettingsAnswer, signal });

const settingPath = (accountId: string, key: string) =>
  `/accounts/${encodeURIComponent(accountId)}/config/${encodeURIComponent(key)}`;

export const saveSetting = (accountId: string, key: string, value: unknown) =>
  apiRequest(settingPath(accountId, key), { method: 'PUT', body: { value }, schema: SettingAnswer });

export const resetSetting = (accountId: string, key: string) =>
  apiRequest(settingPath(accountId, key), { method: 'DELETE', schema: SettingAnswer });

export async function fetchAdminInstitutions(q: string, cursor: Cursor | null, signal: AbortSignal): Promise<Page<Institution>> {
  const schema = z.object({ institutions: z.array(Institution), next: CursorSchema });
  const answer = await apiRequest(`/institutions?${pageQuery(q, cursor, PAGE_SIZE, { includeInactive: 'true' })}`, {
    schema,
    signal,
  });
  return { rows: answer.institutions, next: answer.next };
}

export const saveInstitution = (id: string | null, input: z.input<typeof InstitutionInput>) =>
  apiRequest(id ? `/institutions/${encodeURIComponent(id)}` : '/institutions', {
    method: id ? 'PUT' : 'POST',
    body: input,
    schema: Institution,
  });

export const setInstitutionActive = (id: string, active: boolean) =>
  apiRequest(`/institutions/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`, {
    method: 'POST',
    schema: Institution,
  });

export const fetchDoctors = (accountId: string, signal?: AbortSignal) =>
  apiRequest(`/accounts/${encodeURIComponent(accountId)}/doctors`, { schema: AccountDoctors, signal }).then((a) => a.data);
