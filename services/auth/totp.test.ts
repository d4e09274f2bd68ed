import { execFileSync } from 'node:child_process';
import { generateSync } from 'otplib';
import { newTotpSecret, totpAt, totpUri, verifyTotp } from './totp';

// RFC 6238 Appendix B: the seeds are the ASCII bytes below, 8-digit codes.
const SEEDS = {
  sha1: '12345678901234567890',
  sha256: '12345678901234567890123456789012',
  sha512: '1234567890123456789012345678901234567890123456789012345678901234',
} as const;
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

test.each(VECTORS)('RFC 6238 Appendix B at T=%d', (epoch, sha1, sha256, sha512) => {
  const at = (algorithm: keyof typeof SEEDS) =>
    generateSync({ secret: new Uint8Array(Buffer.from(SEEDS[algorithm])), epoch, digits: 8, algorithm });
  expect([at('sha1'), at('sha256'), at('sha512')]).toEqual([sha1, sha256, sha512]);
});

test('a code from Debian oathtool is accepted; replayed and three-steps-old codes are not', () => {
  const secret = newTotpSecret();
  const now = Math.floor(Date.now() / 1000);
  const oath = (epoch: number) =>
    execFileSync('oathtool', [
      '--totp',
      '-b',
      '--now',
      new Date(epoch * 1000).toISOString().replace('T', ' ').slice(0, 19) + ' UTC',
      secret,
    ])
      .toString()
      .trim();
  const code = oath(now);
  expect(code).toBe(totpAt(secret, now));
  const step = verifyTotp({ secret, token: code, lastStep: null, epochSeconds: now });
  expect(step).toBe(Math.floor(now / 30));
  // The same code again (replay), and any code of a step at or before the one used.
  expect(verifyTotp({ secret, token: code, lastStep: step, epochSeconds: now })).toBeNull();
  expect(verifyTotp({ secret, token: oath(now - 30), lastStep: step, epochSeconds: now })).toBeNull();
  // Three steps old: outside the ±1 window.
  expect(verifyTotp({ secret, token: oath(now - 90), lastStep: null, epochSeconds: now })).toBeNull();
  // One step either side: clock drift is tolerated.
  expect(verifyTotp({ secret, token: oath(now - 30), lastStep: null, epochSeconds: now })).toBe(Math.floor(now / 30) - 1);
  expect(verifyTotp({ secret, token: oath(now + 30), lastStep: null, epochSeconds: now })).toBe(Math.floor(now / 30) + 1);
});

test('malformed codes are refused without a check', () => {
  const secret = newTotpSecret();
  for (const token of ['', '12345', '1234567', 'abcdef', ' 123456']) {
    expect(verifyTotp({ secret, token, lastStep: null })).toBeNull();
  }
});

test('the otpauth address names the issuer and the user', () => {
  expect(totpUri('JBSWY3DPEHPK3PXP', { issuer: 'Laudos', label: 'dr.silva' })).toBe(
    'otpauth://totp/Laudos:dr.silva?secret=JBSWY3DPEHPK3PXP&issuer=Laudos',
  );
});
