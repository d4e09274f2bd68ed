import { z } from 'zod';
import { ViewerStudy } from '../../../../domain/imaging/viewer';
import { apiRequest } from '../../lib/api';
import { getToken } from '../../lib/token';

export const viewerKeys = {
  study: (id: string, mode: string) => ['viewer', 'study', id, mode] as const,
  tags: (id: string) => ['viewer', 'tags', id] as const,
};

export function fetchViewerStudy(id: string, mode: string, signal?: AbortSignal) {
  return apiRequest(`/studies/${encodeURIComponent(id)}/viewer?viewerType=${mode}`, { schema: ViewerStudy, signal });
}

const Tags = z.array(z.object({ code: z.string(), Name: z.string(), Value: z.string() }));
export function fetchTags(id: string, signal?: AbortSignal) {
  return apiRequest(`/studies/${encodeURIComponent(id)}/tags`, { schema: Tags, signal });
}

/** A /dicomweb URL an <img> can load: the token goes in the query (no headers there). */
export function withToken(url: string, params: Record<string, string> = {}): string {
  const q = new URLSearchParams({ ...params, token: getToken() ?? '' });
  return `${url}?${q.toString()}`;
}
