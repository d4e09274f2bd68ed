import { FullPath, MAX_FULL_PATH, allowsDownloadConnect, isConnectReachable } from './download-request';

describe('FullPath', () => {
  it.each(['/srv/exames', 'C:\\Exames\\Laudos', 'd:/x', '/a/./b', '  /trimmed  '])('accepts %j', (p) => {
    expect(FullPath.safeParse(p).success).toBe(true);
  });
  it.each([
    '',
    'exames',
    './x',
    '/srv/../etc',
    'C:\\Exames\\..\\Windows',
    '..',
    '\\\\server\\share',
    '//host/share',
    '  //host/share',
    '/\\host\\share',
    '\\/host/share',
    '/x\u0000y',
    '/tab\there',
    '/' + 'a'.repeat(MAX_FULL_PATH),
  ])('refuses %j', (p) => {
    expect(FullPath.safeParse(p).success).toBe(false);
  });
});

it('an agent is reachable while it has polled recently', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  expect(isConnectReachable(new Date(now - 5_000), now)).toBe(true);
  expect(isConnectReachable(new Date(now - 60_000), now)).toBe(false);
  expect(isConnectReachable(null, now)).toBe(false);
});

it('allowDownloadConnect is on only when set true', () => {
  expect(allowsDownloadConnect({ allowDownloadConnect: 'true' })).toBe(true);
  expect(allowsDownloadConnect({ allowDownloadConnect: true })).toBe(true);
  expect(allowsDownloadConnect({ allowDownloadConnect: 'false' })).toBe(false);
  expect(allowsDownloadConnect({})).toBe(false);
  expect(allowsDownloadConnect(null)).toBe(false);
});
