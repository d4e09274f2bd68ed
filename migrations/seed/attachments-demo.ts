/** Demo attachment types of an account (spec 2 §3: title and allowed extensions). Runs once per account. */
import type { Knex } from 'knex';

export const DEMO_ATTACHMENT_TYPES = [
  { title: 'Pedido médico', extensions_allowed: ['pdf', 'jpg', 'jpeg', 'png'] },
  { title: 'Exame anterior', extensions_allowed: ['pdf'] },
  { title: 'Termo de consentimento', extensions_allowed: ['pdf', 'jpg', 'jpeg', 'png'] },
];

export async function seedAttachmentTypes(knex: Knex, accountId: string): Promise<void> {
  await knex('attachment_types')
    .insert(DEMO_ATTACHMENT_TYPES.map((t) => ({ account_id: accountId, ...t })))
    .onConflict(['account_id', 'title'])
    .ignore();
}
