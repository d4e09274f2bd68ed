import { z } from 'zod';
import { SessionData } from '../../../../domain/auth/schemas';
import {
  EmailCodeSent,
  TwoFactorQrCode,
  TwoFactorSaved,
  TwoFactorStatus,
  type TwoFactorType,
} from '../../../../domain/auth/two-factor';
import { apiRequest } from '../../lib/api';

const P = '/auth/two-authentication';

/** GET — the user's setting and what this session still owes. */
export async function fetchTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return (await apiRequest(P, { schema: z.object({ data: TwoFactorStatus }), signal })).data;
}

/** GET qrcode — a fresh secret for the authenticator app (kept by the server until confirmed). */
export async function fetchQrCode(): Promise<TwoFactorQrCode> {
  return (await apiRequest(`${P}/qrcode`, { schema: z.object({ data: TwoFactorQrCode }) })).data;
}

/** POST email — sends a 6-digit code (OTP_CODE_SENT); OTP_RESEND_WAIT before 90 s. */
export async function sendEmailCode(): Promise<z.infer<typeof EmailCodeSent>> {
  return (await apiRequest(`${P}/email`, { method: 'POST', body: {}, schema: z.object({ data: EmailCodeSent }) })).data;
}

/** POST — verifies this session's second factor; answers the signed-in session. */
export async function verifyCode(token: string, type: TwoFactorType): Promise<SessionData> {
  return (await apiRequest(P, { method: 'POST', body: { token, type }, schema: z.object({ data: SessionData }) })).data;
}

/** POST save — stores the setup after its first code; answers the recovery codes (once). */
export async function saveTwoFactor(token: string, type: TwoFactorType): Promise<TwoFactorSaved> {
  return (await apiRequest(`${P}/save`, { method: 'POST', body: { token, type }, schema: z.object({ data: TwoFactorSaved }) }))
    .data;
}

/** POST disable — turns two-factor off with a valid code (204). */
export async function disableTwoFactor(token: string): Promise<void> {
  await apiRequest(`${P}/disable`, { method: 'POST', body: { token } });
}
