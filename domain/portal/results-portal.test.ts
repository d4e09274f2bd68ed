import { describe, expect, it } from '@jest/globals';
import {
  ACCESS_CODE_ALPHABET,
  SendResultAccess,
  accessCodeFrom,
  birthDay,
  formatAccessCode,
  normalizeAccessCode,
} from './results-portal';

describe('results portal', () => {
  it('makes codes from the unambiguous alphabet and reads them back however typed', () => {
    const code = accessCodeFrom(Uint8Array.from({ length: 10 }, (_, i) => i * 29));
    expect(code).toHaveLength(10);
    for (const c of code) expect(ACCESS_CODE_ALPHABET).toContain(c);
    expect(ACCESS_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(normalizeAccessCode(` ${formatAccessCode(code).toLowerCase()} `)).toBe(code);
  });

  it('takes birth dates as dd/mm/yyyy or ISO days, and nothing invalid', () => {
    expect(birthDay('05/03/1980')).toBe('1980-03-05');
    expect(birthDay('1980-03-05')).toBe('1980-03-05');
    expect(birthDay('31/02/1980')).toBeNull();
    expect(birthDay('')).toBeNull();
    expect(birthDay('1980/03/05')).toBeNull();
  });

  it('accepts WhatsApp numbers as people write them', () => {
    expect(SendResultAccess.parse({ channel: 'whatsapp', to: '+55 (11) 98765-4321' })).toEqual({
      channel: 'whatsapp',
      to: '5511987654321',
    });
    expect(SendResultAccess.safeParse({ channel: 'whatsapp', to: '12345' }).success).toBe(false);
    expect(SendResultAccess.safeParse({ channel: 'email', to: 'x' }).success).toBe(false);
  });
});
