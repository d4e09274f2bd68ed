/**
 * An institution as its account's administrators edit it (spec 3 §4): name, e-mail, phone,
 * CNPJ, responsible physician (a user of the account), study-download flag and AE Title
 * (unique in the account). The logo has its own route (logo.ts).
 */
import { z } from 'zod';
import { Email } from '../people/email';
import { Cnpj } from '../people/cnpj';
import { AnyPhone } from '../people/phones';
import { AeTitle } from './ae-title';

const optional = <T extends z.ZodTypeAny>(s: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), s.nullable()).optional();

export const InstitutionInput = z
  .object({
    name: z.string().trim().min(2).max(200),
    email: optional(Email),
    phone: optional(AnyPhone),
    cnpj: optional(Cnpj),
    responsibleUserId: optional(z.string().uuid()),
    allowStudyDownload: z.boolean().default(true),
    aeTitle: optional(AeTitle),
  })
  .strict();
export type InstitutionInput = z.infer<typeof InstitutionInput>;

export const InstitutionActiveBody = z.object({ active: z.boolean() }).strict();

export const InstitutionListQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    /** Administration lists also show deactivated institutions; filters do not. */
    includeInactive: z.enum(['true', 'false']).optional(),
    afterName: z.string().max(200).optional(),
    afterId: z.string().uuid().optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .strict();

/** An institution as the api answers it. */
export const InstitutionView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  cnpj: z.string().nullable(),
  responsibleUserId: z.string().nullable(),
  responsibleName: z.string().nullable(),
  allowStudyDownload: z.boolean(),
  aeTitle: z.string().nullable(),
  active: z.boolean(),
  logoUpdatedAt: z.string().nullable(),
});
export type InstitutionView = z.infer<typeof InstitutionView>;
/** GET /institutions: the reachable institutions, a keyset page when `limit` is sent. */
export const InstitutionPage = z.object({
  canManage: z.boolean(),
  institutions: z.array(InstitutionView),
  next: z.object({ afterName: z.string(), afterId: z.string() }).nullable(),
});

/** GET /accounts/:accountId/doctors: the account's users, whom an institution may name as its responsible physician. */
export const AccountDoctors = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) });
