import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { LocalObjectStorage } from './local-storage';

let root: string;
let storage: LocalObjectStorage;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-objects-'));
  storage = new LocalObjectStorage(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it('stores, reads, checks and deletes objects by key', async () => {
  expect(await storage.put('accounts/a1/studies/1.2.3/x.dcm', Buffer.from('hello'))).toEqual({ size: 5 });
  expect(await storage.exists('accounts/a1/studies/1.2.3/x.dcm')).toBe(true);
  expect(await text(await storage.get('accounts/a1/studies/1.2.3/x.dcm'))).toBe('hello');
  await storage.delete('accounts/a1/studies/1.2.3/x.dcm');
  expect(await storage.exists('accounts/a1/studies/1.2.3/x.dcm')).toBe(false);
  await expect(storage.get('accounts/a1/studies/1.2.3/x.dcm')).rejects.toThrow();
});

it('streams a body in and leaves no temporary file behind when the stream fails', async () => {
  await storage.put('a/streamed.bin', Readable.from([Buffer.from('ab'), Buffer.from('cd')]));
  expect(await text(await storage.get('a/streamed.bin'))).toBe('abcd');
  const failing = new Readable({
    read() {
      this.destroy(new Error('network dropped'));
    },
  });
  await expect(storage.put('a/broken.bin', failing)).rejects.toThrow('network dropped');
  expect(fs.readdirSync(path.join(root, 'a')).sort()).toEqual(['streamed.bin']);
});

it.each(['../etc/passwd', '/abs', 'a//b', 'a/../b', '.hidden', ''])('refuses the key %j', async (key) => {
  await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('invalid object key');
});

it('lists the objects directly in a folder, without subfolders or writes in progress', async () => {
  await storage.put('a/f/one.pdf', Buffer.from('1'));
  await storage.put('a/f/two.pdf', Buffer.from('22'));
  await storage.put('a/f/sub/three.pdf', Buffer.from('3'));
  fs.writeFileSync(path.join(root, 'a', 'f', 'four.pdf.123.tmp'), 'x');
  const listed = await storage.listFolder('a/f');
  expect(listed.map((o) => [o.key, o.size]).sort()).toEqual([
    ['a/f/one.pdf', 1],
    ['a/f/two.pdf', 2],
  ]);
  expect(Math.abs(listed[0]!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
  expect(await storage.listFolder('a/none')).toEqual([]);
});

it('reads a byte range of an object, cut at its end, and fails for a missing one', async () => {
  await storage.put('a/r.bin', Buffer.from('0123456789'));
  expect(await storage.size('a/r.bin')).toBe(10);
  expect(await text(await storage.getRange('a/r.bin', 2, 5))).toBe('234');
  expect(await text(await storage.getRange('a/r.bin', 8, 20))).toBe('89');
  expect(await text(await storage.getRange('a/r.bin', 4, 4))).toBe('');
  await expect(storage.getRange('a/r.bin', 5, 2)).rejects.toThrow('invalid range');
  await expect(storage.getRange('a/none.bin', 0, 2)).rejects.toThrow();
  await expect(storage.size('a/none.bin')).rejects.toThrow();
});
