import { formatDateTime } from '../dates';
import { studyFolder } from '../download/zip-paths';
import { dicomDateRange, dicomDateTime, dicomTimezoneOffset } from './dicom-datetime';

// Issue 12: DA/TM are the modality's wall clock. Read as UTC they showed 3 h early in
// America/Sao_Paulo, and an exam at 01:30 fell on the day before.
describe('dicomDateTime', () => {
  it('reads DA/TM without an offset as São Paulo wall-clock time (01:30 stays 01:30, same day)', () => {
    const at = dicomDateTime('20261122', '013000')!;
    expect(at.toISOString()).toBe('2026-11-22T04:30:00.000Z');
    expect(formatDateTime(at, 'pt-BR')).toBe('22/11/2026 01:30:00');
    expect(dicomDateTime('20260102', '0930')?.toISOString()).toBe('2026-01-02T12:30:00.000Z');
    expect(dicomDateTime('20260102', '')?.toISOString()).toBe('2026-01-02T03:00:00.000Z');
  });

  it('keeps fractions and reads the old colon form', () => {
    expect(dicomDateTime('20261122', '013000.250')?.toISOString()).toBe('2026-11-22T04:30:00.250Z');
    expect(dicomDateTime('20261122', '01:30:05')?.toISOString()).toBe('2026-11-22T04:30:05.000Z');
  });

  it('applies TimezoneOffsetFromUTC when the header has it', () => {
    expect(dicomTimezoneOffset('-0300')).toBe(-180);
    expect(dicomTimezoneOffset('+0530')).toBe(330);
    expect(dicomTimezoneOffset('0300')).toBeNull();
    // 01:30 in Lisbon (+0000) is 22:30 of the day before in São Paulo.
    const lisbon = dicomDateTime('20261122', '013000', '+0000')!;
    expect(lisbon.toISOString()).toBe('2026-11-22T01:30:00.000Z');
    expect(formatDateTime(lisbon, 'pt-BR')).toBe('21/11/2026 22:30:00');
    // Manaus (-0400) at 01:30 is 02:30 in São Paulo.
    expect(formatDateTime(dicomDateTime('20261122', '013000', '-0400')!, 'pt-BR')).toBe('22/11/2026 02:30:00');
    // A malformed offset is ignored: the exam zone is used.
    expect(dicomDateTime('20261122', '013000', 'xx')?.toISOString()).toBe('2026-11-22T04:30:00.000Z');
  });

  it('refuses impossible dates', () => {
    expect(dicomDateTime('20261131', '')).toBeNull();
    expect(dicomDateTime('', '0130')).toBeNull();
  });
});

describe('StudyDate matching and the zip folder use the same day', () => {
  const exam = dicomDateTime('20261122', '013000')!;
  const inside = (r: { from?: Date; to?: Date } | null) => Boolean(r && (!r.from || exam >= r.from) && (!r.to || exam < r.to));

  it('QIDO StudyDate=20261122 finds an exam at 01:30 that day, and the day before does not', () => {
    expect(inside(dicomDateRange('20261122'))).toBe(true);
    expect(inside(dicomDateRange('20261121'))).toBe(false);
    expect(inside(dicomDateRange('20261122-'))).toBe(true);
    expect(inside(dicomDateRange('-20261121'))).toBe(false);
    expect(inside(dicomDateRange('20261101-20261122'))).toBe(true);
    expect(dicomDateRange('2026112')).toBeNull();
    expect(dicomDateRange('20261131')).toBeNull();
    // A range ending on the last day of a month runs to the next month's first midnight.
    expect(dicomDateRange('20261130')?.to?.toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });

  it('the zip date folder is the exam day in São Paulo', () => {
    const naming = { studyId: 's', patientId: null, patientName: null, accessionNumber: null, examDate: exam };
    expect(studyFolder(naming, { patientId: false, patientName: false, accessionNumber: false, date: true }, false)).toBe(
      '2026-11-22',
    );
    const late = dicomDateTime('20261122', '223000')!; // 01:30 UTC of the 23rd
    expect(
      studyFolder(
        { ...naming, examDate: late },
        { patientId: false, patientName: false, accessionNumber: false, date: true },
        false,
      ),
    ).toBe('2026-11-22');
  });
});
