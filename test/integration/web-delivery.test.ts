/**
 * Delivery of the web app and the API's JSON (issue 24): hashed assets precompressed at build
 * time (brotli, gzip) and kept a year as immutable; index.html never cached; a missing asset is
 * a 404, not the app's HTML; JSON answers compressed above 1 KB; DICOMweb left alone.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { WEB_DIST } from '../../api/app';
import { DOCTOR_PERMISSIONS, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite({ overrides: { SERVE_WEB: 'true' }, worker: false });

function get(
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const url = new URL(suite.platform.url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: pathname, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The scripts index.html loads: the entry and the chunks it preloads. */
function entryScripts(): string[] {
  const html = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  return [...new Set(html.match(/\/assets\/[^"]+\.js/g) ?? [])];
}

it('serves hashed assets precompressed, as the browser accepts, immutable for a year', async () => {
  const scripts = entryScripts();
  expect(scripts.length).toBeGreaterThan(3);
  const [largest] = scripts
    .map((s) => ({ s, size: fs.statSync(path.join(WEB_DIST, s)).size }))
    .sort((a, b) => b.size - a.size);
  const asset = largest!.s;
  const original = fs.readFileSync(path.join(WEB_DIST, asset));

  const br = await get(asset, { 'accept-encoding': 'gzip, deflate, br' });
  expect(br.status).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toMatch(/javascript/);
  expect(br.headers['cache-control']).toBe('max-age=31536000,immutable');
  expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  expect(br.body.length).toBeLessThan(original.length / 2);
  expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);

  const gz = await get(asset, { 'accept-encoding': 'gzip' });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gz.body).equals(original)).toBe(true);

  const plain = await get(asset);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.equals(original)).toBe(true);
});

it('keeps index.html and deep links uncached, so a deploy shows at the next load', async () => {
  for (const p of ['/', '/studies/report/123', '/login']) {
    const res = await get(p, { 'accept-encoding': 'br' });
    expect([p, res.status, res.headers['cache-control']]).toEqual([p, 200, 'no-cache']);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  }
});

it('answers a missing asset with 404, never the app page', async () => {
  const res = await get('/assets/index-Gone1234.js');
  expect(res.status).toBe(404);
  expect(JSON.parse(res.body.toString('utf8')).error.code).toBe('NOT_FOUND');
});

it('loads no editor, no MQTT client and no MP3 encoder before sign-in, within 350 KB compressed', () => {
  const scripts = entryScripts();
  const names = scripts.join(' ');
  expect(names).not.toMatch(/\/editor-|\/mqtt|lamejs/);
  const compressed = scripts.reduce((sum, s) => {
    const file = path.join(WEB_DIST, s);
    return sum + fs.statSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file).size;
  }, 0);
  expect(compressed).toBeLessThanOrEqual(350 * 1024);
});

it('compresses JSON answers above 1 KB, and leaves small ones alone', async () => {
  const t = await createTenant(suite.knex, { studies: 3, users: { doctor: DOCTOR_PERMISSIONS } });
  const token = await login(suite.api, t.users.doctor!.username);
  const auth = { access_token: token };
  const list = await get('/api/studies', { ...auth, 'accept-encoding': 'gzip' });
  expect(list.status).toBe(200);
  expect(list.headers['content-encoding']).toBe('gzip');
  const body = JSON.parse(zlib.gunzipSync(list.body).toString('utf8'));
  expect(body.studies).toHaveLength(3);
  const br = await get('/api/studies', { ...auth, 'accept-encoding': 'br' });
  expect(br.headers['content-encoding']).toBe('br');
  expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8')).studies).toHaveLength(3);

  const health = await get('/api/health', { 'accept-encoding': 'gzip' });
  expect(health.headers['content-encoding']).toBeUndefined();
});
