import type { Config } from '../../../config/config';
import { resetPageUrl } from './reset-links';

const deps = (PUBLIC_URL?: string) => ({ config: { PUBLIC_URL, PORT: 8080 } as Config, listeningPort: () => 8080 });

describe('resetPageUrl: the link goes only to this platform’s own /resetPassword', () => {
  const site = deps('https://laudos.example.org');

  it('defaults to PUBLIC_URL/resetPassword, or localhost in development', () => {
    expect(resetPageUrl(site)).toBe('https://laudos.example.org/resetPassword');
    expect(resetPageUrl(deps())).toBe('http://localhost:8080/resetPassword');
  });

  it('accepts the callback under PUBLIC_URL, keeping its query but never a token of its own', () => {
    expect(resetPageUrl(site, 'https://laudos.example.org/resetPassword')).toBe('https://laudos.example.org/resetPassword');
    expect(resetPageUrl(site, 'https://laudos.example.org/resetPassword?lang=en&token=x#f')).toBe(
      'https://laudos.example.org/resetPassword?lang=en',
    );
    expect(resetPageUrl(deps('https://example.org/laudos/'), 'https://example.org/laudos/resetPassword')).toBe(
      'https://example.org/laudos/resetPassword',
    );
  });

  it.each([
    'https://evil.example/resetPassword',
    'https://laudos.example.org.evil.example/resetPassword',
    'http://laudos.example.org/resetPassword',
    'https://laudos.example.org:8443/resetPassword',
    'https://laudos.example.org/studies',
    'https://laudos.example.org/resetPassword/../studies',
    'https://attacker@laudos.example.org/resetPassword',
    '//evil.example/resetPassword',
    '/resetPassword',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', (callback) => {
    expect(() => resetPageUrl(site, callback)).toThrow(expect.objectContaining({ code: 'CALLBACK_URL_NOT_ALLOWED' }));
  });

  it('refuses a path outside a PUBLIC_URL that has one', () => {
    expect(() => resetPageUrl(deps('https://example.org/laudos'), 'https://example.org/resetPassword')).toThrow(
      expect.objectContaining({ code: 'CALLBACK_URL_NOT_ALLOWED' }),
    );
  });
});
