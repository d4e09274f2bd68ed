import { apiRequest } from '../../lib/api';

/** POST /api/auth/forgotPassword (204 whoever is named): the link goes to this app's /resetPassword. */
export async function requestPasswordReset(name: string): Promise<void> {
  const who = name.includes('@') ? { email: name } : { username: name };
  await apiRequest('/auth/forgotPassword', {
    method: 'POST',
    body: { ...who, callbackUrl: `${window.location.origin}/resetPassword` },
    endSessionOnAuthError: false,
  });
}

/** POST /api/auth/resetPassword (204): the link's token and the new password twice. */
export async function resetPassword(body: { token: string; password: string; passwordConfirmation: string }): Promise<void> {
  await apiRequest('/auth/resetPassword', { method: 'POST', body, endSessionOnAuthError: false });
}

/** POST /api/auth/changePassword (204): the user's other sessions end. */
export async function changePassword(body: {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}): Promise<void> {
  await apiRequest('/auth/changePassword', { method: 'POST', body });
}

/** Refusals of the new password itself, shown under its field rather than above the form. */
export const NEW_PASSWORD_CODES: ReadonlySet<string> = new Set(['PASSWORD_WEAK', 'PASSWORDS_DIFFERENT', 'PASSWORD_REUSED']);
