/**
 * The DICOM JSON built from dicom-parser's elements equals dcmjs's, over varied files: Debian
 * python3-pydicom's samples (explicit/implicit VR, big endian, sequences, private and nested
 * private sequences, UN, multi-frame, RLE/JPEG/JPEG-LS/JPEG 2000, SR, RT, waveform, meta
 * without group length) and files made here then converted by dcmtk (implicit, big endian,
 * deflated, JPEG), with UTF-8, Latin-1 and ISO 2022 text.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as dicomParser from 'dicom-parser';
import { findDcmtk } from '../scripts/tools';
import { makeInstance, makeUltrasoundCine, newUid } from '../test/support/dicom-files';
import { pydicomTestFiles } from '../test/support/pydicom-samples';
import { metadataByDcmjs, parseHead } from './dicom-header';
import { parseP10 } from './p10-parse';
import { dicomJsonFromParsed } from './dicom-json-parsed';

jest.setTimeout(60_000);

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-json-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Outcome = { kind: 'parsed' } | { kind: 'dcmjs' } | { kind: 'unreadable' };

/** Both readings of one file; asserts they are equal when both read it. */
function compare(name: string, bytes: Buffer): Outcome {
  let ds: dicomParser.DataSet;
  try {
    ds = parseP10(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return { kind: 'unreadable' };
  }
  const ts = ds.string('x00020010')?.trim() ?? '';
  let expected: unknown;
  try {
    expected = metadataByDcmjs(bytes, ds, ts);
  } catch {
    // dcmjs refuses it (the upload is refused): the parsed reading must not be used instead.
    expect({ name, parsed: dicomJsonFromParsed(ds, ts) === null || usesExtensions(ds) }).toEqual({ name, parsed: true });
    return { kind: 'unreadable' };
  }
  const parsed = usesExtensions(ds) ? null : dicomJsonFromParsed(ds, ts);
  if (parsed === null) return { kind: 'dcmjs' };
  expect({ name, json: parsed }).toEqual({ name, json: expected });
  // What parseHead stores is the same too (when it takes the file: some samples lack a UID).
  let stored: unknown = expected;
  try {
    stored = parseHead(bytes, bytes.length, bytes.subarray(bytes.length - 8)).metadata;
  } catch (err) {
    expect(err).toMatchObject({ reason: 'MISSING_UID' });
  }
  expect({ name, json: stored }).toEqual({ name, json: expected });
  return { kind: 'parsed' };
}

function usesExtensions(ds: dicomParser.DataSet): boolean {
  const sets = (ds.string('x00080005') ?? '').split('\\');
  return sets.length > 1 || sets.some((s) => s.trim().startsWith('ISO 2022'));
}

it("equals dcmjs's over python3-pydicom's sample files", () => {
  const root = pydicomTestFiles();
  const outcomes: Record<string, Outcome['kind']> = {};
  for (const file of fs.readdirSync(root).filter((f) => f.endsWith('.dcm'))) {
    outcomes[file] = compare(file, fs.readFileSync(path.join(root, file))).kind;
  }
  // The common shapes are read from dicom-parser's elements, not left to dcmjs.
  for (const file of [
    'CT_small.dcm',
    'MR_small.dcm',
    'MR_small_implicit.dcm',
    'MR_small_bigendian.dcm',
    'MR_small_RLE.dcm',
    'MR_small_jpeg_ls_lossless.dcm',
    'JPEG2000.dcm',
    'SC_rgb_rle_2frame.dcm',
    'rtplan.dcm',
    'test-SR.dcm',
    'priv_SQ.dcm',
    'no_meta_group_length.dcm',
  ]) {
    expect({ file, outcome: outcomes[file] }).toEqual({ file, outcome: 'parsed' });
  }
  const notParsed = (kind: Outcome['kind']) =>
    Object.entries(outcomes)
      .filter(([, k]) => k === kind)
      .map(([f]) => f)
      .sort();
  // Left to dcmjs: a deflated data set, and explicit UN elements of tags dcmjs's dictionary
  // knows (dcmjs reads them again with that VR: the RLE RT doses carry every element as UN,
  // the JPEG 2000 file private creators as UN).
  expect(notParsed('dcmjs')).toEqual(['J2K_pixelrep_mismatch.dcm', 'image_dfl.dcm', 'rtdose_rle.dcm', 'rtdose_rle_1frame.dcm']);
  // Refused before or by dcmjs (no meta, truncated, broken sequences…): refused as before,
  // since the parsed reading declines what dcmjs refuses (asserted in compare).
  expect(notParsed('unreadable')).toEqual([
    'ExplVR_BigEndNoMeta.dcm',
    'ExplVR_LitEndNoMeta.dcm',
    'MR_truncated.dcm',
    'SC_rgb_jpeg.dcm',
    'UN_sequence.dcm',
    'meta_missing_tsyntax.dcm',
    'nested_priv_SQ.dcm',
    'no_meta.dcm',
    'rtplan_truncated.dcm',
    'rtstruct.dcm',
  ]);
  expect(notParsed('parsed').length).toBe(54);
});

describe('files made here, converted by dcmtk', () => {
  const original = (charset: string | string[], patientName: string, description: string) =>
    makeInstance({
      studyUid: newUid(),
      seriesUid: newUid(),
      specificCharacterSet: charset,
      patientName,
      studyDescription: description,
      extra: {
        OtherPatientIDs: 'RIS-1\\RIS-2',
        ImagePositionPatient: ['-125.5', '-120', '33.25'],
        PixelSpacing: ['0.488281', '0.488281'],
        ImageType: ['ORIGINAL', 'PRIMARY', 'AXIAL'],
        ProcedureCodeSequence: [{ CodeValue: 'TC01', CodingSchemeDesignator: 'LOCAL', CodeMeaning: 'Tomografia' }],
        ReferencedImageSequence: [],
      },
    });
  const convert = (tool: string, args: string[], bytes: Buffer): Buffer => {
    const input = path.join(dir, `${newUid()}.dcm`);
    const out = `${input}.out`;
    fs.writeFileSync(input, bytes);
    execFileSync(findDcmtk(tool), [...args, input, out], { stdio: 'pipe' });
    return fs.readFileSync(out);
  };

  it.each([
    ['UTF-8', 'ISO_IR 192', 'Conceição^Maria', 'TC de crânio'],
    ['Latin-1', 'ISO_IR 100', 'Conceição^Maria', 'TC de crânio'],
    ['no character set', '', 'Silva^Jose', 'TC de cranio'],
  ])('%s: explicit, implicit and big endian read from the parsed elements', (_what, charset, name, description) => {
    const explicit = original(charset, name, description);
    const implicit = convert('dcmconv', ['+ti'], explicit);
    const bigEndian = convert('dcmconv', ['+tb'], explicit);
    const jpeg = convert('dcmcjpeg', ['+el'], explicit);
    for (const [label, bytes] of [
      ['explicit', explicit],
      ['implicit', implicit],
      ['big endian', bigEndian],
      ['JPEG lossless', jpeg],
    ] as const) {
      expect({ label, outcome: compare(label, bytes).kind }).toEqual({ label, outcome: 'parsed' });
    }
  });

  it('leaves a deflated data set and one with ISO 2022 code extensions to dcmjs', () => {
    const deflated = convert('dcmconv', ['+td'], original('ISO_IR 192', 'Silva^Ana', 'TC'));
    expect(compare('deflated', deflated).kind).toBe('dcmjs');
    const japanese = makeInstance({
      studyUid: newUid(),
      seriesUid: newUid(),
      specificCharacterSet: ['', 'ISO 2022 IR 87'],
      patientName: 'Yamada^Tarou=\x1b$B;3ED\x1b(B^\x1b$BB@O:\x1b(B',
      studyDescription: 'CT',
    });
    expect(compare('ISO 2022', japanese).kind).toBe('dcmjs');
  });

  it('a multi-frame cine is read from the parsed elements', () => {
    const cine = makeUltrasoundCine({ frames: 4, rows: 32, columns: 48, patientName: 'Cine^Teste' });
    expect(compare('cine', cine.file).kind).toBe('parsed');
  });

  it("decodes text in sequence items with the data set's character set, where dcmjs uses windows-1252", () => {
    // The one deliberate difference (see dicom-json-parsed.ts): a UTF-8 CodeMeaning in an item.
    const bytes = makeInstance({
      studyUid: newUid(),
      seriesUid: newUid(),
      extra: { ProcedureCodeSequence: [{ CodeValue: 'TC01', CodingSchemeDesignator: 'LOCAL', CodeMeaning: 'TC de crânio' }] },
    });
    const ds = dicomParser.parseDicom(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const meaning = (json: Record<string, { Value?: unknown[] }>) =>
      (json['00081032']!.Value![0] as Record<string, { Value?: unknown[] }>)['00080104']!.Value![0];
    expect(meaning(dicomJsonFromParsed(ds, '1.2.840.10008.1.2.1')!)).toBe('TC de crânio');
    expect(meaning(metadataByDcmjs(bytes, ds, '1.2.840.10008.1.2.1'))).toBe('TC de crÃ¢nio');
  });
});
