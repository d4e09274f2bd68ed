/**
 * Preview cleanup on real files: the preview just answered is always kept with the newest
 * others up to `keep`; older previews go; other folders are untouched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalObjectStorage } from '../../storage/local-storage';
import { prunePreviews } from './report-files';

let root: string;
let storage: LocalObjectStorage;
const folder = 'accounts/a/laudos/l/previews';

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-previews-'));
  storage = new LocalObjectStorage(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A preview written `ageMinutes` ago. */
async function preview(name: string, ageMinutes: number): Promise<string> {
  const key = `${folder}/${name}.pdf`;
  await storage.put(key, Buffer.from(name));
  const at = new Date(Date.now() - ageMinutes * 60_000);
  fs.utimesSync(path.join(root, ...key.split('/')), at, at);
  return key;
}
const left = async () => (await storage.listFolder(folder)).map((o) => path.basename(o.key)).sort();

it('keeps the current preview and the newest others up to the limit, removes the older ones', async () => {
  await preview('a', 50);
  await preview('b', 40);
  await preview('c', 30);
  await preview('d', 20);
  const current = await preview('e', 0);
  await storage.put('accounts/a/laudos/l/signed/v1.pdf', Buffer.from('signed'));
  expect((await prunePreviews(storage, folder, current, 3)).map((k) => path.basename(k)).sort()).toEqual(['a.pdf', 'b.pdf']);
  expect(await left()).toEqual(['c.pdf', 'd.pdf', 'e.pdf']);
  expect(await storage.exists('accounts/a/laudos/l/signed/v1.pdf')).toBe(true);
});

it('keeps an old preview answered again (same content, same file) as the current one', async () => {
  const old = await preview('same', 90);
  await preview('x', 10);
  await preview('y', 5);
  await prunePreviews(storage, folder, old, 2);
  expect(await left()).toEqual(['same.pdf', 'y.pdf']);
});

it('does nothing under the limit or without a folder', async () => {
  const current = await preview('only', 0);
  expect(await prunePreviews(storage, folder, current, 3)).toEqual([]);
  expect(await prunePreviews(storage, 'accounts/a/laudos/none/previews', 'x', 3)).toEqual([]);
  expect(await left()).toEqual(['only.pdf']);
});
