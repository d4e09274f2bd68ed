import { describe, expect, it } from '@jest/globals';
import { parseLiveDocument, SeqTracker, topicMatches } from './live-core';

const doc = {
  studyId: '6f1c2a52-8f0e-4f51-9d1e-0c7d1f3b2a10',
  laudoId: '0a3e7a5e-5a87-4d0e-a8a1-6e2b1d7c9f21',
  accountId: '3b241101-e2bb-4255-8caf-4136c566a962',
  institutionId: '9b2d5c0e-1f3a-4e6b-8d7c-2a1b0c9d8e7f',
  laudoState: 1,
  laudoUserId: '1d8e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  doctorName: 'Dra. Ana',
  laudoReviewUserId: null,
  structuredType: '',
  narratedReport: false,
  statusFinding: null,
  levelAndNameCriticalFinding: null,
  seq: 3,
  updatedAt: '2025-01-01T12:00:00.000Z',
};

describe('topicMatches', () => {
  const filter = 'laudos/accounts/a/institutions/i/studies/+';
  it('matches one level with +', () => {
    expect(topicMatches(filter, 'laudos/accounts/a/institutions/i/studies/s1')).toBe(true);
    expect(topicMatches(filter, 'laudos/accounts/a/institutions/j/studies/s1')).toBe(false);
    expect(topicMatches(filter, 'laudos/accounts/a/institutions/i/studies')).toBe(false);
    expect(topicMatches(filter, 'laudos/accounts/a/institutions/i/studies/s1/x')).toBe(false);
  });
  it('matches the rest with # and exact topics', () => {
    expect(topicMatches('laudos/#', 'laudos/accounts/a')).toBe(true);
    expect(topicMatches('a/b', 'a/b')).toBe(true);
    expect(topicMatches('a/b', 'a/c')).toBe(false);
  });
});

describe('parseLiveDocument', () => {
  it('accepts a valid document from bytes or text', () => {
    expect(parseLiveDocument(JSON.stringify(doc))?.laudoState).toBe(1);
    expect(parseLiveDocument(new TextEncoder().encode(JSON.stringify(doc)))?.seq).toBe(3);
  });
  it('drops invalid JSON and invalid shapes', () => {
    expect(parseLiveDocument('{not json')).toBeNull();
    expect(parseLiveDocument(JSON.stringify({ ...doc, laudoState: 'x' }))).toBeNull();
    expect(parseLiveDocument(JSON.stringify({ ...doc, studyId: undefined }))).toBeNull();
  });
});

describe('SeqTracker', () => {
  const doc = (studyId: string, seq: number, laudoId = 'l1', updatedAt = '2026-11-22T10:00:00.000Z') => ({
    studyId,
    seq,
    laudoId,
    updatedAt,
  });
  it('refuses a document older than the one applied for the same study', () => {
    const seqs = new SeqTracker();
    expect(seqs.accept(doc('s1', 5))).toBe(true);
    expect(seqs.accept(doc('s1', 4))).toBe(false);
    expect(seqs.accept(doc('s1', 5))).toBe(true);
    expect(seqs.accept(doc('s1', 6))).toBe(true);
    expect(seqs.accept(doc('s2', 1))).toBe(true);
  });
  it('orders by time when the study moved to another report (its seq starts again)', () => {
    const seqs = new SeqTracker();
    expect(seqs.accept(doc('s1', 7, 'l1', '2026-11-22T10:00:00.000Z'))).toBe(true);
    expect(seqs.accept(doc('s1', 0, 'l2', '2026-11-22T10:00:01.000Z'))).toBe(true);
    expect(seqs.accept(doc('s1', 8, 'l1', '2026-11-22T09:59:59.000Z'))).toBe(false);
  });
  it('forgets everything on clear', () => {
    const seqs = new SeqTracker();
    seqs.accept(doc('s1', 9));
    seqs.clear();
    expect(seqs.accept(doc('s1', 1))).toBe(true);
  });
});
