/**
 * Standard phrases (spec 1 §7 `POST and GET /phrases/accounts/{id}`): the editor's picker
 * searches by code or title, expands a typed code, and creates phrases.
 */
import Router from '@koa/router';
import { AppError } from '../../domain/errors';
import { CreatePhraseBody, PhraseSearchQuery } from '../../domain/workspace/phrases';
import { parseOrThrow } from '../../domain/workspace/validate';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query } from '../http/validate';
import { accountParam } from './account-param';
import { canCreatePhrases, createPhrase, findPhraseByCode, searchPhrases } from './phrases';

export function phraseRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(requireSession(knex));

  router.get('/phrases/accounts/:accountId', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    accountParam(ctx, access);
    const opts = query(ctx, PhraseSearchQuery);
    ctx.body = { phrases: await searchPhrases(knex, access, opts) };
  });

  router.post('/phrases/accounts/:accountId', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    accountParam(ctx, access);
    if (!canCreatePhrases(access)) throw new AppError('FORBIDDEN_ACCESS');
    const body = parseOrThrow(CreatePhraseBody, (ctx.request as { body?: unknown }).body ?? {});
    ctx.status = 201;
    ctx.body = { phrase: await createPhrase(knex, access, body) };
  });

  router.get('/phrases/accounts/:accountId/code/:code', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    accountParam(ctx, access);
    const phrase = await findPhraseByCode(knex, access, String(ctx.params.code ?? ''));
    if (!phrase) throw new AppError('NOT_FOUND');
    ctx.body = { phrase };
  });

  return router;
}
