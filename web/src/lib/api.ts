import type { ZodType } from 'zod';
import i18n from '../i18n';
import { ApiError, errorFromResponse, NETWORK_ERROR, SESSION_ENDING_CODES, toApiError, UNKNOWN_ERROR } from './errors';
import { getToken } from './token';

/** Every call goes to the same origin under /api (spec 3 §7: 30,000 ms timeout). */
export const API_PREFIX = '/api';
export const REQUEST_TIMEOUT_MS = 30_000;

let sessionEndedHandler: ((code: string) => void) | null = null;

/** Called when any answer says INVALID_SESSION or EXPIRED_TOKEN (the session provider logs out). */
export function onSessionEnded(handler: ((code: string) => void) | null): void {
  sessionEndedHandler = handler;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /** A body sent as it is (audio upload); give its Content-Type in headers. */
  rawBody?: Blob;
  headers?: Record<string, string>;
  /** Validates the answer; a mismatch becomes UNKNOWN_ERROR. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
  /** false for calls whose auth errors must not end the session (login, logout). */
  endSessionOnAuthError?: boolean;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * One HTTP call: adds the access_token header, times out after 30 s, turns every failure
 * into an ApiError (server code, UNKNOWN_ERROR or NETWORK_ERROR).
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal, endSessionOnAuthError = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language };
  const token = getToken();
  if (token) headers['access_token'] = token;
  if (body !== undefined && options.rawBody === undefined) headers['Content-Type'] = 'application/json';
  Object.assign(headers, options.headers);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  let res: Response;
  let payload: unknown;
  try {
    res = await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      body: options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    payload = await readBody(res);
  } catch (err) {
    if (timedOut) throw new ApiError(NETWORK_ERROR);
    if (signal?.aborted) throw err; // cancelled by the caller (e.g. TanStack Query)
    throw toApiError(err);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  if (!res.ok) {
    const error = errorFromResponse(res.status, payload);
    if (endSessionOnAuthError && SESSION_ENDING_CODES.has(error.code)) sessionEndedHandler?.(error.code);
    throw error;
  }
  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(UNKNOWN_ERROR, null, res.status);
  }
  return parsed.data;
}
