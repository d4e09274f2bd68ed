/**
 * The agent reads its settings from the platform at start (a stand-in server here): they fill
 * what its environment leaves unset, the environment wins, and an unreachable or refusing
 * platform leaves the environment and defaults.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveConnectConfig } from './platform-settings';

const KEY = 'lcn_test_key_456';
let server: http.Server;
let url: string;
let settings: Record<string, unknown>;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(`${req.url} ${req.headers.authorization}`);
    if (req.headers.authorization !== `Bearer ${KEY}`) return void res.writeHead(401).end();
    if (req.url !== '/api/connect-agent/config') return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ connect: settings }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
  settings = {
    name: 'Recepção',
    aeTitle: null,
    effectiveAeTitle: 'CLINICA_SUL',
    storePort: 11150,
    pollIntervalSeconds: 30,
    downloadFolder: '/srv/laudos/downloads',
    retentionDays: 7,
  };
});

const quiet = { info: jest.fn(), warn: jest.fn() };

it('fills AE Title, Store port, poll interval and download folder from the platform', async () => {
  const config = await resolveConnectConfig({ PLATFORM_URL: url, CONNECT_KEY: KEY }, quiet);
  expect(seen).toEqual([`/api/connect-agent/config Bearer ${KEY}`]);
  expect(config).toMatchObject({
    AE_TITLE: 'CLINICA_SUL',
    DICOM_PORT: 11150,
    DOWNLOAD_POLL_MS: 30_000,
    DOWNLOAD_ROOT: '/srv/laudos/downloads',
  });
});

it("the agent's environment wins over the platform", async () => {
  const config = await resolveConnectConfig({ PLATFORM_URL: url, CONNECT_KEY: KEY, DICOM_PORT: '104', AE_TITLE: 'LOCAL' }, quiet);
  expect(config).toMatchObject({ AE_TITLE: 'LOCAL', DICOM_PORT: 104, DOWNLOAD_POLL_MS: 30_000 });
});

it("a folder of another machine's kind and an unset port keep the defaults", async () => {
  settings = { ...settings, storePort: null, downloadFolder: 'C:\\Laudos\\downloads' };
  const config = await resolveConnectConfig({ PLATFORM_URL: url, CONNECT_KEY: KEY, SPOOL_DIR: '/tmp/spool-x' }, quiet);
  expect(config.DICOM_PORT).toBe(11112);
  expect(config.DOWNLOAD_ROOT).toBe('/tmp/spool-x/downloads');
});

it('an unreachable or refusing platform leaves the environment and defaults, with a warning', async () => {
  const warn = jest.fn();
  const refused = await resolveConnectConfig({ PLATFORM_URL: url, CONNECT_KEY: 'lcn_wrong_key_1' }, { info: jest.fn(), warn });
  expect(refused).toMatchObject({ AE_TITLE: 'LAUDOS', DICOM_PORT: 11112, DOWNLOAD_POLL_MS: 10_000 });
  const down = await resolveConnectConfig({ PLATFORM_URL: 'http://127.0.0.1:9', CONNECT_KEY: KEY, DICOM_PORT: '11200' }, { info: jest.fn(), warn }, 1000);
  expect(down.DICOM_PORT).toBe(11200);
  expect(warn).toHaveBeenCalledTimes(2);
});

it('a value the agent cannot use (an AE Title too long) is refused as a whole, with a warning', async () => {
  settings = { ...settings, effectiveAeTitle: 'A_TITLE_FAR_TOO_LONG_FOR_DICOM' };
  const warn = jest.fn();
  const config = await resolveConnectConfig({ PLATFORM_URL: url, CONNECT_KEY: KEY }, { info: jest.fn(), warn });
  expect(config.AE_TITLE).toBe('LAUDOS');
  expect(warn).toHaveBeenCalledTimes(1);
});
