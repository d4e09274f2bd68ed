import { describe, expect, it } from '@jest/globals';
import type { StudyListResponse } from '../../../../domain/studies/schemas';
import type { LiveStudyDocument } from '../../lib/live-core';
import { liveDoc, studyItem } from '../../test/fixtures';
import { applyLiveDocToList } from './live-cache';
import { readListParams, writeListParams } from './list-params';

const study = (id: string, laudoState = 0) =>
  studyItem({ id, accessionNumber: null, modalities: ['CT'], examType: null, examDate: null, laudoId: `l-${id}`, laudoState });
const page: StudyListResponse = { studies: [study('s1'), study('s2')], total: 2, page: 1, pageSize: 25 };
const doc = (over: Partial<LiveStudyDocument>) => liveDoc({ laudoId: 'l-s1', ...over });

describe('applyLiveDocToList', () => {
  it('updates the matching row only', () => {
    const next = applyLiveDocToList(page, doc({}));
    expect(next?.studies[0]).toMatchObject({ laudoState: 1, laudoUserId: 'u1', doctorName: 'Dr. José' });
    expect(next?.studies[1]).toBe(page.studies[1]);
  });
  it('keeps the same object when nothing changes or the study is not on the page', () => {
    expect(applyLiveDocToList(page, doc({ studyId: 'other' }))).toBe(page);
    expect(applyLiveDocToList(page, doc({ laudoState: 0, laudoUserId: null, doctorName: null }))).toBe(page);
    expect(applyLiveDocToList(undefined, doc({}))).toBeUndefined();
  });
});

describe('applyLiveDocToList badges', () => {
  it('shows the finding the document carries, and clears it when the document has none', () => {
    const withFinding = applyLiveDocToList(
      page,
      doc({ findingStatus: 'SUSPICION_CREATED', statusFinding: 'Suspeita criada', levelAndNameCriticalFinding: 'Nível 1 - X' }),
    );
    expect(withFinding?.studies[0]?.criticalFinding).toEqual({ status: 'SUSPICION_CREATED', levelAndName: 'Nível 1 - X' });
    const cleared = applyLiveDocToList(withFinding, doc({ findingStatus: null }));
    expect(cleared?.studies[0]?.criticalFinding).toBeNull();
  });
  it('counts new comments as unread', () => {
    const first = applyLiveDocToList(page, doc({ commentCount: 2 }));
    expect(first?.studies[0]).toMatchObject({ commentCount: 2, unreadComments: 2 });
    const again = applyLiveDocToList(first, doc({ commentCount: 2 }));
    expect(again).toBe(first);
    expect(applyLiveDocToList(first, doc({ commentCount: 3 }))?.studies[0]).toMatchObject({ unreadComments: 3 });
    const mine = applyLiveDocToList(first, doc({ commentCount: 3, lastCommentUserId: 'me' }), 'me');
    expect(mine?.studies[0]).toMatchObject({ commentCount: 3, unreadComments: 2 });
  });
});

describe('list params', () => {
  it('reads page and page size with defaults', () => {
    expect(readListParams(new URLSearchParams(''))).toEqual({ page: 1, pageSize: 25 });
    expect(readListParams(new URLSearchParams('page=3&pageSize=100'))).toEqual({ page: 3, pageSize: 100 });
    expect(readListParams(new URLSearchParams('page=-1&pageSize=7'))).toEqual({ page: 1, pageSize: 25 });
  });
  it('writes only what differs from the defaults', () => {
    expect(writeListParams({ page: 1, pageSize: 25 }).toString()).toBe('');
    expect(writeListParams({ page: 2, pageSize: 10 }).toString()).toBe('page=2&pageSize=10');
  });
});

describe('applyLiveDocToList study maintenance (issue 16)', () => {
  it('shows the exam status the document carries', () => {
    const next = applyLiveDocToList(page, doc({ examStatus: 'CALL_PATIENT' }));
    expect(next?.studies[0]?.examStatus).toBe('CALL_PATIENT');
    expect(applyLiveDocToList(next, doc({ examStatus: 'CALL_PATIENT' }))).toBe(next);
  });
  it('drops a study invalidated or merged into another, and only that one', () => {
    const next = applyLiveDocToList(page, doc({ unlisted: true }));
    expect(next?.studies.map((s) => s.id)).toEqual(['s2']);
    expect(next?.total).toBe(1);
    expect(applyLiveDocToList(page, doc({ studyId: 'other', unlisted: true }))).toBe(page);
  });
});
