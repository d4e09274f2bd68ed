/**
 * The WhatsApp adapter (issue 18): one provider behind WHATSAPP_PROVIDER_URL, POSTed `{ to, text }`
 * as JSON with a bearer token, answering `{ id }` (Twilio, Zenvia, Gupshup and the Cloud API each
 * sit behind a small gateway that speaks this). Every attempt is recorded in whatsapp_messages,
 * which also counts the account's free evaluation quota (spec 3 §9).
 */
import type { Knex } from 'knex';
import type { Config } from '../../config/config';
import { AppError } from '../../domain/errors';

export interface WhatsappSend {
  accountId: string;
  studyId: string;
  userId: string;
  to: string;
  text: string;
  /** The account's free quota (WHATSAPP_FREE_QUOTA). */
  quota: number;
}

type WhatsappConfig = Pick<Config, 'WHATSAPP_PROVIDER_URL' | 'WHATSAPP_TOKEN' | 'WHATSAPP_TIMEOUT_MS'>;

export const whatsappConfigured = (config: WhatsappConfig): boolean => Boolean(config.WHATSAPP_PROVIDER_URL);

/** Messages the account sent (successfully) so far. */
export async function whatsappUsed(knex: Knex, accountId: string): Promise<number> {
  const row = await knex('whatsapp_messages').where({ account_id: accountId, status: 'sent' }).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/**
 * Sends one message; answers the free messages left after it. WHATSAPP_FREE_LIMIT once the
 * quota is used (checked under an advisory lock per account, so 20 sends at once never pass it),
 * WHATSAPP_SEND_FAILED when the provider refuses or does not answer in time (recorded, not counted).
 */
export async function sendWhatsapp(knex: Knex, config: WhatsappConfig, m: WhatsappSend): Promise<{ remaining: number }> {
  if (!config.WHATSAPP_PROVIDER_URL) throw new AppError('WHATSAPP_NOT_CONFIGURED');
  // The lock must span the provider call (20 sends at once stay within the quota), and a body
  // that may have sent a message must not run twice: not inTransaction.
  // eslint-disable-next-line no-restricted-syntax
  return knex
    .transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`whatsapp:${m.accountId}`]);
      const used = await whatsappUsed(trx, m.accountId);
      if (used >= m.quota) throw new AppError('WHATSAPP_FREE_LIMIT');
      let providerId: string | null = null;
      let ok: boolean;
      try {
        const res = await fetch(config.WHATSAPP_PROVIDER_URL!, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.WHATSAPP_TOKEN ? { authorization: `Bearer ${config.WHATSAPP_TOKEN}` } : {}),
          },
          body: JSON.stringify({ to: m.to, text: m.text }),
          signal: AbortSignal.timeout(config.WHATSAPP_TIMEOUT_MS),
        });
        const body = (await res.json().catch(() => ({}))) as { id?: unknown };
        ok = res.ok;
        providerId = typeof body.id === 'string' ? body.id.slice(0, 200) : null;
      } catch {
        ok = false;
      }
      await trx('whatsapp_messages').insert({
        account_id: m.accountId,
        study_id: m.studyId,
        to: m.to,
        status: ok ? 'sent' : 'error',
        provider_id: providerId,
        created_by: m.userId,
      });
      if (!ok) return { remaining: -1 };
      return { remaining: Math.max(0, m.quota - used - 1) };
    })
    .then((r) => {
      // The failed attempt's row is committed; the refusal is answered after it.
      if (r.remaining < 0) throw new AppError('WHATSAPP_SEND_FAILED');
      return r;
    });
}
