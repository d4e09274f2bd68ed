/** Modalities, exams (and their import) and routines of the current account (issue 16). */
import { z } from 'zod';
import {
  ExamImportResult,
  Exam,
  Modality,
  Routine,
  type ExamBody,
  type ModalityBody,
  type RoutineBody,
} from '../../../../domain/catalog/schemas';
import { apiRequest } from '../../lib/api';

export type { Exam, ExamImportResult, Modality, Routine };
export type RoutineInput = RoutineBody;

export const catalogKeys = {
  modalities: ['catalog', 'modalities'] as const,
  exams: ['catalog', 'exams'] as const,
  routines: ['catalog', 'routines'] as const,
};

export const fetchModalities = (signal?: AbortSignal) =>
  apiRequest('/modalities', { schema: z.object({ modalities: z.array(Modality) }), signal }).then((a) => a.modalities);
export const saveModality = (id: string | null, input: ModalityBody) =>
  apiRequest(id ? `/modalities/${id}` : '/modalities', { method: id ? 'PUT' : 'POST', body: input });
export const deleteModality = (id: string) => apiRequest(`/modalities/${id}`, { method: 'DELETE' });

export const fetchExams = (signal?: AbortSignal) =>
  apiRequest('/exams', { schema: z.object({ exams: z.array(Exam) }), signal }).then((a) => a.exams);
export const saveExam = (id: string | null, input: ExamBody) =>
  apiRequest(id ? `/exams/${id}` : '/exams', { method: id ? 'PUT' : 'POST', body: input });
export const deleteExam = (id: string) => apiRequest(`/exams/${id}`, { method: 'DELETE' });

/** Sends the file as it is: `commit` false answers the preview, true imports. */
export const importExams = (file: File, commit: boolean) =>
  apiRequest(`/exams/import${commit ? '' : '/preview'}?filename=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    rawBody: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    schema: ExamImportResult,
  });

export const fetchRoutines = (signal?: AbortSignal) =>
  apiRequest('/routines', { schema: z.object({ routines: z.array(Routine) }), signal }).then((a) => a.routines);
export const saveRoutine = (id: string | null, input: RoutineInput) =>
  apiRequest(id ? `/routines/${id}` : '/routines', { method: id ? 'PUT' : 'POST', body: input });
export const deleteRoutine = (id: string) => apiRequest(`/routines/${id}`, { method: 'DELETE' });

export const setStudyRoutine = (studyId: string, routineId: string) =>
  apiRequest(`/studies/${studyId}/routine`, { method: 'PUT', body: { routineId } });
