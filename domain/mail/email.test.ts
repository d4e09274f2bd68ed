import { EMAIL_MAX_LENGTH, ShareRequest, isValidEmail } from './email';

describe('share e-mail check', () => {
  it.each(['tutor@clinica.com.br', 'a.b+vet@example.org', '  dono@pets.app  ', 'x@sub.domain.io'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'abc',
    'abc@',
    '@clinica.com',
    'tutor@clinica',
    'tutor clinica@x.com',
    'a@x.com, b@y.com',
    'a@x.com;b@y.com',
    'tutor@@x.com',
    'tutor@x..com',
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('trims and keeps the address within 254 characters', () => {
    expect(ShareRequest.parse({ email: ' tutor@clinica.com ' })).toEqual({ email: 'tutor@clinica.com' });
    const local = 'a'.repeat(64);
    const domainAt = (n: number) => `${'b'.repeat(n - local.length - 1 - 4)}.com`;
    const longest = `${local}@${domainAt(EMAIL_MAX_LENGTH)}`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    // The domain labels must be ≤ 63 characters to be an address at all.
    const dotted = (s: string) => s.replace(/b{60}/g, (m) => `${m.slice(0, 59)}.`);
    expect(isValidEmail(dotted(longest))).toBe(true);
    expect(isValidEmail(dotted(`${local}@b${domainAt(EMAIL_MAX_LENGTH)}`))).toBe(false);
  });

  it('takes exactly one field', () => {
    expect(ShareRequest.safeParse({ email: 'a@b.co', cc: 'c@d.co' }).success).toBe(false);
    expect(ShareRequest.safeParse({}).success).toBe(false);
  });
});
