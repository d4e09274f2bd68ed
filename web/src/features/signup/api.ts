/** Sign-up, e-mail verification and invitations (api/registration/routes.ts). */
import {
  InvitationAnswer,
  InvitationList,
  type InvitationLookup,
  InvitationLookupAnswer,
  type InvitationView,
  type OpenSignup,
  OpenSignupAnswer,
  SignedUp,
  type SignupAccount,
  SignupAccountAnswer,
  UsernameAnswer,
} from '../../../../domain/auth/registration-answers';
import { apiRequest } from '../../lib/api';

export type { SignupAccount };

export const signupKeys = {
  account: (id: string) => ['signup', 'account', id] as const,
  invitation: (token: string) => ['signup', 'invitation', token] as const,
  invitations: (accountId: string) => ['invitations', accountId] as const,
  openSignup: (accountId: string) => ['invitations', accountId, 'open-signup'] as const,
};

/** The account of a sign-up link, when it takes strangers (SIGNUP_CLOSED otherwise). */
export async function fetchSignupAccount(accountId: string, signal?: AbortSignal): Promise<SignupAccount> {
  const answer = await apiRequest(`/auth/signup/accounts/${encodeURIComponent(accountId)}`, {
    schema: SignupAccountAnswer,
    signal,
    endSessionOnAuthError: false,
  });
  return answer.data;
}

export interface PersonForm {
  name: string;
  username: string;
  mobile: string;
  cpf: string;
  password: string;
  passwordConfirmation: string;
  termsVersion: string | undefined;
}

export async function signUp(body: PersonForm & { accountId: string; email: string }): Promise<{ email: string }> {
  const answer = await apiRequest('/auth/signup', {
    method: 'POST',
    body,
    schema: SignedUp,
    endSessionOnAuthError: false,
  });
  return answer.data;
}

export async function verifyEmail(token: string): Promise<{ username: string }> {
  const answer = await apiRequest('/auth/verify-email', {
    method: 'POST',
    body: { token },
    schema: UsernameAnswer,
    endSessionOnAuthError: false,
  });
  return answer.data;
}

/** Asks for a new verification link; answers the same whether or not one went out. */
export async function resendVerification(login: string): Promise<void> {
  await apiRequest('/auth/verify-email/resend', { method: 'POST', body: { login }, endSessionOnAuthError: false });
}

export type Invitation = InvitationLookup;

export async function lookupInvitation(token: string): Promise<Invitation> {
  const answer = await apiRequest('/auth/invitations/lookup', {
    method: 'POST',
    body: { token },
    schema: InvitationLookupAnswer,
    endSessionOnAuthError: false,
  });
  return answer.data;
}

export async function acceptInvitation(token: string): Promise<{ username: string }> {
  return (
    await apiRequest('/auth/invitations/accept', {
      method: 'POST',
      body: { token },
      schema: UsernameAnswer,
      endSessionOnAuthError: false,
    })
  ).data;
}

export interface CouncilForm {
  type: string;
  number: string;
  uf: string;
}

export async function completeRegistration(
  body: PersonForm & { token: string; council: CouncilForm | null },
): Promise<{ username: string }> {
  return (
    await apiRequest('/auth/invitations/complete', { method: 'POST', body, schema: UsernameAnswer, endSessionOnAuthError: false })
  ).data;
}

export type InvitationRow = InvitationView;

export async function fetchInvitations(accountId: string, signal?: AbortSignal): Promise<InvitationRow[]> {
  return (
    await apiRequest(`/accounts/${encodeURIComponent(accountId)}/invitations`, {
      schema: InvitationList,
      signal,
    })
  ).data;
}

export async function createInvitation(
  accountId: string,
  body: { email: string; name?: string; professional: boolean },
): Promise<InvitationRow> {
  return (
    await apiRequest(`/accounts/${encodeURIComponent(accountId)}/invitations`, {
      method: 'POST',
      body,
      schema: InvitationAnswer,
    })
  ).data;
}

export async function revokeInvitation(accountId: string, id: string): Promise<void> {
  await apiRequest(`/accounts/${encodeURIComponent(accountId)}/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export type { OpenSignup };

/** Whether the account takes sign-ups (ALLOW_SIGNUP), and the link to hand out. */
export async function fetchOpenSignup(accountId: string, signal?: AbortSignal): Promise<OpenSignup> {
  return (await apiRequest(`/accounts/${encodeURIComponent(accountId)}/signup`, { schema: OpenSignupAnswer, signal })).data;
}

export async function setOpenSignup(accountId: string, open: boolean): Promise<OpenSignup> {
  return (
    await apiRequest(`/accounts/${encodeURIComponent(accountId)}/signup`, {
      method: 'PUT',
      body: { open },
      schema: OpenSignupAnswer,
    })
  ).data;
}
