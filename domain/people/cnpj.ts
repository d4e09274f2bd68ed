/**
 * CNPJ, the Brazilian company tax id (spec 3 §4 'tax ID'): 14 digits whose last two are check
 * digits (modulo 11 with weights 5..2,9..2 and 6..2,9..2). Typed with or without its mask,
 * stored as the 14 digits.
 */
import { z } from 'zod';

export const cnpjDigits = (text: string): string => text.replace(/[.\-/\s]/g, '');

function checkDigit(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCnpj(text: string): boolean {
  const d = cnpjDigits(text);
  if (!/^\d{14}$/.test(d) || /^(\d)\1{13}$/.test(d)) return false;
  const first = checkDigit(d, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(d[12]) && second === Number(d[13]);
}

export const formatCnpj = (d: string): string => d.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');

export const Cnpj = z.string().trim().max(30).refine(isValidCnpj, 'invalid CNPJ').transform(cnpjDigits);
