/**
 * Giving a patient access to a result (issue 18; spec 3 §2 'sending result access by e-mail or
 * WhatsApp'): anyone who may read the study's report, in an account with the results portal on.
 *
 *   GET  /studies/:id/result-access         the active code's dates, WhatsApp availability and quota left
 *   POST /studies/:id/result-access         a code to print on the receipt {replace?}; 409 'Código de acesso já criado.'
 *   POST /studies/:id/result-access/send    a new code sent {channel: email|whatsapp, to}
 *
 * The code is shown once (only its hash is kept): printing again means a new code. A sent code
 * replaces the active one only once the message went out.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { accountSetting } from '../../domain/accounts/settings';
import { mayReadReports } from '../../domain/auth/permissions';
import { AppError } from '../../domain/errors';
import {
  type ResultAccessAnswer,
  type ResultAccessStatus,
  SendResultAccess,
  formatAccessCode,
} from '../../domain/portal/results-portal';
import { sendUserMail } from '../../services/mail/user-mail';
import { mailTransport } from '../../services/mail/transport';
import { sendWhatsapp, whatsappConfigured, whatsappUsed } from '../../services/portal/whatsapp';
import { type Access, actorFor } from '../access/access';
import { audit } from '../access/audit';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { publicBaseUrl } from '../documents/sign-report';
import { requestLang } from '../http/lang';
import { body, uuidParam } from '../http/validate';
import { findExam } from '../studies/study-queries';
import { accessMessage } from './access-message';
import { activateAccessCode, activeCode, createAccessCode, prepareAccessCode } from './access-codes';

export const CreateBody = z.object({ replace: z.boolean().default(false) });

export function resultAccessRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/studies/:id/result-access', requireSession(knex));

  /** The study, the account's portal flag and quota; refusals before anything is written. */
  const load = async (ctx: Context) => {
    const access: Access = await currentAccess(ctx, knex);
    const study = await findExam(knex, access, 'study', uuidParam(ctx, 'id'));
    if (!study) throw new AppError('NOT_FOUND');
    if (!mayReadReports(actorFor(access, study.institutionId))) throw new AppError('FORBIDDEN_ACCESS');
    const account = await knex('accounts').where({ id: access.accountId }).first('name', 'results_portal', 'config');
    if (!account?.results_portal) throw new AppError('RESULTS_PORTAL_DISABLED');
    return { access, study, account, quota: accountSetting(account.config, 'WHATSAPP_FREE_QUOTA') };
  };

  router.get('/studies/:id/result-access', async (ctx) => {
    const { access, study, quota } = await load(ctx);
    const active = await activeCode(knex, study.id);
    const configured = whatsappConfigured(deps.config);
    ctx.body = {
      active: active
        ? { createdAt: active.created_at.toISOString(), lastUsedAt: active.last_used_at?.toISOString() ?? null }
        : null,
      whatsapp: { configured, remaining: configured ? Math.max(0, quota - (await whatsappUsed(knex, access.accountId))) : null },
    } satisfies ResultAccessStatus;
  });

  router.post('/studies/:id/result-access', async (ctx) => {
    const { access, study } = await load(ctx);
    const { replace } = body(ctx, CreateBody);
    const made = await createAccessCode(knex, { accountId: access.accountId, studyId: study.id, userId: access.userId }, replace);
    await audit(knex, access, 'portal.code', study.id, ctx.ip, { replace });
    ctx.status = 201;
    ctx.body = {
      code: formatAccessCode(made.code),
      createdAt: made.createdAt.toISOString(),
      whatsappRemaining: null,
    } satisfies ResultAccessAnswer;
  });

  router.post('/studies/:id/result-access/send', async (ctx) => {
    const { access, study, account, quota } = await load(ctx);
    const input = body(ctx, SendResultAccess);
    if (input.channel === 'whatsapp' && !whatsappConfigured(deps.config)) throw new AppError('WHATSAPP_NOT_CONFIGURED');
    // Not yet active: a refused or failed send leaves the code already printed working.
    const made = await prepareAccessCode(knex, { accountId: access.accountId, studyId: study.id, userId: access.userId });
    const lang = requestLang(ctx);
    const message = accessMessage(lang, {
      accountName: account.name,
      examType: study.examType ?? null,
      patientId: study.patientId ?? '',
      code: made.code,
      portalUrl: `${publicBaseUrl(deps)}/resultados`,
    });
    let whatsappRemaining: number | null = null;
    if (input.channel === 'email') {
      const sent = await sendUserMail(deps, mailTransport(deps.config), {
        kind: 'portal.result-access',
        to: input.to,
        toUserId: null,
        accountId: access.accountId,
        ...message,
      });
      if (sent.status === 'error') throw new AppError('SHARE_SEND_FAILED');
    } else {
      whatsappRemaining = (
        await sendWhatsapp(knex, deps.config, {
          accountId: access.accountId,
          studyId: study.id,
          userId: access.userId,
          to: input.to,
          text: message.text,
          quota,
        })
      ).remaining;
    }
    const createdAt = await activateAccessCode(knex, study.id, made.id);
    await audit(knex, access, 'portal.send', study.id, ctx.ip, { channel: input.channel });
    ctx.body = {
      code: formatAccessCode(made.code),
      createdAt: createdAt.toISOString(),
      whatsappRemaining,
    } satisfies ResultAccessAnswer;
  });

  return router;
}
