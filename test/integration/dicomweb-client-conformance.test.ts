/**
 * DICOMweb conformance as an outside client sees it: dicomweb-client (PyPI) runs
 * test/conformance/dicomweb_client_conformance.py against the platform — STOW-RS (Japanese
 * names included), QIDO-RS at every level with matching keys, includefield, fuzzy matching
 * and 400 refusals, WADO-RS transfer-syntax negotiation (uncompressed, as stored, 406),
 * frames, BulkDataURI metadata and bulk data, rendered — and compressed files made here by
 * dcmtk and GDCM, asked for uncompressed. Every check must be reported passed.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDicomwebClient, findDcmtk, findGdcmconv } from '../../scripts/tools';
import { makeInstance, newUid } from '../support/dicom-files';
import { createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(180_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.2' } });
const SCRIPT = path.resolve(__dirname, '..', 'conformance', 'dicomweb_client_conformance.py');

const CHECKS = [
  'STOW-RS stores instances and lists them in ReferencedSOPSequence',
  'STOW-RS accepts ISO 2022 IR 87 (Japanese) names',
  'QIDO-RS studies: standard matching keys are applied',
  'QIDO-RS: fuzzymatching makes names accent-insensitive',
  'QIDO-RS: includefield by keyword and all',
  "QIDO-RS: all series, all instances and a study's instances",
  'QIDO-RS: keys the server does not apply are refused with 400',
  "WADO-RS: Explicit VR Little Endian asked (or application/dicom's default) decodes an RLE instance",
  "WADO-RS: transfer-syntax=* (retrieve_instance's default) gives the instance as stored",
  'WADO-RS: a transfer syntax that cannot be served answers 406',
  'WADO-RS: frames uncompressed on request, as stored with transfer-syntax=*',
  'WADO-RS: JPEG-LS, JPEG lossless and JPEG 2000 files (dcmtk, GDCM) come back Explicit VR Little Endian with the same pixels',
  'WADO-RS: a bare Accept: application/dicom gives one instance single-part; at a series, 406',
  'WADO-RS metadata carries BulkDataURI, which retrieve_bulkdata serves',
  'WADO-RS rendered: instance, frame and series',
];

function run(python: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, [SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Multi-frame originals and their compressed copies (JPEG lossless SV1, JPEG-LS, JPEG 2000) for the script. */
function compressedFiles(dir: string): void {
  const tools: [string, string[]][] = [
    [findDcmtk('dcmcjpeg'), ['+e1']],
    [findDcmtk('dcmcjpls'), ['+el']],
    [findGdcmconv(), ['--j2k']],
  ];
  const studyUid = newUid();
  for (const [i, [tool, args]] of tools.entries()) {
    const original = path.join(dir, `original-${i}.dcm`);
    fs.writeFileSync(
      original,
      makeInstance({ studyUid, seriesUid: newUid(), patientId: 'CONF-PY-TS', frames: 2, rows: 24, columns: 40 }),
    );
    execFileSync(tool, [...args, original, path.join(dir, `compressed-${i}.dcm`)]);
  }
}

it('passes every dicomweb-client conformance check', async () => {
  const python = ensureDicomwebClient();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-dicomweb-client-'));
  compressedFiles(dir);
  const t = await createTenant(suite.knex, { studies: 0, users: { doctor: ['STUDIES_UPLOAD_DICOM'] } });
  const token = await login(suite.api, t.users.doctor!.username);
  let result: Awaited<ReturnType<typeof run>>;
  try {
    result = await run(python, [suite.platform.url, token, dir]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const { code, stdout, stderr } = result;
  const last = stdout.trim().split('\n').pop() ?? '';
  let report: { passed: string[]; failed: { check: string; error: string; trace: string }[] };
  try {
    report = JSON.parse(last);
  } catch {
    throw new Error(`the conformance script gave no report (exit ${code}):\n${stdout}\n${stderr}`);
  }
  expect(report.failed).toEqual([]);
  expect(report.passed.sort()).toEqual([...CHECKS].sort());
  expect(code).toBe(0);
});
