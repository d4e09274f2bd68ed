/**
 * Standard phrases (spec 1 §7 `POST and GET /phrases/accounts/{id}`): the editor's picker
 * searches by code or title, expands a typed code, and creates phrases; the administration
 * and each user (their own phrases) change and delete them (issue 16).
 */
import Router from '@koa/router';
import { AppError } from '../../domain/errors';
import { CreatePhraseBody, PhraseSearchQuery, UpdatePhraseBody } from '../../domain/workspace/phrases';
import { parseOrThrow } from '../../domain/workspace/validate';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query, uuidParam } from '../http/validate';
import { accountParam } from './account-param';
import { canCreatePhrases, createPhrase, deletePhrase, findPhraseByCode, searchPhrases, updatePhrase } from './phrases';

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
    const body = parseOrThrow(CreatePhraseBody, (ctx.request as { body?: unknown }).body ?? {});
    if (body.scope === 'account' && !canCreatePhrases(access)) throw new AppError('FORBIDDEN_ACCESS');
    ctx.status = 201;
    ctx.body = { phrase: await createPhrase(knex, access, body) };
  });

  router.put('/phrases/accounts/:accountId/:phraseId', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    accountParam(ctx, access);
    const id = uuidParam(ctx, 'phraseId');
    const body = parseOrThrow(UpdatePhraseBody, (ctx.request as { body?: unknown }).body ?? {});
    ctx.body = { phrase: await updatePhrase(knex, access, id, body) };
  });

  router.delete('/phrases/accounts/:accountId/:phraseId', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    accountParam(ctx, access);
    await deletePhrase(knex, access, uuidParam(ctx, 'phraseId'));
    ctx.status = 204;
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
