import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDocumentTools } from '../../scripts/tools';
import { pdfText, qpdfCheck, renderPage, tempFile } from '../testing/pdf-tools';
import { sampleReport } from '../testing/sample-report';
import { type TestPki, makeTestPki, pdfsig } from '../testing/test-pki';
import { type A1Error, readA1 } from './a1-certificate';
import { renderSignedReport } from './sign-pdf';
import { type TrustAnchors, loadTrustAnchors } from './trust';

let pki: TestPki;
let anchors: TrustAnchors;
let signed: Buffer;
let signedFile: string;

/** The CMS of a signed PDF, dumped by pdfsig, and the bytes its ByteRange covers. */
function cmsOf(pdf: Buffer): { cms: string; content: string } {
  const file = tempFile(pdf, 'signed.pdf');
  const dir = path.dirname(file);
  execFileSync('pdfsig', ['-nssdir', pki.nssDir, '-dump', file], { cwd: dir, stdio: 'pipe' });
  const dumped = fs.readdirSync(dir).find((f) => f.endsWith('.sig0'));
  expect(dumped).toBeDefined();
  const m = pdf.toString('latin1').match(/\/ByteRange \[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/)!;
  const [a, b, c, d] = m.slice(1).map(Number) as [number, number, number, number];
  const content = tempFile(Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]), 'content.bin');
  return { cms: path.join(dir, dumped!), content };
}

const sign = (p12: Buffer, userCpf: string | null = pki.cpf, signedAt?: Date) =>
  renderSignedReport({
    document: sampleReport(),
    a1: readA1(p12, pki.password),
    anchors,
    userCpf,
    verificationCode: 'X',
    verifyUrl: 'http://localhost/verify/X',
    signedAt,
  });

beforeAll(async () => {
  ensureDocumentTools();
  pki = makeTestPki();
  anchors = loadTrustAnchors(pki.anchors);
  signed = await renderSignedReport({
    document: sampleReport({
      signers: [{ name: 'Dr. João Silva', role: 'executor', council: { type: 'CRM', number: '123456', uf: 'SP' } }],
    }),
    a1: readA1(pki.p12, pki.password),
    anchors,
    userCpf: pki.cpf,
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
  expect(out).toContain(`Signer Certificate Common Name: Dr. João Silva:${pki.cpf}`);
  expect(qpdfCheck(signed)).toMatchObject({ ok: true });
  const text = pdfText(signed);
  expect(text).toContain('Assinado digitalmente por Dr. João Silva');
  expect(text).not.toContain(`por Dr. João Silva:${pki.cpf}`);
  expect(text).toContain('CRM 123456/SP');
  expect(text).toContain('ICP-Brasil PAdES AD-RB');
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
  const { cms, content } = cmsOf(signed);
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
  expect(der).toContain(
    '300b0609608648016503040201' + '0420' + '23e4be4b9b362172e4ebb0e72b86a133ece5aad843d8651c6e38a0ba3f08fc60',
  );
  expect(der).not.toContain('23da544aef71f7a75dc85fa6e17a83875741e4baef41ec178258a5c86ace54dd');
});

it('refuses a wrong password and an unreadable file', () => {
  expect(() => readA1(pki.p12, 'errada')).toThrow(expect.objectContaining({ problem: 'password' }) as A1Error);
  expect(() => readA1(Buffer.from('not a p12'), 'x')).toThrow(expect.objectContaining({ problem: 'format' }) as A1Error);
});

// Issue 12: every certificate used to sign; each of these now refuses with its own problem.
it.each([
  ['an expired certificate', () => pki.expiredP12, 'expired'],
  ['a certificate not yet valid', () => pki.notYetValidP12, 'notYetValid'],
  ['a key that may not sign (keyEncipherment only)', () => pki.wrongKeyUsageP12, 'keyUsage'],
  ['a self-signed certificate', () => pki.selfSignedP12, 'untrusted'],
  ['a chain to a root nobody configured', () => pki.untrustedP12, 'untrusted'],
  ["another person's certificate (another CPF)", () => pki.secondDoctor.p12, 'holderMismatch'],
  ['a certificate without the ICP-Brasil CPF', () => pki.noCpfP12, 'holderMismatch'],
])('refuses %s', async (_what, p12, problem) => {
  await expect(sign(p12())).rejects.toMatchObject({ problem });
});

it('refuses any certificate for a user without a CPF, and checks validity at the signing time', async () => {
  await expect(sign(pki.p12, null)).rejects.toMatchObject({ problem: 'holderCpfMissing' });
  await expect(sign(pki.p12, pki.cpf, new Date('2099-01-01T00:00:00Z'))).rejects.toMatchObject({ problem: 'expired' });
  // Valid itself in 2099, but its CAs are not then: the chain is checked at the signing time too.
  await expect(sign(pki.notYetValidP12, pki.cpf, new Date('2099-06-01T00:00:00Z'))).rejects.toMatchObject({
    problem: 'untrusted',
  });
});

it('signs a chain to another trusted anchor without claiming the ICP-Brasil policy', async () => {
  const pdf = await sign(pki.otherAnchorP12);
  const out = pdfsig(tempFile(pdf), pki.nssDir);
  expect(out).toContain('Signature Validation: Signature is Valid.');
  expect(out).toContain('Certificate Validation: Certificate is Trusted.');
  const { cms } = cmsOf(pdf);
  const printed = execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', cms], { encoding: 'utf8' });
  expect(printed).toMatch(/1\.2\.840\.113549\.1\.9\.16\.2\.47/);
  expect(printed).not.toContain('2.16.76.1.7.1.11.1.3');
  expect(printed).not.toContain('1.2.840.113549.1.9.16.2.15');
  const text = pdfText(pdf);
  expect(text).not.toContain('ICP-Brasil PAdES AD-RB');
  expect(text).toContain('PAdES');
});
