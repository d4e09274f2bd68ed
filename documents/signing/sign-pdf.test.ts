import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDocumentTools } from '../../scripts/tools';
import { pdfText, qpdfCheck, renderPage, tempFile } from '../testing/pdf-tools';
import { sampleReport } from '../testing/sample-report';
import { type TestPki, makeTestPki, pdfsig } from '../testing/test-pki';
import { type A1Error, readA1 } from './a1-certificate';
import { renderSignedReport } from './sign-pdf';

let pki: TestPki;
let signed: Buffer;
let signedFile: string;

beforeAll(async () => {
  ensureDocumentTools();
  pki = makeTestPki();
  signed = await renderSignedReport({
    document: sampleReport({ signers: [{ name: 'Dr. João Silva', role: 'executor' }] }),
    a1: readA1(pki.p12, pki.password),
    verificationCode: 'ABCD-EFGH-JKLM',
    verifyUrl: 'http://localhost:3000/verify/ABCD-EFGH-JKLM',
  });
  signedFile = tempFile(signed, 'signed.pdf');
}, 60_000);

afterAll(() => fs.rmSync(pki.dir, { recursive: true, force: true }));

it('produces a PAdES signature pdfsig finds valid, trusted and covering the whole file', () => {
  const out = pdfsig(signedFile, pki.nssDir);
  expect(out).toContain('Signature Type: ETSI.CAdES.detached');
  expect(out).toContain('Signature Validation: Signature is Valid.');
  expect(out).toContain('Signed Ranges:');
  expect(out).toContain('Total document signed');
  expect(out).toContain('Certificate Validation: Certificate is Trusted.');
  expect(out).toContain('Signer Certificate Common Name: Dr. João Silva:12345678900');
  expect(qpdfCheck(signed)).toMatchObject({ ok: true });
  const text = pdfText(signed);
  expect(text).toContain('Assinado digitalmente por Dr. João Silva');
  expect(text).not.toContain('por Dr. João Silva:12345678900');
  expect(text).toContain('Código de verificação: ABCD-EFGH-JKLM');
  expect(text).toContain('José Antônio da Conceição');
  renderPage(signed, 'signed-report-page-1');
});

it('is refused by pdfsig when one byte changes, and is no longer total when bytes are appended', () => {
  const changed = Buffer.from(signed);
  // One byte of the Creator string (signed, outside the /Contents hole): 'Laudos' → 'Laudas'.
  const at = changed.indexOf('(Laudos)');
  expect(at).toBeGreaterThan(0);
  changed[at + 5] = 'a'.charCodeAt(0);
  expect(pdfsig(tempFile(changed), pki.nssDir)).toContain('Digest Mismatch');
  const appended = Buffer.concat([signed, Buffer.from('\n%% appended\n')]);
  expect(pdfsig(tempFile(appended), pki.nssDir)).toContain('Not total document signed');
});

it('carries a CMS openssl verifies, with the four PAdES / ICP-Brasil signed attributes', () => {
  const dumpDir = path.dirname(signedFile);
  execFileSync('pdfsig', ['-nssdir', pki.nssDir, '-dump', signedFile], { cwd: dumpDir, stdio: 'pipe' });
  const dumped = fs.readdirSync(dumpDir).find((f) => f.endsWith('.sig0'));
  expect(dumped).toBeDefined();
  const cms = path.join(dumpDir, dumped!);
  // The signed content is the file minus the /Contents hole (ByteRange).
  const m = signed.toString('latin1').match(/\/ByteRange \[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/)!;
  const [a, b, c, d] = m.slice(1).map(Number) as [number, number, number, number];
  const content = tempFile(Buffer.concat([signed.subarray(a, a + b), signed.subarray(c, c + d)]), 'content.bin');
  const verify = spawnSync(
    'openssl',
    [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      cms,
      '-content',
      content,
      '-CAfile',
      pki.caPem,
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ],
    { encoding: 'utf8' },
  );
  expect(`${verify.stdout}${verify.stderr}`).toContain('Verification successful');
  const printed = execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', cms], { encoding: 'utf8' });
  expect(printed).toContain('object: contentType (1.2.840.113549.1.9.3)');
  expect(printed).toContain('object: messageDigest (1.2.840.113549.1.9.4)');
  expect(printed).toMatch(
    /object: (id-smime-aa-signingCertificateV2|signingCertificateV2) \(1\.2\.840\.113549\.1\.9\.16\.2\.47\)/,
  );
  expect(printed).toMatch(/object: (id-smime-aa-ets-sigPolicyId|[A-Za-z-]+) \(1\.2\.840\.113549\.1\.9\.16\.2\.15\)/);
  expect(printed).not.toContain('signingTime');
  expect(printed).toContain('2.16.76.1.7.1.11.1.3');
  // sigPolicyHash: SHA-256 with absent parameters, then the policy's internal signPolicyHash.
  const der = fs.readFileSync(cms).toString('hex');
  expect(der).toContain('300b0609608648016503040201' + '0420' + '23e4be4b9b362172e4ebb0e72b86a133ece5aad843d8651c6e38a0ba3f08fc60');
  expect(der).not.toContain('23da544aef71f7a75dc85fa6e17a83875741e4baef41ec178258a5c86ace54dd');
});

it('refuses a wrong password and an expired certificate', async () => {
  expect(() => readA1(pki.p12, 'errada')).toThrow(expect.objectContaining({ problem: 'password' }) as A1Error);
  expect(() => readA1(Buffer.from('not a p12'), 'x')).toThrow(expect.objectContaining({ problem: 'format' }) as A1Error);
  await expect(
    renderSignedReport({
      document: sampleReport(),
      a1: readA1(pki.expiredP12, pki.password),
      verificationCode: 'X',
      verifyUrl: 'http://localhost/verify/X',
    }),
  ).rejects.toMatchObject({ problem: 'expired' });
});
