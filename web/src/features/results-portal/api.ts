/** The results portal's calls (api/portal/public-routes.ts): no platform session, a portal token instead. */
import { type PortalLogin, PortalSession } from '../../../../domain/portal/results-portal';
import { apiRequest } from '../../lib/api';
import { ApiError } from '../../lib/errors';
import { saveBlob } from '../documents/api';

export const portalLogin = (input: PortalLogin) =>
  apiRequest('/portal/login', { method: 'POST', body: input, schema: PortalSession, endSessionOnAuthError: false });

/** The report's PDF, saved by the browser (the token travels in a header, never in the address). */
export async function downloadPortalReport(token: string, filename: string): Promise<void> {
  const res = await fetch('/api/portal/result/report.pdf', { headers: { portal_token: token } });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; description?: string } };
    throw new ApiError(body.error?.code ?? 'UNKNOWN_ERROR', body.error?.description ?? null, res.status);
  }
  saveBlob(await res.blob(), filename);
}
