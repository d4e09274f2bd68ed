/**
 * Paths inside a study download zip: optional subfolders (patient id / name / accession /
 * date, in that order) then the kind of file. Segments are made safe for every unzip tool.
 */
import { zonedDay } from '../dates';

/** No separators, control characters or characters Windows refuses; never empty or dots only. */
export function safeSegment(s: string | null | undefined, fallback: string): string {
  const clean = (s ?? '')
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .replace(/\^/g, ' ')
    .trim()
    .slice(0, 100);
  return clean && !/^\.+$/.test(clean) ? clean : fallback;
}

/** Subfolders of a download, outermost first, in this fixed order: patient id / name / accession / date. */
export interface ZipFolders {
  patientId: boolean;
  patientName: boolean;
  accessionNumber: boolean;
  date: boolean;
}

export interface StudyNaming {
  studyId: string;
  patientId: string | null;
  patientName: string | null;
  accessionNumber: string | null;
  examDate: Date | null;
}

/** The exam's calendar day where it was made (America/Sao_Paulo), not the UTC day. */
const isoDate = (d: Date) => zonedDay(d);

/** The folder of one study; with no subfolder chosen, studies still get one each (by id). */
export function studyFolder(study: StudyNaming, folders: ZipFolders, manyStudies: boolean): string {
  const parts: string[] = [];
  if (folders.patientId) parts.push(safeSegment(study.patientId, 'sem-id'));
  if (folders.patientName) parts.push(safeSegment(study.patientName, 'sem-nome'));
  if (folders.accessionNumber) parts.push(safeSegment(study.accessionNumber, 'sem-accession'));
  if (folders.date) parts.push(study.examDate ? isoDate(study.examDate) : 'sem-data');
  if (parts.length === 0 && manyStudies) parts.push(study.studyId);
  return parts.join('/');
}

export const joinPath = (...parts: string[]) => parts.filter(Boolean).join('/');
