/**
 * A throw-away PKI made with openssl for the signature tests (never committed): a root CA, a
 * doctor's A1 (.p12) with nonRepudiation, an expired A1, and an NSS trust store for pdfsig.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestPki {
  dir: string;
  caPem: string;
  /** The valid A1 and its password. */
  p12: Buffer;
  expiredP12: Buffer;
  password: string;
  /** `sql:DIR` trust store holding the CA, for `pdfsig -nssdir`. */
  nssDir: string;
  signerName: string;
}

const run = (cwd: string, cmd: string, args: string[]) => execFileSync(cmd, args, { cwd, stdio: 'pipe' });

export function makeTestPki(signerName = 'Dr. João Silva:12345678900'): TestPki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-pki-'));
  const password = 'senha-do-A1';
  run(dir, 'openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '3650',
    '-subj',
    '/C=BR/O=Laudos Teste/CN=AC Raiz Laudos Teste',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  run(dir, 'openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'a1.key',
    '-out',
    'a1.csr',
    '-utf8',
    '-subj',
    `/C=BR/O=ICP-Brasil/OU=Teste/CN=${signerName}`,
  ]);
  fs.writeFileSync(
    path.join(dir, 'a1.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\nextendedKeyUsage=emailProtection,clientAuth\n',
  );
  run(dir, 'openssl', [
    'x509',
    '-req',
    '-in',
    'a1.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'a1.crt',
    '-days',
    '365',
    '-extfile',
    'a1.ext',
  ]);
  // OpenSSL 3.0's x509 cannot back-date: `openssl ca` with explicit dates makes the expired one.
  fs.writeFileSync(path.join(dir, 'index.txt'), '');
  fs.writeFileSync(path.join(dir, 'serial'), '1000\n');
  fs.writeFileSync(
    path.join(dir, 'ca.cnf'),
    '[ca]\ndefault_ca = d\n[d]\ndatabase = index.txt\nnew_certs_dir = .\nserial = serial\ndefault_md = sha256\npolicy = p\nunique_subject = no\n[p]\ncommonName = supplied\n',
  );
  run(dir, 'openssl', [
    'ca',
    '-batch',
    '-config',
    'ca.cnf',
    '-cert',
    'ca.crt',
    '-keyfile',
    'ca.key',
    '-in',
    'a1.csr',
    '-out',
    'old.crt',
    '-startdate',
    '20200101000000Z',
    '-enddate',
    '20210101000000Z',
    '-extfile',
    'a1.ext',
    '-notext',
    '-utf8',
  ]);
  for (const [crt, out] of [
    ['a1.crt', 'a1.p12'],
    ['old.crt', 'old.p12'],
  ] as const) {
    run(dir, 'openssl', [
      'pkcs12',
      '-export',
      '-inkey',
      'a1.key',
      '-in',
      crt,
      '-certfile',
      'ca.crt',
      '-out',
      out,
      '-passout',
      `pass:${password}`,
    ]);
  }
  const nss = path.join(dir, 'nss');
  fs.mkdirSync(nss);
  run(dir, 'certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
  run(dir, 'certutil', ['-A', '-d', `sql:${nss}`, '-n', 'laudos-test-ca', '-t', 'CT,C,C', '-i', 'ca.crt']);
  return {
    dir,
    caPem: path.join(dir, 'ca.crt'),
    p12: fs.readFileSync(path.join(dir, 'a1.p12')),
    expiredP12: fs.readFileSync(path.join(dir, 'old.p12')),
    password,
    nssDir: `sql:${nss}`,
    signerName,
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
