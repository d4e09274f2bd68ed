/**
 * The ObjectStorage contract: one set of tests every adapter passes (local disk, S3). Each
 * adapter's test file calls it with a factory giving a fresh, empty storage per test.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import type { ObjectStorage } from './object-storage';

export interface ContractSubject {
  /** A fresh, empty storage (a new folder, a new bucket). */
  create(): Promise<ObjectStorage>;
  /** Removes what create() made. */
  dispose?(storage: ObjectStorage): Promise<void>;
}

/** Deterministic bytes (a hash chain), so a misplaced part shows up, unlike zeros would. */
function pattern(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  let block = createHash('sha256').update('laudos').digest();
  for (let at = 0; at < bytes; at += block.length) {
    block.copy(out, at);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export function objectStorageContract(subject: ContractSubject): void {
  let storage: ObjectStorage;
  beforeEach(async () => {
    storage = await subject.create();
  });
  afterEach(async () => {
    await subject.dispose?.(storage);
  });

  it('stores, reads, checks and deletes objects by key; deleting twice is fine', async () => {
    expect(await storage.put('accounts/a1/studies/1.2.3/x.dcm', Buffer.from('hello'))).toEqual({ size: 5 });
    expect(await storage.exists('accounts/a1/studies/1.2.3/x.dcm')).toBe(true);
    expect(await text(await storage.get('accounts/a1/studies/1.2.3/x.dcm'))).toBe('hello');
    // A second put replaces the object whole.
    await storage.put('accounts/a1/studies/1.2.3/x.dcm', Buffer.from('bye'));
    expect(await text(await storage.get('accounts/a1/studies/1.2.3/x.dcm'))).toBe('bye');
    await storage.delete('accounts/a1/studies/1.2.3/x.dcm');
    expect(await storage.exists('accounts/a1/studies/1.2.3/x.dcm')).toBe(false);
    await expect(storage.delete('accounts/a1/studies/1.2.3/x.dcm')).resolves.toBeUndefined();
    await expect(storage.delete('accounts/a1/never/was.dcm')).resolves.toBeUndefined();
  });

  it('fails for a missing object before any stream starts (get, getRange, size)', async () => {
    await expect(storage.get('a/none.bin')).rejects.toThrow();
    await expect(storage.getRange('a/none.bin', 0, 2)).rejects.toThrow();
    await expect(storage.getRange('a/none.bin', 3, 3)).rejects.toThrow();
    await expect(storage.size('a/none.bin')).rejects.toThrow();
    expect(await storage.exists('a/none.bin')).toBe(false);
  });

  it('streams a body in, counting its size', async () => {
    expect(await storage.put('a/streamed.bin', Readable.from([Buffer.from('ab'), Buffer.from('cd')]))).toEqual({ size: 4 });
    expect(await text(await storage.get('a/streamed.bin'))).toBe('abcd');
    expect(await storage.size('a/streamed.bin')).toBe(4);
  });

  it('streams a large body in (multipart in S3) and reads it back whole and across a part boundary', async () => {
    const body = pattern(20 * 1024 * 1024 + 12_345);
    const chunks = Array.from({ length: Math.ceil(body.length / (1 << 20)) }, (_, i) => body.subarray(i << 20, (i + 1) << 20));
    expect(await storage.put('a/large.dcm', Readable.from(chunks))).toEqual({ size: body.length });
    expect(await storage.size('a/large.dcm')).toBe(body.length);
    expect(sha256(await buffer(await storage.get('a/large.dcm')))).toBe(sha256(body));
    const boundary = 8 * 1024 * 1024;
    expect(await buffer(await storage.getRange('a/large.dcm', boundary - 7, boundary + 9))).toEqual(
      body.subarray(boundary - 7, boundary + 9),
    );
  }, 120_000);

  it('leaves no object behind when the incoming stream fails', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        // Some bytes first, then the failure: a half-written object must not appear.
        if (sent++ < 2) this.push(Buffer.alloc(1024, 1));
        else this.destroy(new Error('network dropped'));
      },
    });
    await expect(storage.put('a/broken.bin', failing)).rejects.toThrow('network dropped');
    expect(await storage.exists('a/broken.bin')).toBe(false);
    expect(await storage.listFolder('a')).toEqual([]);
  });

  it.each(['../etc/passwd', '/abs', 'a//b', 'a/../b', '.hidden', '', 'a/'])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('invalid object key');
    await expect(storage.get(key)).rejects.toThrow('invalid object key');
    await expect(storage.delete(key)).rejects.toThrow('invalid object key');
    await expect(storage.exists(key)).rejects.toThrow('invalid object key');
    await expect(storage.size(key)).rejects.toThrow('invalid object key');
    await expect(storage.getRange(key, 0, 1)).rejects.toThrow('invalid object key');
    await expect(storage.listFolder(key)).rejects.toThrow('invalid object key');
  });

  it.each(['a/-C__rVfvVbI6nmjZM0QcmMUe.zip', '_b/c', 'a/-/b'])('keeps the key %j (base64url names start with - or _)', async (key) => {
    await storage.put(key, Buffer.from('ok'));
    expect(await text(await storage.get(key))).toBe('ok');
    await storage.delete(key);
  });

  it('lists the objects directly in a folder, not those in its subfolders', async () => {
    await storage.put('a/f/one.pdf', Buffer.from('1'));
    await storage.put('a/f/two.pdf', Buffer.from('22'));
    await storage.put('a/f/sub/three.pdf', Buffer.from('3'));
    await storage.put('a/fx/other.pdf', Buffer.from('4'));
    const listed = await storage.listFolder('a/f');
    expect(listed.map((o) => [o.key, o.size]).sort()).toEqual([
      ['a/f/one.pdf', 1],
      ['a/f/two.pdf', 2],
    ]);
    for (const o of listed) expect(Math.abs(o.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await storage.listFolder('a/none')).toEqual([]);
  });

  it('reads a byte range of an object, cut at its end; an empty range is an empty stream', async () => {
    await storage.put('a/r.bin', Buffer.from('0123456789'));
    expect(await storage.size('a/r.bin')).toBe(10);
    expect(await text(await storage.getRange('a/r.bin', 2, 5))).toBe('234');
    expect(await text(await storage.getRange('a/r.bin', 0, 10))).toBe('0123456789');
    expect(await text(await storage.getRange('a/r.bin', 8, 20))).toBe('89');
    expect(await text(await storage.getRange('a/r.bin', 4, 4))).toBe('');
    expect(await text(await storage.getRange('a/r.bin', 12, 20))).toBe('');
    await expect(storage.getRange('a/r.bin', 5, 2)).rejects.toThrow('invalid range');
    await expect(storage.getRange('a/r.bin', -1, 2)).rejects.toThrow('invalid range');
  });
}
