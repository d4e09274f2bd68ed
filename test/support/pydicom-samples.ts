/**
 * Debian's python3-pydicom test files (real compressed samples: RLE, JPEG-LS, JPEG 2000…),
 * extracted at test setup with `apt-get download` + `dpkg -x` into a temporary folder;
 * never committed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function pydicomTestFiles(): string {
  const root = path.join(os.tmpdir(), 'laudos-pydicom');
  const dir = path.join(root, 'x', 'usr', 'lib', 'python3', 'dist-packages', 'pydicom', 'data', 'test_files');
  if (fs.existsSync(path.join(dir, 'MR_small.dcm'))) return dir;
  fs.mkdirSync(root, { recursive: true });
  try {
    execFileSync('sh', ['-c', 'apt-get download python3-pydicom >/dev/null 2>&1 && dpkg -x python3-pydicom_*.deb x'], {
      cwd: root,
    });
  } catch (err) {
    throw new Error(
      `Could not fetch Debian's python3-pydicom test files (apt-get download python3-pydicom && dpkg -x). ` +
        `Run 'apt-get update' or give the machine access to a Debian mirror.\n${String(err)}`,
      { cause: err },
    );
  }
  if (!fs.existsSync(path.join(dir, 'MR_small.dcm'))) throw new Error(`python3-pydicom has no test files under ${dir}`);
  return dir;
}
