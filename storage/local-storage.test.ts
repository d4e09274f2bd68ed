import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalObjectStorage } from './local-storage';
import type { ObjectStorage } from './object-storage';
import { objectStorageContract } from './storage-contract';

describe('LocalObjectStorage: the storage contract', () => {
  objectStorageContract({
    create: async () => new LocalObjectStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-objects-'))),
    dispose: async (storage) => fs.rmSync((storage as LocalObjectStorage).root, { recursive: true, force: true }),
  });
});

describe('LocalObjectStorage on disk', () => {
  let root: string;
  let storage: LocalObjectStorage;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-objects-'));
    storage = new LocalObjectStorage(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('leaves no temporary file behind when the stream fails', async () => {
    await storage.put('a/streamed.bin', Readable.from([Buffer.from('ab')]));
    const failing = new Readable({
      read() {
        this.destroy(new Error('network dropped'));
      },
    });
    await expect(storage.put('a/broken.bin', failing)).rejects.toThrow('network dropped');
    expect(fs.readdirSync(path.join(root, 'a')).sort()).toEqual(['streamed.bin']);
  });

  it('does not list writes in progress', async () => {
    await storage.put('a/f/one.pdf', Buffer.from('1'));
    fs.writeFileSync(path.join(root, 'a', 'f', 'four.pdf.123.tmp'), 'x');
    expect((await storage.listFolder('a/f')).map((o) => o.key)).toEqual(['a/f/one.pdf']);
  });

  it('offers no presigned URLs: its downloads stream through the api', () => {
    expect((storage as ObjectStorage).presignedGetUrl).toBeUndefined();
  });
});
