/**
 * The registration forms' own data and its live checks (pure): the i18n key of each field's
 * problem, with the same rules the server applies (domain/people/*), and the field a server
 * refusal belongs to.
 */
import { isValidEmail } from '../../../../domain/people/email';
import { isValidMobile } from '../../../../domain/people/mobile';
import { isValidCpf } from '../../../../domain/people/professional-id';
import { usernameProblem } from '../../../../domain/people/username';

export interface PersonDraft {
  name: string;
  username: string;
  email: string;
  mobile: string;
  cpf: string;
}
export type PersonField = keyof PersonDraft;

export const emptyPerson: PersonDraft = { name: '', username: '', email: '', mobile: '', cpf: '' };

/** The i18n key of each field's problem (null: fine), empty fields counted only when `touched`. */
export function personProblems(d: PersonDraft, touched: boolean): Record<PersonField, string | null> {
  const empty = (v: string) => (touched && v.trim() === '' ? 'signup.required' : null);
  const username = d.username.trim() === '' ? null : usernameProblem(d.username);
  return {
    name: empty(d.name),
    username: empty(d.username) ?? (username ? `signup.username.${username}` : null),
    email: empty(d.email) ?? (d.email.trim() && !isValidEmail(d.email) ? 'signup.email.invalid' : null),
    mobile: empty(d.mobile) ?? (d.mobile.trim() && !isValidMobile(d.mobile) ? 'signup.mobile.invalid' : null),
    cpf: empty(d.cpf) ?? (d.cpf.trim() && !isValidCpf(d.cpf) ? 'signup.cpf.invalid' : null),
  };
}

/** The field a server refusal belongs to, so it shows under that field. */
export const SERVER_CODE_FIELD: Record<string, PersonField | 'password' | 'terms' | 'council'> = {
  NAME_REQUIRED: 'name',
  USERNAME_INVALID: 'username',
  USERNAME_IN_USE: 'username',
  EMAIL_INVALID: 'email',
  MOBILE_INVALID: 'mobile',
  CPF_INVALID: 'cpf',
  CPF_IN_USE: 'cpf',
  PASSWORD_WEAK: 'password',
  PASSWORDS_DIFFERENT: 'password',
  TERMS_NOT_ACCEPTED: 'terms',
  PROFESSIONAL_COUNCIL_REQUIRED: 'council',
  PROFESSIONAL_COUNCIL_INCOMPLETE: 'council',
  PROFESSIONAL_COUNCIL_WRONG_TYPE: 'council',
};
