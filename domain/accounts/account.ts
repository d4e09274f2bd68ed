/**
 * An account as its administration edits it (spec 3 §4): legal and trade names, billing and
 * notification e-mails, address, brand (isForHuman), do-not-use-PNG and results-portal flags,
 * and the two-factor flag — which is the TWO_FACTOR_REQUIRED setting, its one home.
 */
import { z } from 'zod';
import { Email } from '../people/email';
import { UFS } from '../people/professional-id';

const Text = (max: number) => z.string().trim().min(1).max(max);
const optional = <T extends z.ZodTypeAny>(s: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), s.nullable()).optional();

export const cepDigits = (text: string): string => text.replace(/[.\-\s]/g, '');

export const Address = z
  .object({
    street: optional(Text(200)),
    number: optional(Text(20)),
    city: optional(Text(100)),
    uf: optional(z.enum(UFS)),
    cep: optional(
      z
        .string()
        .trim()
        .transform(cepDigits)
        .pipe(z.string().regex(/^\d{8}$/)),
    ),
  })
  .strict();

export const AccountInput = z
  .object({
    name: Text(200),
    legalName: optional(Text(200)),
    billingEmail: optional(Email),
    notificationEmail: optional(Email),
    address: Address.default({}),
    isForHuman: z.boolean().nullable().default(true),
    doNotUsePng: z.boolean().default(false),
    resultsPortal: z.boolean().default(false),
    resultsPortalImages: z.boolean().default(false),
    twoFactorRequired: z.boolean().default(false),
  })
  .strict();
export type AccountInput = z.infer<typeof AccountInput>;

/** Deleting asks for the account's name, typed again (DELETE /accounts/:id?confirmName=). */
export const DeleteAccountBody = z.object({ confirmName: z.string().max(400) }).strict();

/** The typed name confirms when it matches the account's, ignoring case and outer spaces. */
export const confirmsName = (typed: string, name: string): boolean =>
  typed.trim().toLocaleLowerCase('pt-BR') === name.trim().toLocaleLowerCase('pt-BR');

export const AccountListQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    /** Keyset cursor: the last row's name and id. */
    afterName: z.string().max(200).optional(),
    afterId: z.string().uuid().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();

/** An account as the api answers it (GET/POST/PUT /accounts). */
export const AccountView = z.object({
  id: z.string(),
  name: z.string(),
  legalName: z.string().nullable(),
  billingEmail: z.string().nullable(),
  notificationEmail: z.string().nullable(),
  address: z.object({
    street: z.string().nullable(),
    number: z.string().nullable(),
    city: z.string().nullable(),
    uf: z.string().nullable(),
    cep: z.string().nullable(),
  }),
  isForHuman: z.boolean().nullable(),
  doNotUsePng: z.boolean(),
  resultsPortal: z.boolean(),
  resultsPortalImages: z.boolean(),
  twoFactorRequired: z.boolean(),
});
export type AccountView = z.infer<typeof AccountView>;
/** GET /accounts: a keyset page. */
export const AccountPage = z.object({
  data: z.array(AccountView),
  next: z.object({ afterName: z.string(), afterId: z.string() }).nullable(),
});
