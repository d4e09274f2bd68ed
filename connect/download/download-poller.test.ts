/**
 * The agent's download poll against a small stand-in for the platform: the poll carries the
 * key, a good zip is written under the request's folder and reported done with its file
 * count, a broken zip or an unsafe folder (relative, UNC, outside DOWNLOAD_ROOT) is reported failed (with nothing left behind), and
 * a request being handled is not fetched twice by the polls that come meanwhile.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import pino from 'pino';
import { ZipFile } from 'yazl';
import { DownloadPoller } from './download-poller';

const KEY = 'lcn_test_key_123';
const ids = {
  good: '11111111-1111-4111-8111-111111111111',
  broken: '22222222-2222-4222-8222-222222222222',
  unsafe: '33333333-3333-4333-8333-333333333333',
  outside: '44444444-4444-4444-8444-444444444444',
  unc: '55555555-5555-4555-8555-555555555555',
};
let dir: string;
let server: http.Server;
let url: string;
let goodZip: Buffer;
const results = new Map<string, unknown>();
const zipFetches: string[] = [];
let pollAuth: string[] = [];
let queue: { id: string; fullPath: string }[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-poller-'));
  const zipFile = path.join(dir, 'good.zip');
  const zip = new ZipFile();
  const out = createWriteStream(zipFile);
  zip.outputStream.pipe(out);
  zip.addBuffer(Buffer.from('dicom bytes'), 'P-1/DICOM/1-CT/0001.dcm');
  zip.addBuffer(Buffer.from('pdf bytes'), 'P-1/Laudos/laudo.pdf');
  zip.end();
  await finished(out);
  goodZip = fs.readFileSync(zipFile);

  server = http.createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      res.writeHead(401).end();
      return;
    }
    const m = /^\/api\/connect-agent\/downloads(?:\/([0-9a-f-]+)\/(zip|result))?$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404).end();
    if (!m[1]) {
      pollAuth.push(req.headers.authorization);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ downloads: queue }));
      return;
    }
    if (m[2] === 'zip') {
      zipFetches.push(m[1]);
      // Slow enough that several polls happen while the first request is handled.
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/zip' });
        res.end(m[1] === ids.good ? goodZip : Buffer.from('this is not a zip file, only text'));
      }, 300);
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      results.set(m[1]!, JSON.parse(body));
      queue = queue.filter((q) => q.id !== m[1]);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

it('writes good zips, reports broken ones and unsafe folders as failed, fetches each once', async () => {
  const dest = path.join(dir, 'clinic', 'Exames');
  queue = [
    { id: ids.good, fullPath: dest },
    { id: ids.broken, fullPath: path.join(dir, 'clinic', 'Broken') },
    { id: ids.unsafe, fullPath: 'relative/folder' },
    { id: ids.outside, fullPath: path.join(dir, 'elsewhere') },
    { id: ids.unc, fullPath: '//host/share/Exames' },
  ];
  pollAuth = [];
  const poller = new DownloadPoller(
    {
      platformUrl: url,
      connectKey: KEY,
      pollMs: 50,
      workDir: path.join(dir, 'work'),
      downloadRoot: path.join(dir, 'clinic'),
      timeoutMs: 5_000,
    },
    pino({ level: 'silent' }),
  );
  poller.start();
  const deadline = Date.now() + 10_000;
  while (results.size < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await poller.stop();

  expect(results.get(ids.good)).toEqual({ ok: true, files: 2 });
  expect(fs.readFileSync(path.join(dest, 'P-1/Laudos/laudo.pdf'), 'utf8')).toBe('pdf bytes');
  expect(results.get(ids.broken)).toMatchObject({ ok: false, error: expect.stringMatching(/not a zip/) });
  expect(fs.existsSync(path.join(dir, 'clinic', 'Broken'))).toBe(false);
  expect(results.get(ids.unsafe)).toMatchObject({ ok: false, error: expect.stringMatching(/not a safe absolute folder/) });
  expect(results.get(ids.outside)).toMatchObject({ ok: false, error: expect.stringMatching(/outside DOWNLOAD_ROOT/) });
  expect(fs.existsSync(path.join(dir, 'elsewhere'))).toBe(false);
  expect(results.get(ids.unc)).toMatchObject({ ok: false, error: expect.stringMatching(/not a safe absolute folder/) });
  // Many polls happened while the zips were slow, yet each was fetched once; none for the refused ones.
  expect(pollAuth.length).toBeGreaterThan(3);
  expect(zipFetches.sort()).toEqual([ids.good, ids.broken].sort());
  expect(fs.readdirSync(path.join(dir, 'work'))).toEqual([]);
  expect(poller.lastPollAt).not.toBeNull();
});

it('a poll the platform refuses rejects (and is logged by the loop)', async () => {
  const poller = new DownloadPoller(
    {
      platformUrl: url,
      connectKey: 'wrong-key-xyz',
      pollMs: 50,
      workDir: path.join(dir, 'work'),
      downloadRoot: dir,
      timeoutMs: 5_000,
    },
    pino({ level: 'silent' }),
  );
  await expect(poller.pollOnce()).rejects.toThrow(/401/);
});
