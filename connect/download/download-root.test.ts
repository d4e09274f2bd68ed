/**
 * DOWNLOAD_ROOT confinement: a folder is accepted (and created) only inside the root; outside
 * folders, `..`, UNC paths and symlinks leading out of the root are refused and nothing is
 * created for them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DownloadFolderError, checkFolderInsideRoot, createFolderInsideRoot, isSafeFolder } from './download-root';

let dir: string;
let root: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-root-'));
  root = path.join(dir, 'root');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('creates a folder inside the root (and the root) and answers its real path', async () => {
  const target = path.join(root, 'Exames', 'Sala 1');
  expect(await createFolderInsideRoot(root, target)).toBe(path.join(fs.realpathSync(root), 'Exames', 'Sala 1'));
  expect(fs.statSync(target).isDirectory()).toBe(true);
  // The root itself is accepted too.
  expect(await createFolderInsideRoot(root, root)).toBe(fs.realpathSync(root));
});

it.each([
  ['a folder outside the root', () => path.join(dir, 'elsewhere'), /outside DOWNLOAD_ROOT/],
  ['a sibling sharing the prefix', () => `${root}-evil`, /outside DOWNLOAD_ROOT/],
  ['/etc', () => '/etc/cron.d', /outside DOWNLOAD_ROOT/],
  ['a .. segment', () => `${root}/../elsewhere`, /not a safe absolute folder/],
  ['a UNC path', () => '//host/share/Exames', /not a safe absolute folder/],
  ['a Windows UNC path', () => '\\\\host\\share', /not a safe absolute folder/],
  ['a relative folder', () => 'root/Exames', /not a safe absolute folder/],
])('refuses %s and creates nothing', async (_what, fullPath, reason) => {
  await expect(createFolderInsideRoot(root, fullPath())).rejects.toThrow(reason);
  await expect(checkFolderInsideRoot(root, fullPath())).rejects.toThrow(DownloadFolderError);
  expect(fs.existsSync(path.join(dir, 'elsewhere'))).toBe(false);
  expect(fs.existsSync(`${root}-evil`)).toBe(false);
});

it('refuses a symlink inside the root that leads out of it, before and while creating', async () => {
  const outside = path.join(dir, 'outside');
  fs.mkdirSync(outside);
  fs.mkdirSync(root);
  fs.symlinkSync(outside, path.join(root, 'link'));
  // The deepest existing ancestor's real path is outside the root.
  await expect(checkFolderInsideRoot(root, path.join(root, 'link', 'Exames'))).rejects.toThrow(/leads outside DOWNLOAD_ROOT/);
  await expect(createFolderInsideRoot(root, path.join(root, 'link', 'Exames'))).rejects.toThrow(/leads outside DOWNLOAD_ROOT/);
  expect(fs.readdirSync(outside)).toEqual([]);
});

it('refuses a symlinked folder on the way even when it points inside the root', async () => {
  fs.mkdirSync(path.join(root, 'real'), { recursive: true });
  fs.symlinkSync(path.join(root, 'real'), path.join(root, 'alias'));
  await expect(createFolderInsideRoot(root, path.join(root, 'alias', 'Exames'))).rejects.toThrow(/is a symbolic link/);
  expect(fs.readdirSync(path.join(root, 'real'))).toEqual([]);
});

it('refuses a file where a folder should be', async () => {
  fs.mkdirSync(root);
  fs.writeFileSync(path.join(root, 'file'), 'x');
  await expect(createFolderInsideRoot(root, path.join(root, 'file', 'Exames'))).rejects.toThrow(/not a folder/);
});

it.each([
  ['/srv/exames', true],
  ['C:\\Exames', true],
  ['relative', false],
  ['/srv/../etc', false],
  ['D:\\a\\..\\b', false],
  ['//host/share', false],
  ['\\\\host\\share', false],
  ['/\\host\\share', false],
])('isSafeFolder(%j) is %s', (p, ok) => {
  expect(isSafeFolder(p)).toBe(ok);
});
