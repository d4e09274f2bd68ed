/**
 * The test PKI's certificate authorities (test-pki.ts issues the A1 leaves under them): a root
 * configured in tests as an ICP-Brasil root, its intermediate, another trusted anchor, a root
 * nobody trusts, and an NSS trust store holding the trusted roots for pdfsig.
 *
 * `npm test` makes them once per run (global setup, `makeSharedTestCas`) and each test file
 * takes a copy; outside the test run they are made once per process.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestAnchorDirs {
  /** Folder holding the ICP-like root: configured as ICP_BRASIL_ROOTS_DIR in tests. */
  icpBrasilDir: string;
  /** Folder holding the other trusted root: SIGNING_TRUST_ANCHORS_DIR in tests. */
  otherDir: string;
}

export const run = (cwd: string, cmd: string, args: string[]) => execFileSync(cmd, args, { cwd, stdio: 'pipe' });

export interface Ca {
  dir: string;
  crt: string;
  key: string;
}

function rootCa(base: string, name: string, cn: string): void {
  const dir = path.join(base, name);
  fs.mkdirSync(dir, { recursive: true });
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
    '-utf8',
    '-subj',
    `/C=BR/O=Laudos Teste/CN=${cn}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  prepareCaDb(dir);
}

function prepareCaDb(dir: string): void {
  fs.writeFileSync(path.join(dir, 'index.txt'), '');
  // A random 64-bit start: the copies of one CA (testCas) issue apart without repeating a serial.
  fs.writeFileSync(
    path.join(dir, 'serial'),
    `${(1 + Math.floor(Math.random() * 7)).toString(16)}${randomBytes(8).toString('hex').slice(1)}\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'ca.cnf'),
    [
      '[ca]',
      'default_ca = d',
      '[d]',
      'database = index.txt',
      'new_certs_dir = .',
      'serial = serial',
      'default_md = sha256',
      'policy = p',
      'unique_subject = no',
      'email_in_dn = no',
      '[p]',
      'countryName = optional',
      'organizationName = optional',
      'organizationalUnitName = optional',
      'commonName = supplied',
      '',
    ].join('\n'),
  );
}

/** Signs `csr` with the CA, between the given dates (YYYYMMDDHHMMSSZ), with the extensions. */
export function issue(ca: Ca, csr: string, out: string, ext: string, subj: string, dates?: { start: string; end: string }): void {
  const extFile = `${out}.ext`;
  fs.writeFileSync(extFile, ext);
  const now = Date.now();
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  run(ca.dir, 'openssl', [
    'ca',
    '-batch',
    '-config',
    'ca.cnf',
    '-cert',
    ca.crt,
    '-keyfile',
    ca.key,
    '-in',
    csr,
    '-out',
    out,
    '-notext',
    '-utf8',
    '-preserveDN',
    '-subj',
    subj,
    '-extfile',
    extFile,
    '-startdate',
    dates?.start ?? stamp(now - 86_400_000),
    '-enddate',
    dates?.end ?? stamp(now + 365 * 86_400_000),
  ]);
}

export interface Cas {
  base: string;
  icpRoot: Ca;
  icpIntermediate: Ca;
  otherRoot: Ca;
  rogueRoot: Ca;
  anchors: TestAnchorDirs;
  nssDir: string;
}

let cas: Cas | undefined;

/**
 * Set by the test run's global setup to a folder of CAs made once for the whole run
 * (`makeSharedTestCas`): four RSA keys and an NSS store cost most of a second, and every
 * platform file would otherwise make its own (jest gives each file a fresh module registry).
 */
export const SHARED_TEST_CAS_ENV = 'LAUDOS_TEST_CAS';

export function testCas(): Cas {
  if (cas) return cas;
  const shared = process.env[SHARED_TEST_CAS_ENV];
  if (!shared) return (cas = casAt(buildCas(fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-test-cas-')))));
  // A copy of its own: `openssl ca` keeps an issuing database (index, serial) per CA, which
  // files issuing at once must not share. Under the shared folder, so the run's end removes it.
  const copies = path.join(shared, 'copies');
  fs.mkdirSync(copies, { recursive: true });
  const base = fs.mkdtempSync(path.join(copies, `${process.pid}-`));
  fs.cpSync(path.join(shared, 'cas'), base, { recursive: true });
  for (const ca of CA_DIRS) prepareCaDb(path.join(base, ca));
  return (cas = casAt(base));
}

/** Makes the run's CAs under `dir` (global setup) for every test process to copy. */
export function makeSharedTestCas(dir: string): void {
  buildCas(path.join(dir, 'cas'));
}

const CA_DIRS = ['icp-root', 'other-root', 'rogue-root', 'icp-intermediate'] as const;
const NSS_DIR = 'nss';

function buildCas(base: string): string {
  fs.mkdirSync(base, { recursive: true });
  const { icpRoot, otherRoot, anchors } = casAt(base);
  rootCa(base, 'icp-root', 'AC Raiz Laudos Teste');
  rootCa(base, 'other-root', 'AC Parceira Laudos Teste');
  rootCa(base, 'rogue-root', 'AC Desconhecida Teste');
  // The intermediate, as ICP-Brasil's ACs sit under the root.
  const intDir = path.join(base, 'icp-intermediate');
  fs.mkdirSync(intDir);
  run(intDir, 'openssl', ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.csr', '-subj', '/CN=x']);
  issue(
    icpRoot,
    path.join(intDir, 'ca.csr'),
    path.join(intDir, 'ca.crt'),
    'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n',
    '/C=BR/O=ICP-Brasil Teste/OU=AC Raiz Laudos Teste/CN=AC Laudos Teste v1',
  );
  prepareCaDb(intDir);

  fs.mkdirSync(anchors.icpBrasilDir);
  fs.mkdirSync(anchors.otherDir);
  fs.copyFileSync(icpRoot.crt, path.join(anchors.icpBrasilDir, 'ac-raiz-laudos-teste.pem'));
  fs.copyFileSync(otherRoot.crt, path.join(anchors.otherDir, 'ac-parceira-laudos-teste.pem'));

  fs.mkdirSync(path.join(base, NSS_DIR));
  const nss = `sql:${path.join(base, NSS_DIR)}`;
  run(base, 'certutil', ['-N', '-d', nss, '--empty-password']);
  run(base, 'certutil', ['-A', '-d', nss, '-n', 'laudos-test-ca', '-t', 'CT,C,C', '-i', icpRoot.crt]);
  run(base, 'certutil', ['-A', '-d', nss, '-n', 'laudos-test-other', '-t', 'CT,C,C', '-i', otherRoot.crt]);
  return base;
}

/** The CAs made under `base` (buildCas). */
function casAt(base: string): Cas {
  const ca = (name: (typeof CA_DIRS)[number]): Ca => {
    const dir = path.join(base, name);
    return { dir, crt: path.join(dir, 'ca.crt'), key: path.join(dir, 'ca.key') };
  };
  return {
    base,
    icpRoot: ca('icp-root'),
    icpIntermediate: ca('icp-intermediate'),
    otherRoot: ca('other-root'),
    rogueRoot: ca('rogue-root'),
    anchors: { icpBrasilDir: path.join(base, 'anchors-icp-brasil'), otherDir: path.join(base, 'anchors-other') },
    nssDir: `sql:${path.join(base, NSS_DIR)}`,
  };
}

/** The anchor folders the test platform is configured with (testCas). */
export function testTrustAnchors(): TestAnchorDirs {
  return testCas().anchors;
}
