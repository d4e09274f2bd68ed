/** My profile's calls (issue 13): personal data, e-mail change, signature image, language. */
import { EmailConfirmed, Profile } from '../../../../domain/profile/schemas';
import { SIGNATURE_MAX_BYTES } from '../../../../domain/profile/signature-image';
import i18n from '../../i18n';
import { API_PREFIX, apiRequest } from '../../lib/api';
import { ApiError, NETWORK_ERROR, errorFromResponse } from '../../lib/errors';
import { getToken } from '../../lib/token';
import { LANGUAGE_CONFIG_KEY } from '../../i18n/useUserLanguage';
import { base64Of, fetchBlob } from '../documents/api';

export type { Profile };

export const profileKey = ['profile'] as const;

/** Spec 3 §5/§9: JPG or PNG, up to 2 MB (the server checks again, by content). */
export const SIGNATURE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
export { SIGNATURE_MAX_BYTES };

export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest('/profile', { schema: Profile, signal });
}

export function updateProfile(changes: { name?: string; mobile?: string; phone?: string }): Promise<Profile> {
  return apiRequest('/profile', { method: 'PATCH', body: changes, schema: Profile });
}

export function requestEmailChange(email: string, currentPassword: string): Promise<Profile> {
  return apiRequest('/profile/email', { method: 'POST', body: { email, currentPassword }, schema: Profile });
}

export function confirmEmailChange(token: string): Promise<{ email: string }> {
  return apiRequest('/profile/email/confirm', {
    method: 'POST',
    body: { token },
    schema: EmailConfirmed,
    endSessionOnAuthError: false,
  });
}

export function fetchSignature(): Promise<Blob> {
  return fetchBlob('/profile/signature');
}

export async function removeSignature(): Promise<void> {
  await apiRequest('/profile/signature', { method: 'DELETE' });
}

/**
 * Sends the image (base64 JSON, like the institution logo) by XMLHttpRequest, whose upload
 * events give the progress (fetch reports none); `onProgress` gets 0..1.
 */
export async function uploadSignature(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const body = JSON.stringify({ fileName: file.name, file: await base64Of(file) });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${API_PREFIX}/profile/signature`);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.language);
    const token = getToken();
    if (token) xhr.setRequestHeader('access_token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON: the status alone tells
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve((parsed as { signatureUpdatedAt?: string } | null)?.signatureUpdatedAt ?? new Date().toISOString());
      } else reject(errorFromResponse(xhr.status, parsed));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR));
    xhr.send(body);
  });
}

/** Keeps the language with the user too (spec 3 §1 keeps it locally; this follows the user). */
export async function saveLanguage(lang: string): Promise<void> {
  await apiRequest('/users/config', {
    method: 'POST',
    body: { key: LANGUAGE_CONFIG_KEY, value: lang },
    endSessionOnAuthError: false,
  });
}
