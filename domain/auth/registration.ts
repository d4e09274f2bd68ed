/**
 * What a sign-up and a completed invitation send (spec 3 §5), validated by the server with the
 * same rules the forms show live. Each rule's message is the error code the API answers, so the
 * first problem found becomes one clear answer (USERNAME_INVALID, CPF_INVALID…), not a bare
 * MALFORMED_REQUEST.
 */
import { z } from 'zod';
import { NewPassword, PASSWORD_MAX_LENGTH } from './password-policy';
import { TERMS_VERSION } from './terms';
import { Email } from '../people/email';
import { Mobile } from '../people/mobile';
import { Username } from '../people/username';
import { cpfDigits, isValidCpf } from '../people/professional-id';

const Name = z.string().trim().min(1, { message: 'NAME_REQUIRED' }).max(200, { message: 'NAME_REQUIRED' });
const Cpf = z.string().max(40).refine(isValidCpf, { message: 'CPF_INVALID' }).transform(cpfDigits);
/** The version of the terms the form showed and the user accepted: only the current one counts. */
const TermsAccepted = z.string().refine((v) => v === TERMS_VERSION, { message: 'TERMS_NOT_ACCEPTED' });

/** The user's own data, common to both forms, in the forms' order (the first problem is answered). */
const person = {
  mobile: Mobile,
  cpf: Cpf,
  password: NewPassword,
  passwordConfirmation: z.string().max(PASSWORD_MAX_LENGTH),
  termsVersion: TermsAccepted,
};

const passwordsMatch = (b: { password: string; passwordConfirmation: string }) => b.password === b.passwordConfirmation;
const PASSWORDS_DIFFERENT = { message: 'PASSWORDS_DIFFERENT', path: ['passwordConfirmation'] };

/** POST /auth/signup: a stranger signing up to an account open to sign-up (ALLOW_SIGNUP). */
export const SignupBody = z
  .object({ accountId: z.string().uuid(), name: Name, username: Username, email: Email, ...person })
  .strict()
  .refine(passwordsMatch, PASSWORDS_DIFFERENT);
export type SignupBody = z.infer<typeof SignupBody>;

/** The council as typed; councilProblem (people/council.ts) judges it against the invitation. */
export const CouncilInput = z
  .object({ type: z.string().max(10).nullish(), number: z.string().max(40).nullish(), uf: z.string().max(10).nullish() })
  .strict();

/** POST /auth/invitations/complete: an invited person without a user creates one. */
export const CompleteRegistrationBody = z
  .object({ token: z.string().min(1).max(200), name: Name, username: Username, ...person, council: CouncilInput.nullish() })
  .strict()
  .refine(passwordsMatch, PASSWORDS_DIFFERENT);
export type CompleteRegistrationBody = z.infer<typeof CompleteRegistrationBody>;

/** POST /accounts/:accountId/invitations. `professional`: the invitee reports or signs, so a council is required. */
export const InvitationBody = z
  .object({ email: Email, name: z.string().trim().max(200).optional(), professional: z.boolean().default(false) })
  .strict();
export type InvitationBody = z.infer<typeof InvitationBody>;

/** The code a field answers when it is missing or of the wrong type. */
const FIELD_CODES: Record<string, string> = {
  accountId: 'SIGNUP_CLOSED',
  token: 'INVITATION_INVALID',
  name: 'NAME_REQUIRED',
  username: 'USERNAME_INVALID',
  email: 'EMAIL_INVALID',
  mobile: 'MOBILE_INVALID',
  cpf: 'CPF_INVALID',
  password: 'PASSWORD_WEAK',
  passwordConfirmation: 'PASSWORDS_DIFFERENT',
  termsVersion: 'TERMS_NOT_ACCEPTED',
  council: 'PROFESSIONAL_COUNCIL_INCOMPLETE',
};

/** The code of the first problem of a failed parse (MALFORMED_REQUEST when it is not a field's). */
export function registrationProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'MALFORMED_REQUEST';
  if (/^[A-Z_]+$/.test(issue.message) && issue.code === 'custom') return issue.message;
  const field = String(issue.path[0] ?? '');
  return FIELD_CODES[field] ?? 'MALFORMED_REQUEST';
}
