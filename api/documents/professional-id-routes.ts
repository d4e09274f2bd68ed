/**
 * The caller's own CPF and professional council (issue 12), set where they manage their A1:
 * the CPF is what an ICP-Brasil certificate must name for it to be theirs, the council is
 * printed under their signature. Managing other users is a later issue.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { Cpf, ProfessionalCouncil } from '../../domain/people/professional-id';
import { requireSession, sessionOf } from '../auth/session';
import type { ApiDeps } from '../deps';
import { a1SessionCache } from './a1-session-cache';

export const ProfessionalIdBody = z.object({ cpf: z.unknown(), council: z.unknown() }).strict();

/** The body's fields, each refused with its own message (spec 3 §5). */
function parseBody(raw: unknown): { cpf: string | null; council: ProfessionalCouncil | null } {
  const b = ProfessionalIdBody.safeParse(raw ?? {});
  if (!b.success) throw new AppError('MALFORMED_REQUEST');
  const cpfText = b.data.cpf;
  let cpf: string | null = null;
  if (cpfText !== null && cpfText !== undefined && cpfText !== '') {
    const parsed = Cpf.safeParse(cpfText);
    if (!parsed.success) throw new AppError('CPF_INVALID');
    cpf = parsed.data;
  }
  let council: ProfessionalCouncil | null = null;
  if (b.data.council !== null && b.data.council !== undefined) {
    const parsed = ProfessionalCouncil.safeParse(b.data.council);
    if (!parsed.success) throw new AppError('PROFESSIONAL_COUNCIL_INCOMPLETE');
    council = parsed.data;
  }
  return { cpf, council };
}

export function professionalIdRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(requireSession(knex));

  const read = async (userId: string) => {
    const u = await knex('users').where({ id: userId }).first('cpf', 'council_type', 'council_number', 'council_uf');
    const council = ProfessionalCouncil.safeParse({ type: u?.council_type, number: u?.council_number, uf: u?.council_uf });
    return { cpf: (u?.cpf as string | null) ?? null, council: council.success ? council.data : null };
  };

  router.get('/profile/professional-id', async (ctx) => {
    ctx.body = await read(sessionOf(ctx).user.id);
  });

  router.put('/profile/professional-id', async (ctx) => {
    const userId = sessionOf(ctx).user.id;
    const next = parseBody((ctx.request as { body?: unknown }).body);
    if (next.cpf) {
      const taken = await knex('users').where({ cpf: next.cpf }).whereNot({ id: userId }).first('id');
      if (taken) throw new AppError('CPF_IN_USE');
    }
    try {
      await knex('users')
        .where({ id: userId })
        .update({
          cpf: next.cpf,
          council_type: next.council?.type ?? null,
          council_number: next.council?.number ?? null,
          council_uf: next.council?.uf ?? null,
          updated_at: new Date(),
        });
    } catch (err) {
      // Two users saving the same CPF at once: the unique index decides.
      if ((err as { constraint?: string }).constraint === 'users_cpf_unique') throw new AppError('CPF_IN_USE');
      throw err;
    }
    // An opened certificate was checked against the old CPF: it is opened (and checked) again.
    a1SessionCache.forgetUser(userId);
    ctx.body = await read(userId);
  });

  return router;
}
