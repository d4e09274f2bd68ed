/**
 * A throw-away PKI made with openssl for the signature tests (never committed), shaped like
 * ICP-Brasil: a root ("AC Raiz Laudos Teste", configured in tests as an ICP-Brasil root), an
 * intermediate CA, and A1 leaves whose subjectAltName carries the otherName 2.16.76.1.3.1
 * (DOC-ICP-04: birth date ddmmaaaa, CPF 11, NIS 11, RG 15, RG issuer/UF 6). Beside the good
 * A1: a second doctor's, and the refusals' — expired, not yet valid, wrong key usage,
 * self-signed, chained to an untrusted root, without the CPF — plus one chained to another
 * trusted (non-ICP-Brasil) anchor, and an NSS trust store for pdfsig.
 *
 * The CAs come from test-cas.ts (the platform a test starts in the same process trusts them
 * through `testTrustAnchors()`); each `makeTestPki()` issues fresh leaves.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Ca, type TestAnchorDirs, issue, run, testCas } from './test-cas';

export interface TestA1 {
  p12: Buffer;
  /** The holder's name (without the CPF the CN appends). */
  name: string;
  cpf: string;
}

export interface TestPki {
  dir: string;
  /** The ICP-like root's PEM file (openssl -CAfile). */
  caPem: string;
  /** The valid A1 and its password (every file here uses the same password). */
  p12: Buffer;
  password: string;
  /** `sql:DIR` trust store holding the test roots, for `pdfsig -nssdir`. */
  nssDir: string;
  /** The certificate's CN: "NAME:CPF" as ICP-Brasil writes it. */
  signerName: string;
  /** The holder's name and CPF. */
  name: string;
  cpf: string;
  expiredP12: Buffer;
  notYetValidP12: Buffer;
  /** keyUsage keyEncipherment/dataEncipherment only: no digitalSignature nor nonRepudiation. */
  wrongKeyUsageP12: Buffer;
  /** Self-signed, with the right CPF. */
  selfSignedP12: Buffer;
  /** Issued by a root nobody configured, with the right CPF. */
  untrustedP12: Buffer;
  /** ICP-like chain without the otherName 2.16.76.1.3.1. */
  noCpfP12: Buffer;
  /** Chained to the other trusted anchor (signs without the ICP-Brasil policy), with the right CPF. */
  otherAnchorP12: Buffer;
  /** Another doctor (another CPF) with a good certificate of the same ICP-like chain. */
  secondDoctor: TestA1;
  anchors: TestAnchorDirs;
}

const PASSWORD = 'senha-do-A1';
/**
 * A random valid CPF (check digits right). Users' CPFs are unique, and the test files share one
 * database, so every test doctor gets its own.
 */
export function randomCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (d.every((x) => x === d[0])) d[0] = (d[0]! + 1) % 10;
  for (const n of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += d[i]! * (n + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

/** The otherName 2.16.76.1.3.1 value: 51 characters at fixed positions. */
export const icpPersonField = (cpf: string, birth = '17051980') => `${birth}${cpf}12345678901000000123456789SSP-SP`;

const LEAF_EXT = (keyUsage: string, san: string | null) =>
  [
    'basicConstraints=CA:FALSE',
    `keyUsage=critical,${keyUsage}`,
    'extendedKeyUsage=clientAuth,emailProtection',
    'subjectKeyIdentifier=hash',
    'authorityKeyIdentifier=keyid',
    ...(san ? [`subjectAltName=${san}`] : []),
    '',
  ].join('\n');

const GOOD_USAGE = 'digitalSignature,nonRepudiation,keyEncipherment';

export function makeTestPki(opts: { name?: string; cpf?: string } = {}): TestPki {
  const c = testCas();
  const name = opts.name ?? 'Dr. João Silva';
  const cpf = opts.cpf ?? randomCpf();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-pki-'));
  const key = (file: string) => {
    run(dir, 'openssl', [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${file}.key`,
      '-out',
      `${file}.csr`,
      '-subj',
      '/CN=x',
    ]);
    return { key: path.join(dir, `${file}.key`), csr: path.join(dir, `${file}.csr`) };
  };
  const subj = (holder: string, holderCpf: string) => `/C=BR/O=ICP-Brasil Teste/OU=AC Laudos Teste v1/CN=${holder}:${holderCpf}`;
  const san = (holderCpf: string) => `otherName:2.16.76.1.3.1;OCTETSTRING:${icpPersonField(holderCpf)},email:medico@laudos.test`;
  const p12 = (k: { key: string }, crt: string, chain: string[], out: string) => {
    const chainFile = path.join(dir, `${out}.chain.pem`);
    fs.writeFileSync(chainFile, chain.map((f) => fs.readFileSync(f, 'utf8')).join(''));
    run(dir, 'openssl', [
      'pkcs12',
      '-export',
      '-inkey',
      k.key,
      '-in',
      crt,
      ...(chain.length ? ['-certfile', chainFile] : []),
      '-out',
      out,
      '-passout',
      `pass:${PASSWORD}`,
    ]);
    return fs.readFileSync(path.join(dir, out));
  };
  const leaf = (
    ca: Ca,
    chain: string[],
    file: string,
    k: { key: string; csr: string },
    o: { holder?: string; cpf?: string | null; usage?: string; dates?: { start: string; end: string } } = {},
  ) => {
    const holderCpf = o.cpf === undefined ? cpf : o.cpf;
    const crt = path.join(dir, `${file}.crt`);
    issue(
      ca,
      k.csr,
      crt,
      LEAF_EXT(o.usage ?? GOOD_USAGE, holderCpf ? san(holderCpf) : null),
      subj(o.holder ?? name, holderCpf ?? cpf),
      o.dates,
    );
    return p12(k, crt, chain, `${file}.p12`);
  };

  const k = key('a1');
  const icpChain = [c.icpIntermediate.crt];
  const good = leaf(c.icpIntermediate, icpChain, 'a1', k);
  const expired = leaf(c.icpIntermediate, icpChain, 'old', k, { dates: { start: '20200101000000Z', end: '20210101000000Z' } });
  const notYet = leaf(c.icpIntermediate, icpChain, 'future', k, { dates: { start: '20990101000000Z', end: '20991231000000Z' } });
  const wrongUsage = leaf(c.icpIntermediate, icpChain, 'usage', k, { usage: 'keyEncipherment,dataEncipherment' });
  const noCpf = leaf(c.icpIntermediate, icpChain, 'nocpf', k, { cpf: null });
  const untrusted = leaf(c.rogueRoot, [c.rogueRoot.crt], 'rogue', k);
  const otherAnchor = leaf(c.otherRoot, [c.otherRoot.crt], 'other', k);
  // Self-signed: the holder's own "CA", with the right CPF and key usage.
  fs.writeFileSync(path.join(dir, 'self.ext'), LEAF_EXT(GOOD_USAGE, san(cpf)).replace('authorityKeyIdentifier=keyid\n', ''));
  run(dir, 'openssl', [
    'x509',
    '-req',
    '-in',
    k.csr,
    '-signkey',
    k.key,
    '-out',
    'self.crt',
    '-days',
    '365',
    '-extfile',
    'self.ext',
  ]);
  const selfSigned = p12(k, path.join(dir, 'self.crt'), [], 'self.p12');

  const second = { name: 'Dra. Ana Lima', cpf: randomCpf() };
  const secondP12 = leaf(c.icpIntermediate, icpChain, 'second', key('second'), { holder: second.name, cpf: second.cpf });

  return {
    dir,
    caPem: c.icpRoot.crt,
    p12: good,
    password: PASSWORD,
    nssDir: c.nssDir,
    signerName: `${name}:${cpf}`,
    name,
    cpf,
    expiredP12: expired,
    notYetValidP12: notYet,
    wrongKeyUsageP12: wrongUsage,
    selfSignedP12: selfSigned,
    untrustedP12: untrusted,
    noCpfP12: noCpf,
    otherAnchorP12: otherAnchor,
    secondDoctor: { ...second, p12: secondP12 },
    anchors: c.anchors,
  };
}

/** pdfsig's verdict, read from its output (its exit code is 0 even on a digest mismatch). */
export function pdfsig(pdfFile: string, nssDir: string, extra: string[] = []): string {
  try {
    return execFileSync('pdfsig', ['-nssdir', nssDir, ...extra, pdfFile], { encoding: 'utf8', stdio: 'pipe' });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
}
