import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeInstance, newUid } from '../test/support/dicom-files';
import { dicomDateTime, personName, readDicomFile } from './dicom-header';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-hdr-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}
const read = (file: string) => readDicomFile(file, fs.statSync(file).size);

it('reads patient, study, series and instance fields and the DICOM JSON header', async () => {
  const studyUid = newUid();
  const bytes = makeInstance({
    studyUid,
    seriesUid: newUid(),
    modality: 'MR',
    patientName: 'Silva^Maria',
    patientId: 'P77',
    accessionNumber: 'A1',
  });
  const h = await read(write('ok.dcm', bytes));
  expect(h).toMatchObject({
    studyUid,
    modality: 'MR',
    patientName: 'Maria Silva',
    patientId: 'P77',
    patientSex: 'F',
    patientBirthDate: '1980-05-12',
    accessionNumber: 'A1',
    studyDescription: 'TC de crânio',
    transferSyntaxUid: '1.2.840.10008.1.2.1',
    rows: 64,
    columns: 64,
    frames: 1,
  });
  // 10:15 on the modality's clock (no TimezoneOffsetFromUTC): 10:15 in São Paulo.
  expect(h.studyDate?.toISOString()).toBe('2026-11-20T13:15:00.000Z');
  expect(h.metadata['00100010']).toEqual({ vr: 'PN', Value: [{ Alphabetic: 'Silva^Maria' }] });
  expect(h.metadata['00020010']).toEqual({ vr: 'UI', Value: ['1.2.840.10008.1.2.1'] });
  expect(h.metadata['7FE00010']).toBeUndefined();
});

it.each([
  ['a text file', Buffer.from('not a dicom file at all'.repeat(20)), 'NOT_DICOM'],
  ['a truncated file', makeInstance({ studyUid: newUid(), seriesUid: newUid() }).subarray(0, 3000), 'TRUNCATED'],
  [
    'a file without StudyInstanceUID',
    makeInstance({ studyUid: newUid(), seriesUid: newUid(), omit: ['StudyInstanceUID'] }),
    'MISSING_UID',
  ],
  ['a file with a bad SOPInstanceUID', makeInstance({ studyUid: newUid(), seriesUid: newUid(), sopUid: 'abc.1' }), 'MISSING_UID'],
])('refuses %s', async (_what, bytes, reason) => {
  await expect(read(write(`bad-${reason}.dcm`, bytes))).rejects.toMatchObject({ reason });
});

it('formats names and dates', () => {
  expect(personName('Silva^Maria^Aparecida^Dra.')).toBe('Maria Aparecida Silva');
  expect(personName('JOSE DA SILVA')).toBe('JOSE DA SILVA');
  expect(dicomDateTime('20261131', '')).toBeNull();
  expect(dicomDateTime('20260102', '0930')?.toISOString()).toBe('2026-01-02T12:30:00.000Z');
});
