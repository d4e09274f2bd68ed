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
