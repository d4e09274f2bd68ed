import { type LiveOrder, LiveStudyDocument, isNotOlder } from '../../../domain/live/study-document';

export type { LiveStudyDocument };

/** MQTT topic-filter matching ('+' one level, '#' the rest). Pure. */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    const level = f[i];
    if (level === '#') return true;
    if (i >= t.length) return false;
    if (level !== '+' && level !== t[i]) return false;
  }
  return f.length === t.length;
}

/** A live payload as a validated document, or null (invalid JSON or shape: dropped). */
export function parseLiveDocument(payload: Uint8Array | string): LiveStudyDocument | null {
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : new TextDecoder().decode(payload));
  } catch {
    return null;
  }
  const parsed = LiveStudyDocument.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * Remembers the newest document applied per study and refuses older ones (domain's
 * `isNotOlder`: by seq within a report, by time across reports).
 */
export class SeqTracker {
  private readonly seen = new Map<string, LiveOrder>();

  accept(doc: Pick<LiveStudyDocument, 'studyId'> & LiveOrder): boolean {
    if (!isNotOlder(doc, this.seen.get(doc.studyId))) return false;
    this.seen.set(doc.studyId, { laudoId: doc.laudoId, seq: doc.seq, updatedAt: doc.updatedAt });
    return true;
  }

  clear(): void {
    this.seen.clear();
  }
}
