import { describe, expect, it } from '@jest/globals';
import type { LiveStudyDocument } from '../../lib/live-core';
import type { StudyDetail } from './api';
import { applyLiveDocToDetail, applyReportToDetail } from './live-cache';

const detail: StudyDetail = {
  id: 's1',
  patientName: 'Maria',
  patientId: 'P1',
  accessionNumber: 'A1',
  modalities: ['MR'],
  examType: 'RM crânio',
  examDate: '2025-01-01T10:00:00Z',
  institutionId: 'i',
  institutionName: 'Inst',
  laudoId: 'l1',
  laudoState: 0,
  laudoUserId: null,
  doctorName: null,
  report: {
    laudoId: 'l1',
    state: 0,
    version: 1,
    userId: null,
    doctorName: null,
    responsibleUserId: null,
    reviewUserId: null,
    opinionUserId: null,
    transcriptionistUserId: null,
    structuredType: '',
    studyIds: ['s1'],
    hasOldVersion: false,
    contentEmpty: true,
    updatedAt: null,
    allowedActions: ['start'],
  },
};
const doc = (over: Partial<LiveStudyDocument> = {}): LiveStudyDocument => ({
  studyId: 's1',
  laudoId: 'l1',
  accountId: 'a',
  institutionId: 'i',
  laudoState: 1,
  laudoUserId: 'u1',
  doctorName: 'Dr. José',
  laudoReviewUserId: null,
  structuredType: '',
  narratedReport: false,
  statusFinding: null,
  levelAndNameCriticalFinding: null,
  seq: 1,
  updatedAt: '2025-01-01T00:00:00Z',
  ...over,
});

describe('applyLiveDocToDetail', () => {
  it('applies a new state and asks for a refetch', () => {
    const { data, stateChanged } = applyLiveDocToDetail(detail, doc());
    expect(stateChanged).toBe(true);
    expect(data?.laudoState).toBe(1);
    expect(data?.report).toMatchObject({ state: 1, userId: 'u1', doctorName: 'Dr. José', allowedActions: ['start'] });
  });
  it('ignores another study and an unchanged document', () => {
    expect(applyLiveDocToDetail(detail, doc({ studyId: 's2' }))).toEqual({ data: detail, stateChanged: false });
    const same = doc({ laudoState: 0, laudoUserId: null, doctorName: null });
    expect(applyLiveDocToDetail(detail, same).data).toBe(detail);
  });
});

describe('applyReportToDetail', () => {
  it('takes the report answered by an action', () => {
    const report = { ...detail.report, state: 1, userId: 'u1', doctorName: 'Dr. José', allowedActions: [] };
    expect(applyReportToDetail(detail, report)).toMatchObject({ laudoState: 1, report: { allowedActions: [] } });
  });
});
