import path from 'node:path';
import { parseConnectConfig } from './config';

describe('parseConnectConfig', () => {
  it('applies the defaults', () => {
    const c = parseConnectConfig({ PLATFORM_URL: 'https://laudos.example', CONNECT_KEY: 'k'.repeat(20) });
    expect(c).toMatchObject({
      AE_TITLE: 'LAUDOS',
      AE_TITLE_CHECK: true,
      DICOM_PORT: 11112,
      STATUS_PORT: 11113,
      BATCH_MAX_COUNT: 50,
    });
  });

  it('names every bad variable at once', () => {
    expect(() =>
      parseConnectConfig({
        PLATFORM_URL: 'not a url',
        AE_TITLE: 'A_TITLE_LONGER_THAN_16',
        DICOM_PORT: '70000',
        RETRY_BASE_MS: '0',
      }),
    ).toThrow(/PLATFORM_URL[\s\S]*CONNECT_KEY[\s\S]*AE_TITLE[\s\S]*DICOM_PORT[\s\S]*RETRY_BASE_MS/);
  });

  it('refuses a back-off cap below its base', () => {
    expect(() =>
      parseConnectConfig({ PLATFORM_URL: 'http://x', CONNECT_KEY: 'k'.repeat(20), RETRY_BASE_MS: '1000', RETRY_MAX_MS: '10' }),
    ).toThrow(/RETRY_MAX_MS/);
  });

  it('DOWNLOAD_ROOT defaults to downloads/ under the spool and must be an absolute local folder', () => {
    const base = { PLATFORM_URL: 'http://x', CONNECT_KEY: 'k'.repeat(20) };
    expect(parseConnectConfig({ ...base, SPOOL_DIR: '/var/lib/laudos' }).DOWNLOAD_ROOT).toBe(
      path.resolve('/var/lib/laudos/downloads'),
    );
    expect(parseConnectConfig({ ...base, DOWNLOAD_ROOT: '/srv/exames' }).DOWNLOAD_ROOT).toBe(path.resolve('/srv/exames'));
    for (const bad of ['relative/exames', '//host/share']) {
      expect(() => parseConnectConfig({ ...base, DOWNLOAD_ROOT: bad })).toThrow(/DOWNLOAD_ROOT/);
    }
  });
});
