import type { Knex } from 'knex';
import { z } from 'zod';
import { newToken, hashToken } from '../tokens';

export const CreateConnectBody = z.object({
  name: z.string().trim().min(1).max(200),
  institutionId: z.string().uuid(),
  aeTitle: z
    .string()
    .trim()
    .regex(/^[\x20-\x7e]{1,16}$/)
    .refine((s) => !s.includes('\\'))
    .optional(),
});
export type CreateConnectBody = z.infer<typeof CreateConnectBody>;

export interface ConnectView {
  id: string;
  name: string;
  institutionId: string;
  aeTitle: string | null;
  active: boolean;
  createdAt: string;
}

/** A Connect key: shown once, stored only as its hash. */
export function newConnectKey(): string {
  return `lcn_${newToken()}`;
}

export async function createConnect(
  knex: Knex,
  accountId: string,
  body: CreateConnectBody,
  createdBy: string | null,
): Promise<{ connect: ConnectView; key: string }> {
  const key = newConnectKey();
  const [row] = await knex('connects')
    .insert({
      account_id: accountId,
      institution_id: body.institutionId,
      name: body.name,
      ae_title: body.aeTitle ?? null,
      key_hash: hashToken(key),
      created_by: createdBy,
    })
    .returning('*');
  return { connect: view(row), key };
}

export async function listConnects(knex: Knex, accountId: string): Promise<ConnectView[]> {
  return (await knex('connects').where({ account_id: accountId }).orderBy('created_at')).map(view);
}

function view(r: Record<string, any>): ConnectView {
  return {
    id: r.id,
    name: r.name,
    institutionId: r.institution_id,
    aeTitle: r.ae_title,
    active: r.active,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
