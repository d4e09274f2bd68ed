import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readHeader, writeStudy } from '../../test/support/connect-dicom-study';
import { IMPLEMENTATION_CLASS_UID, isDicomUid, part10Header } from './part10-header';

/** The data set of a Part-10 file: what a C-STORE carries, without preamble and meta group. */
function datasetOf(file: Buffer): Buffer {
  const groupLength = file.readUInt32LE(132 + 8);
  return file.subarray(132 + 12 + groupLength);
}

describe('part10Header', () => {
  it('makes a Part-10 file out of a received data set that a DICOM reader accepts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-p10-'));
    const [instance] = writeStudy(dir, [{ modality: 'CT', images: 1 }]);
    const original = fs.readFileSync(instance!.path);
    const header = part10Header({
      sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
      sopInstanceUid: instance!.sopInstanceUid,
      transferSyntaxUid: '1.2.840.10008.1.2.1',
      sourceAeTitle: 'MODALITY1',
    });
    const rebuilt = Buffer.concat([header, datasetOf(original)]);
    expect(rebuilt.subarray(128, 132).toString()).toBe('DICM');
    expect(readHeader(rebuilt)).toMatchObject({ sopInstanceUid: instance!.sopInstanceUid, modality: 'CT', rows: 64 });
    // Odd-length UIDs are padded with NUL, the AE title with a space.
    expect(header.includes(Buffer.from(IMPLEMENTATION_CLASS_UID + '\0'))).toBe(IMPLEMENTATION_CLASS_UID.length % 2 === 1);
    expect(header.includes(Buffer.from('MODALITY1 '))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('states the group length of the meta elements exactly', () => {
    const header = part10Header({ sopClassUid: '1.2', sopInstanceUid: '1.2.3', transferSyntaxUid: '1.2.840.10008.1.2' });
    expect(header.readUInt32LE(140)).toBe(header.length - 144);
  });
});

describe('isDicomUid', () => {
  it('accepts digits and dots up to 64 characters only', () => {
    expect(isDicomUid('1.2.840.10008.1.2')).toBe(true);
    expect(isDicomUid('2.25.' + '9'.repeat(59))).toBe(true);
    expect(isDicomUid('2.25.' + '9'.repeat(60))).toBe(false);
    for (const bad of ['', '1..2', '.1', '1.2.', '1.2.3a', '../x', '1/2']) expect(isDicomUid(bad)).toBe(false);
  });
});
