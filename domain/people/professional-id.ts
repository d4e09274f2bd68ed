/**
 * A doctor's identity for signing (spec 3 §5 "document and professional council"): the CPF
 * (11 digits with its two check digits) and the professional council — CRM for physicians,
 * CRMV for veterinarians — with its number and the federative unit that registered it.
 * The CPF is what ties an ICP-Brasil certificate to its holder (DOC-ICP-04 otherName).
 */
import { z } from 'zod';

/** The 26 states and the Federal District. */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type Uf = (typeof UFS)[number];

export const COUNCILS = ['CRM', 'CRMV'] as const;
export type Council = (typeof COUNCILS)[number];

/** The digits of a CPF typed with or without its dots and dash. */
export const cpfDigits = (text: string): string => text.replace(/[.\-\s]/g, '');

/** Eleven digits whose two last are the check digits of the first nine (not all the same digit). */
export function isValidCpf(text: string): boolean {
  const d = cpfDigits(text);
  if (!/^\d{11}$/.test(d) || /^(\d)\1{10}$/.test(d)) return false;
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === Number(d[9]) && check(10) === Number(d[10]);
}

/** '12345678909' → '123.456.789-09' */
export const formatCpf = (d: string): string => d.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

export const Cpf = z.string().trim().refine(isValidCpf, 'invalid CPF').transform(cpfDigits);

export const ProfessionalCouncil = z
  .object({
    type: z.enum(COUNCILS),
    /** The registration number as the council prints it (digits, sometimes a suffix). */
    number: z
      .string()
      .trim()
      .regex(/^\d{1,10}(-?[A-Za-z0-9]{1,3})?$/, 'invalid council number'),
    uf: z.enum(UFS),
  })
  .strict();
export type ProfessionalCouncil = z.infer<typeof ProfessionalCouncil>;

/** What a user sets of their own: both may be cleared with null. */
export const ProfessionalId = z.object({ cpf: Cpf.nullable(), council: ProfessionalCouncil.nullable() }).strict();
export type ProfessionalId = z.infer<typeof ProfessionalId>;

/** 'CRM 123456/SP', 'CRMV 4567/MG' — as printed under a signature. */
export const councilText = (c: ProfessionalCouncil): string => `${c.type} ${c.number}/${c.uf}`;
