import { describe, expect, it } from '@jest/globals';
import { liveDoc, reportView, studyItem } from '../../test/fixtures';
import type { StudyDetail } from './api';
import { applyLiveDocToDetail, applyReportToDetail } from './live-cache';

const detail: StudyDetail = { ...studyItem(), scheduledAt: null, report: reportView() };
const doc = liveDoc;

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
