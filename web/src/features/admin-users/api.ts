/** Users by account (api/account-users/admin-routes.ts and routes.ts). */
import { type z } from 'zod';
import {
  AccountUserInvited,
  AccountUserDetail,
  AccountUserOptions,
  AccountUserPage,
  type AccountUserRow,
  type RoleAssignment,
  type Seniority,
  type UserStatus,
} from '../../../../domain/account-users/schemas';
import { apiRequest } from '../../lib/api';
import { base64Of, fetchBlob } from '../documents/api';
import { getToken } from '../../lib/token';
import i18n from '../../i18n';

// What the api answers lives in domain/ (the OpenAPI document describes it too).
export type UserRow = AccountUserRow;
const Page = AccountUserPage;
const Detail = AccountUserDetail;
export type UserDetail = AccountUserDetail;
const Options = AccountUserOptions;
export type UserOptions = z.infer<typeof Options>;

export interface UserFilters {
  q: string;
  roleId: string;
  institutionId: string;
  status: UserStatus | '';
}

export const usersKeys = {
  list: (accountId: string, f: UserFilters) => ['admin-users', accountId, 'list', f] as const,
  all: (accountId: string) => ['admin-users', accountId] as const,
  detail: (accountId: string, userId: string) => ['admin-users', accountId, 'detail', userId] as const,
  options: (accountId: string) => ['admin-users', accountId, 'options'] as const,
};

const base = (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/users`;

/** The filters as a query string (search only from 3 characters: spec 3 §5). */
export function filterParams(f: UserFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q.trim().length >= 3) p.set('q', f.q.trim());
  if (f.roleId) p.set('roleId', f.roleId);
  if (f.institutionId) p.set('institutionId', f.institutionId);
  if (f.status) p.set('status', f.status);
  return p;
}

export function fetchUsers(accountId: string, f: UserFilters, cursor: string | null, signal?: AbortSignal) {
  const p = filterParams(f);
  p.set('pageSize', '50');
  if (cursor) p.set('cursor', cursor);
  return apiRequest(`${base(accountId)}?${p.toString()}`, { schema: Page, signal });
}

export const fetchUser = (accountId: string, userId: string, signal?: AbortSignal) =>
  apiRequest(`${base(accountId)}/${userId}`, { schema: Detail, signal });

export const fetchOptions = (accountId: string, signal?: AbortSignal) =>
  apiRequest(`${base(accountId)}/options`, { schema: Options, signal });

export const updateUser = (
  accountId: string,
  userId: string,
  body: {
    seniority?: Seniority | null;
    cpf?: string | null;
    council?: { type: string; number: string; uf: string } | null;
    barredFromPersonalFilters?: boolean;
  },
) => apiRequest(`${base(accountId)}/${userId}`, { method: 'PATCH', body, schema: Detail });

export const replaceRoles = (accountId: string, userId: string, roles: RoleAssignment[]) =>
  apiRequest(`${base(accountId)}/${userId}/roles`, { method: 'PUT', body: roles, schema: Detail });

export type UserAction = 'block' | 'unblock' | 'password-change' | 'two-factor/reset' | 'sessions/end';
export const userAction = (accountId: string, userId: string, action: UserAction) =>
  apiRequest(`${base(accountId)}/${userId}/${action}`, { method: 'POST' });

/** Unlinks the user from the account (their roles in it go too). */
export const unlinkUser = (accountId: string, userId: string) =>
  apiRequest(`${base(accountId)}/${userId}/access`, { method: 'DELETE' });

export const inviteUser = (accountId: string, body: { email: string; name?: string; professional: boolean }) =>
  apiRequest(`${base(accountId)}/invite`, {
    method: 'POST',
    body,
    schema: AccountUserInvited,
  });

export const fetchSignature = (accountId: string, userId: string) => fetchBlob(`${base(accountId)}/${userId}/signature`);

export async function uploadSignature(accountId: string, userId: string, file: File): Promise<void> {
  await apiRequest(`${base(accountId)}/${userId}/signature`, {
    method: 'PUT',
    body: { fileName: file.name, file: await base64Of(file) },
  });
}

export const removeSignature = (accountId: string, userId: string) =>
  apiRequest(`${base(accountId)}/${userId}/signature`, { method: 'DELETE' });

/** Downloads the export (the token goes in a header, so the file is fetched, then saved). */
export async function downloadExport(accountId: string, f: UserFilters, format: 'csv' | 'xlsx'): Promise<void> {
  const res = await fetch(`/api${base(accountId)}/export.${format}?${filterParams(f).toString()}`, {
    headers: { access_token: getToken() ?? '', 'Accept-Language': i18n.language },
  });
  if (!res.ok) throw new Error(String(res.status));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `users.${format}`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
