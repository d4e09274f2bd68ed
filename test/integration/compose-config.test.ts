/**
 * docker-compose.yml as Compose reads it (`docker-compose config`, no Docker engine): the api and
 * the worker share one bucket, run compiled JavaScript, every long-running service has a
 * healthcheck, the proxy alone publishes the platform (so the api scales), and a missing secret
 * stops the file from resolving.
 */
import fs from 'node:fs';
import path from 'node:path';
import { COMPOSE_FILE, type ComposeConfig, composeConfig } from '../support/compose';

const SECRETS = {
  CERTIFICATE_KEY: 'a'.repeat(64),
  POSTGRES_PASSWORD: 'pg-secret-1234',
  S3_ACCESS_KEY_ID: 'laudos-minio',
  S3_SECRET_ACCESS_KEY: 'minio-secret-1234',
  PUBLIC_URL: 'https://laudos.example.org',
};

let config: ComposeConfig;
beforeAll(() => {
  const r = composeConfig(SECRETS);
  if (!r.config) throw new Error(`docker-compose config failed (${r.status}):\n${r.stderr}`);
  config = r.config;
});

/** Services others wait for to finish (service_completed_successfully): one-shot jobs. */
function oneShots(c: ComposeConfig): Set<string> {
  const names = new Set<string>();
  for (const s of Object.values(c.services))
    for (const [dep, { condition }] of Object.entries(s.depends_on ?? {}))
      if (condition === 'service_completed_successfully') names.add(dep);
  return names;
}

describe('docker-compose.yml', () => {
  it('gives the api and the worker the same S3 bucket, endpoint and credentials', () => {
    const { api, worker } = config.services;
    for (const s of [api!, worker!]) {
      expect(s.environment).toMatchObject({
        OBJECT_STORAGE: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: SECRETS.S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: SECRETS.S3_SECRET_ACCESS_KEY,
        CERTIFICATE_KEY: SECRETS.CERTIFICATE_KEY,
      });
    }
    const bucket = api!.environment!.S3_BUCKET;
    expect(bucket).toBe('laudos');
    expect(worker!.environment!.S3_BUCKET).toBe(bucket);
    // MinIO runs with those credentials and the init job makes that bucket before either starts.
    expect(config.services.minio!.environment).toMatchObject({
      MINIO_ROOT_USER: SECRETS.S3_ACCESS_KEY_ID,
      MINIO_ROOT_PASSWORD: SECRETS.S3_SECRET_ACCESS_KEY,
    });
    expect(config.services['minio-init']!.environment).toMatchObject({ S3_BUCKET: bucket });
    expect(config.services['minio-init']!.entrypoint!.join(' ')).toContain('mc mb --ignore-existing');
    for (const s of [api!, worker!]) {
      expect(s.depends_on).toMatchObject({
        'minio-init': { condition: 'service_completed_successfully' },
        migrate: { condition: 'service_completed_successfully' },
        redis: { condition: 'service_healthy' },
      });
    }
  });

  it('runs the api, the worker and the migrations as compiled JavaScript from one image, never tsx', () => {
    const { api, worker, migrate } = config.services;
    expect(api!.command).toEqual(['node', 'dist/api/main.js']);
    expect(worker!.command).toEqual(['node', 'dist/worker/main.js']);
    expect(migrate!.command).toEqual(['node', 'dist/scripts/migrate.js']);
    for (const s of [api!, worker!, migrate!]) {
      expect(JSON.stringify([s.command, s.entrypoint, s.healthcheck])).not.toMatch(/tsx|npx/);
      expect(s.image).toBe(api!.image);
      expect(s.build).toEqual(api!.build);
    }
  });

  it('has a healthcheck on every long-running service', () => {
    const jobs = oneShots(config);
    expect([...jobs].sort()).toEqual(['migrate', 'minio-init', 'temporal-db-init', 'temporal-search-attributes']);
    const longRunning = Object.keys(config.services).filter((name) => !jobs.has(name));
    expect(longRunning.sort()).toEqual(['api', 'minio', 'postgres', 'proxy', 'redis', 'temporal', 'temporal-ui', 'worker']);
    const lacking = longRunning.filter((name) => (config.services[name]!.healthcheck?.test?.length ?? 0) < 2);
    expect(lacking).toEqual([]);
    expect(config.services.worker!.healthcheck!.test).toEqual(['CMD', 'node', 'dist/worker/healthcheck.js']);
    expect(config.services.api!.healthcheck!.test.join(' ')).toContain('/api/health');
    expect(config.services.proxy!.healthcheck!.test.join(' ')).toContain('/api/health');
  });

  it('publishes the platform through the proxy alone, so `--scale api=N --scale worker=N` can run', () => {
    const { api, worker, proxy } = config.services;
    // Two replicas cannot bind one host port: neither the api nor the worker publishes any.
    expect(api!.ports).toBeUndefined();
    expect(worker!.ports).toBeUndefined();
    expect(proxy!.ports).toEqual([{ published: 3000, target: 80 }]);
    expect(proxy!.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    // The official image at a fixed release, running the repository's config.
    expect(proxy!.image).toMatch(/^nginx:\d+\.\d+\.\d+-alpine$/);
    const conf = path.resolve(path.dirname(COMPOSE_FILE), 'deploy', 'nginx.conf');
    expect(proxy!.volumes).toEqual([`${conf}:/etc/nginx/nginx.conf:ro`]);
    // The config reaches the api by its service name and port, through Docker's DNS, and
    // listens where the port is published.
    const text = fs.readFileSync(conf, 'utf8');
    expect(text).toContain(`set $api http://api:${api!.environment!.PORT};`);
    expect(text).toMatch(/^ {2}resolver 127\.0\.0\.11 /m);
    expect(text).toMatch(/^ {4}listen 80;$/m);
    // The api trusts that one proxy's X-Forwarded-For entry.
    expect(api!.environment!.TRUST_PROXY).toBe('1');
  });

  it.each(Object.keys(SECRETS))('refuses to resolve without %s', (name) => {
    const env: Record<string, string> = { ...SECRETS };
    delete env[name];
    const r = composeConfig(env);
    expect(r.status).not.toBe(0);
    expect(r.config).toBeUndefined();
    expect(r.stderr).toContain(`set ${name}`);
  });
});
