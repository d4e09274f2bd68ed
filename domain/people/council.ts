/**
 * The professional council a person registers with (spec 3 §5: 'An incomplete class document
 * is an error'): CRM in a human-medicine account, CRMV in a veterinary one, with its number and
 * one of the 27 federative units. The shape itself is ProfessionalCouncil (professional-id.ts,
 * issue 12); this adds the checks of a registration form.
 */
import { type Council, ProfessionalCouncil } from './professional-id';

/** The council of an account's brand; null when the brand is not set (either is accepted). */
export function councilForAccount(isForHuman: boolean | null): Council | null {
  return isForHuman === null ? null : isForHuman ? 'CRM' : 'CRMV';
}

export type CouncilProblem =
  'PROFESSIONAL_COUNCIL_REQUIRED' | 'PROFESSIONAL_COUNCIL_INCOMPLETE' | 'PROFESSIONAL_COUNCIL_WRONG_TYPE';

export interface CouncilInput {
  type?: string | null;
  number?: string | null;
  uf?: string | null;
}

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';

/**
 * Nothing typed is fine unless `required`; anything typed must be whole (type, a valid number and
 * a UF); and the type must be the account's (`expected`), when the account has a brand.
 */
export function councilProblem(
  input: CouncilInput | null | undefined,
  opts: { required: boolean; expected: Council | null },
): CouncilProblem | null {
  const c = input ?? {};
  if (blank(c.type) && blank(c.number) && blank(c.uf)) return opts.required ? 'PROFESSIONAL_COUNCIL_REQUIRED' : null;
  const parsed = ProfessionalCouncil.safeParse({ type: c.type, number: c.number?.trim(), uf: c.uf?.trim().toUpperCase() });
  if (!parsed.success) return 'PROFESSIONAL_COUNCIL_INCOMPLETE';
  if (opts.expected && parsed.data.type !== opts.expected) return 'PROFESSIONAL_COUNCIL_WRONG_TYPE';
  return null;
}

/** The council as stored, or null when none was given; call after councilProblem said null. */
export function parseCouncil(input: CouncilInput | null | undefined): ProfessionalCouncil | null {
  const c = input ?? {};
  if (blank(c.type) && blank(c.number) && blank(c.uf)) return null;
  return ProfessionalCouncil.parse({ type: c.type, number: c.number?.trim(), uf: c.uf?.trim().toUpperCase() });
}
