/** Builders of API shapes for the web's tests (one place, so a schema change is one edit). */
import type { ReportView, StudyListItem } from '../../../domain/studies/schemas';
import type { LiveStudyDocument } from '../lib/live-core';

export function liveDoc(over: Partial<LiveStudyDocument> = {}): LiveStudyDocument {
  return {
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
  };
}

export function reportView(over: Partial<ReportView> = {}): ReportView {
  return {
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
    ...over,
  };
}

export function studyItem(over: Partial<StudyListItem> = {}): StudyListItem {
  return {
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
    ...over,
  };
}
