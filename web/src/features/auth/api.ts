import { z } from 'zod';
import { SessionData } from '../../../../domain/auth/schemas';
import { PendingSession } from '../../../../domain/auth/two-factor';
import { apiRequest } from '../../lib/api';

const SessionAnswer = z.object({ data: SessionData });
/** Login and revalidation may answer a session whose second factor is still due (two-factor). */
const LoginAnswer = z.object({ data: z.union([PendingSession, SessionData]) });

/** POST /api/auth — username or e-mail, and password. */
export async function login(username: string, password: string): Promise<SessionData | PendingSession> {
  const answer = await apiRequest('/auth', {
    method: 'POST',
    body: { username, password },
    schema: LoginAnswer,
    endSessionOnAuthError: false,
  });
  return answer.data;
}

/** GET /api/auth — revalidates the stored token. */
export async function fetchSession(signal?: AbortSignal): Promise<SessionData | PendingSession> {
  return (await apiRequest('/auth', { schema: LoginAnswer, signal })).data;
}

/** POST /api/auth/changeAccount */
export async function changeAccount(accountId: string): Promise<SessionData> {
  return (await apiRequest('/auth/changeAccount', { method: 'POST', body: { accountId }, schema: SessionAnswer })).data;
}

/** POST /api/auth/logout (204). */
export async function logout(): Promise<void> {
  await apiRequest('/auth/logout', { method: 'POST', endSessionOnAuthError: false });
}

/** POST /api/auth/expiredSession (204): spec 3 §4, the expiry reported on the way out. */
export async function reportExpiredSession(): Promise<void> {
  await apiRequest('/auth/expiredSession', { method: 'POST', endSessionOnAuthError: false });
}

/** POST /api/auth/access — an access link's single-use token (`?access=`) exchanged for a session. */
export async function exchangeAccessToken(token: string): Promise<SessionData> {
  const answer = await apiRequest('/auth/access', {
    method: 'POST',
    body: { token },
    schema: SessionAnswer,
    endSessionOnAuthError: false,
  });
  return answer.data;
}
