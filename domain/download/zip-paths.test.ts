import { joinPath, safeSegment, studyFolder } from './zip-paths';

const study = {
  studyId: '3f1c2e4a-0000-4000-8000-000000000001',
  patientId: 'P/12:3',
  patientName: 'Conceição^Inês',
  accessionNumber: null,
  examDate: new Date('2026-10-15T12:00:00Z'),
};
const none = { patientId: false, patientName: false, accessionNumber: false, date: false };

it('makes segments safe: no separators or reserved characters, accents kept, never empty or dots', () => {
  expect(safeSegment('P/12:3', 'x')).toBe('P_12_3');
  expect(safeSegment('Conceição^Inês', 'x')).toBe('Conceição Inês');
  expect(safeSegment('..', 'x')).toBe('x');
  expect(safeSegment('  ', 'x')).toBe('x');
  expect(safeSegment(null, 'x')).toBe('x');
  expect(safeSegment('a\u0000b', 'x')).toBe('a_b');
});

it('nests the chosen subfolders in the fixed order, with a placeholder for a missing value', () => {
  expect(studyFolder(study, { patientId: true, patientName: true, accessionNumber: true, date: true }, false)).toBe(
    'P_12_3/Conceição Inês/sem-accession/2026-10-15',
  );
  expect(studyFolder(study, { ...none, date: true }, false)).toBe('2026-10-15');
});

it('gives each study its own folder when several are zipped without subfolders', () => {
  expect(studyFolder(study, none, false)).toBe('');
  expect(studyFolder(study, none, true)).toBe(study.studyId);
  expect(joinPath('', 'DICOM', 'a.dcm')).toBe('DICOM/a.dcm');
});
