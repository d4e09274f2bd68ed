import { parseConfig } from './config';

describe('parseConfig', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const cfg = parseConfig({});
    expect(cfg.PORT).toBe(3000);
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.TEMPORAL_ADDRESS).toBeUndefined();
    expect(cfg.SEED_DEMO).toBe(true);
  });

  it('lists every bad variable at once', () => {
    let message = '';
    try {
      parseConfig({ PORT: 'abc', DATABASE_URL: 'not a url', SERVE_WEB: 'maybe' });
    } catch (err) {
      message = String(err);
    }
    for (const name of ['PORT', 'DATABASE_URL', 'SERVE_WEB']) expect(message).toContain(name);
  });
});

describe('document settings', () => {
  it('takes a 64-hex certificate key and refuses anything else', () => {
    expect(parseConfig({ CERTIFICATE_KEY: 'ab'.repeat(32) }).CERTIFICATE_KEY).toBe('ab'.repeat(32));
    expect(() => parseConfig({ CERTIFICATE_KEY: 'short' })).toThrow('CERTIFICATE_KEY');
  });

  it('refuses production without PUBLIC_URL (signed PDFs link to it, never to a Host header)', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', CERTIFICATE_KEY: '0f'.repeat(32) })).toThrow(
      'PUBLIC_URL: required in production',
    );
    expect(parseConfig({ NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined();
  });

  it('trusts the committed ICP-Brasil roots by default and takes other anchor folders', () => {
    expect(parseConfig({}).ICP_BRASIL_ROOTS_DIR).toMatch(/documents\/signing\/icp-brasil-roots$/);
    const c = parseConfig({ ICP_BRASIL_ROOTS_DIR: '/etc/icp', SIGNING_TRUST_ANCHORS_DIR: '/etc/other' });
    expect([c.ICP_BRASIL_ROOTS_DIR, c.SIGNING_TRUST_ANCHORS_DIR]).toEqual(['/etc/icp', '/etc/other']);
  });

  it('requires the certificate key in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow('CERTIFICATE_KEY: required in production');
    expect(
      parseConfig({ NODE_ENV: 'production', CERTIFICATE_KEY: '0f'.repeat(32), PUBLIC_URL: 'https://laudos.example.org' })
        .NODE_ENV,
    ).toBe('production');
  });
});

describe('mail settings', () => {
  it('runs on the outbox without SMTP, and takes an SMTP URL with its sender', () => {
    expect(parseConfig({}).SMTP_URL).toBeUndefined();
    const cfg = parseConfig({
      SMTP_URL: 'smtp://u:p@127.0.0.1:2525',
      MAIL_FROM: 'Laudos <laudos@example.org>',
      PUBLIC_URL: 'https://laudos.example.org',
    });
    expect(cfg).toMatchObject({ SMTP_URL: 'smtp://u:p@127.0.0.1:2525', SMTP_TIMEOUT_MS: 15_000 });
  });

  it('refuses another scheme and SMTP without a sender', () => {
    expect(() => parseConfig({ SMTP_URL: 'http://mail.example.org', MAIL_FROM: 'a@b.co' })).toThrow('SMTP_URL');
    expect(() => parseConfig({ SMTP_URL: 'smtps://mail.example.org' })).toThrow('MAIL_FROM: required with SMTP_URL');
    // Links in mail that leaves the platform come from PUBLIC_URL, never from a request's Host.
    expect(() => parseConfig({ SMTP_URL: 'smtps://mail.example.org', MAIL_FROM: 'a@b.co' })).toThrow(
      'PUBLIC_URL: required with SMTP_URL',
    );
    expect(parseConfig({}).SHARE_LIMIT_PER_HOUR).toBe(60);
  });
});

describe('edge settings', () => {
  it('trusts no proxy by default, and takes a hop count or addresses and CIDRs', () => {
    expect(parseConfig({}).TRUST_PROXY).toEqual({ kind: 'off' });
    expect(parseConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual({ kind: 'off' });
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 2 });
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).TRUST_PROXY).toEqual({
      kind: 'list',
      ranges: ['10.0.0.0/8', '127.0.0.1', 'fd00::/8'],
    });
  });

  it('refuses a proxy list it cannot read, naming the bad entries', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY');
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/33,proxy.lan' })).toThrow('10.0.0.0/33, proxy.lan');
  });

  it('gives image tokens ten minutes, at most an hour', () => {
    expect(parseConfig({}).IMAGE_TOKEN_MINUTES).toBe(10);
    expect(parseConfig({ IMAGE_TOKEN_MINUTES: '0.25' }).IMAGE_TOKEN_MINUTES).toBe(0.25);
    expect(() => parseConfig({ IMAGE_TOKEN_MINUTES: '120' })).toThrow('IMAGE_TOKEN_MINUTES');
  });
});

describe('object storage settings', () => {
  it('keeps objects on local disk by default, and takes an S3 bucket with its keys', () => {
    expect(parseConfig({})).toMatchObject({ OBJECT_STORAGE: 'local', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    const cfg = parseConfig({
      OBJECT_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'laudos',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(cfg).toMatchObject({ OBJECT_STORAGE: 's3', S3_BUCKET: 'laudos', S3_FORCE_PATH_STYLE: false });
  });

  it('names every S3 setting missing with OBJECT_STORAGE=s3', () => {
    const attempt = () => parseConfig({ OBJECT_STORAGE: 's3', S3_ACCESS_KEY_ID: 'key' });
    expect(attempt).toThrow('S3_BUCKET: required with OBJECT_STORAGE=s3');
    expect(attempt).toThrow('S3_SECRET_ACCESS_KEY: required with OBJECT_STORAGE=s3');
    expect(attempt).not.toThrow('S3_ACCESS_KEY_ID');
    expect(() => parseConfig({ OBJECT_STORAGE: 'gcs' })).toThrow('OBJECT_STORAGE');
  });
});
