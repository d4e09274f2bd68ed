import { describe, expect, it } from '@jest/globals';
import { resolveBrand, toThemeMode } from './brand';

describe('resolveBrand', () => {
  it('follows the account flag when it is set', () => {
    expect(resolveBrand(true, 'vet.laudos.example')).toBe('human');
    expect(resolveBrand(false, 'app.laudos.example')).toBe('vet');
  });
  it('falls back to the host name when the flag is null', () => {
    expect(resolveBrand(null, 'laudosvet.example')).toBe('vet');
    expect(resolveBrand(null, 'VET.example')).toBe('vet');
    expect(resolveBrand(undefined, 'localhost')).toBe('human');
  });
});

describe('toThemeMode', () => {
  it('accepts only dark and light', () => {
    expect(toThemeMode('dark')).toBe('dark');
    expect(toThemeMode('light')).toBe('light');
    expect(toThemeMode('blue')).toBeNull();
    expect(toThemeMode(null)).toBeNull();
  });
});
