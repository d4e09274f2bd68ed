import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Spool } from './spool';

let root: string;
beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-spool-'))));
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const ls = (dir: string) => fs.readdirSync(dir).sort();

describe('Spool', () => {
  it('writes atomically: nothing shows in the queue until the complete file is renamed in', async () => {
    const spool = new Spool(root);
    await spool.open();
    const temp = spool.tempPath();
    fs.writeFileSync(temp, 'half of an instance');
    expect(await spool.list()).toEqual([]);
    await spool.commit(temp, '1.2.3');
    expect(ls(spool.queueDir)).toEqual(['1.2.3.dcm']);
    expect(ls(spool.tmpDir)).toEqual([]);
    const [entry] = await spool.list();
    expect(entry).toMatchObject({ sopInstanceUid: '1.2.3', size: 19 });
  });

  it('keeps one file per SOPInstanceUID: the same instance received twice is spooled once', async () => {
    const spool = new Spool(root);
    await spool.open();
    await spool.put('1.2.3', Buffer.from('first'));
    await spool.put('1.2.3', Buffer.from('second copy'));
    await spool.put('1.2.4', Buffer.from('other'));
    expect(ls(spool.queueDir)).toEqual(['1.2.3.dcm', '1.2.4.dcm']);
    expect(fs.readFileSync(path.join(spool.queueDir, '1.2.3.dcm'), 'utf8')).toBe('second copy');
    expect(await spool.counts()).toEqual({ queued: 2, queuedBytes: 16, rejected: 0 });
  });

  it('refuses a name that is not a UID (the name is the file name)', async () => {
    const spool = new Spool(root);
    await spool.open();
    const temp = spool.tempPath();
    fs.writeFileSync(temp, 'x');
    await expect(spool.commit(temp, '../../etc/passwd')).rejects.toThrow(/not a DICOM UID/);
  });

  it('survives a restart: the queue is picked up, partial receptions are dropped', async () => {
    const first = new Spool(root);
    await first.open();
    await first.put('1.2.3', Buffer.from('a'));
    await first.put('1.2.4', Buffer.from('bb'));
    fs.writeFileSync(first.tempPath(), 'interrupted reception (never acknowledged)');

    const restarted = new Spool(root);
    expect(await restarted.open()).toEqual({ discardedPartials: 1 });
    expect((await restarted.list()).map((e) => e.sopInstanceUid)).toEqual(['1.2.3', '1.2.4']);
    expect(ls(restarted.tmpDir)).toEqual([]);
  });

  it('lists oldest first', async () => {
    const spool = new Spool(root);
    await spool.open();
    await spool.put('1.9', Buffer.from('a'));
    await spool.put('1.1', Buffer.from('b'));
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(spool.queueDir, '1.1.dcm'), past, past);
    expect((await spool.list()).map((e) => e.sopInstanceUid)).toEqual(['1.1', '1.9']);
  });

  it('removes a confirmed instance, but not a newer copy received while it was uploading', async () => {
    const spool = new Spool(root);
    await spool.open();
    await spool.put('1.2.3', Buffer.from('v1'));
    await spool.put('1.2.4', Buffer.from('v1'));
    const [a, b] = await spool.list();
    await spool.put('1.2.4', Buffer.from('v2, received during the upload'));
    expect(await spool.remove(a!)).toBe(true);
    expect(await spool.remove(b!)).toBe(false);
    expect(ls(spool.queueDir)).toEqual(['1.2.4.dcm']);
    expect(await spool.remove(a!)).toBe(false); // already gone: no error
  });

  it('moves a refused instance to rejected/ with its reason', async () => {
    const spool = new Spool(root);
    await spool.open();
    await spool.put('1.2.3', Buffer.from('not dicom'));
    const [entry] = await spool.list();
    await spool.reject(entry!, {
      reason: 'refused by the platform, FailureReason 0xC000',
      failureReason: 0xc000,
      httpStatus: 409,
    });
    expect(ls(spool.queueDir)).toEqual([]);
    expect(ls(spool.rejectedDir)).toEqual(['1.2.3.dcm', '1.2.3.reason.json']);
    const reason = JSON.parse(fs.readFileSync(path.join(spool.rejectedDir, '1.2.3.reason.json'), 'utf8'));
    expect(reason).toMatchObject({ sopInstanceUid: '1.2.3', failureReason: 0xc000, httpStatus: 409 });
    expect(await spool.counts()).toEqual({ queued: 0, queuedBytes: 0, rejected: 1 });
  });
});
