import { AppError } from '../errors';

/**
 * The opaque keyset cursor of the lists (studies, users, administration lists, notifications,
 * overdue studies): the last row's sort key and id, as base64url JSON. The client only hands it
 * back; anything that is not one of ours is MALFORMED_REQUEST.
 */
export interface Cursor {
  /** The sort key: text, or an ISO timestamp for `kind: 'time'`. */
  k: string;
  id: string;
}

export function encodeCursor(k: string, id: string): string {
  return Buffer.from(JSON.stringify({ k, id })).toString('base64url');
}

export function decodeCursor(raw: string, kind: 'text' | 'time' = 'text'): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    const keyOk = typeof c.k === 'string' && (kind === 'text' || !Number.isNaN(Date.parse(c.k)));
    if (keyOk && typeof c.id === 'string' && /^[0-9a-f-]{36}$/i.test(c.id)) return { k: c.k!, id: c.id };
  } catch {
    // fall through
  }
  throw new AppError('MALFORMED_REQUEST');
}
