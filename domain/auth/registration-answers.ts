/** What the sign-up, e-mail verification and invitation endpoints answer (api/registration/routes.ts). */
import { z } from 'zod';
import { COUNCILS } from '../people/professional-id';

const data = <S extends z.ZodType>(schema: S) => z.object({ data: schema });

/** The account of a sign-up link that takes strangers. */
export const SignupAccount = z.object({ id: z.string(), name: z.string(), isForHuman: z.boolean().nullable() });
export type SignupAccount = z.output<typeof SignupAccount>;
export const SignupAccountAnswer = data(SignupAccount);
/** The address the verification link went to. */
export const SignedUp = data(z.object({ email: z.string() }));
/** The same answer whether or not a link went out. */
export const VerificationResent = data(z.object({ sent: z.literal(true) }));
/** The user a verification or an invitation let in, to sign in with. */
export const UsernameAnswer = data(z.object({ username: z.string() }));

/** What the complete-registration page shows of an invitation. */
export const InvitationLookup = z.object({
  accountName: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  professional: z.boolean(),
  council: z.enum(COUNCILS).nullable(),
  existingUser: z.object({ username: z.string() }).nullable(),
});
export type InvitationLookup = z.output<typeof InvitationLookup>;
export const InvitationLookupAnswer = data(InvitationLookup);

export const INVITATION_STATES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
/** An invitation as the account's administrators list it. */
export const InvitationView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  professional: z.boolean(),
  state: z.enum(INVITATION_STATES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type InvitationView = z.output<typeof InvitationView>;
export const InvitationList = data(z.array(InvitationView));
export const InvitationAnswer = data(InvitationView);

/** Whether the account takes sign-ups from strangers (ALLOW_SIGNUP), and the link to hand out. */
export const OpenSignup = z.object({ open: z.boolean(), link: z.string() });
export type OpenSignup = z.output<typeof OpenSignup>;
export const OpenSignupAnswer = data(OpenSignup);
