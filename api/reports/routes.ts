/**
 * The report calls of spec 1 §7 and spec 2 §7, each one action of the lifecycle (issue 3).
 * Every route: session → caller's study → pre-check → stored text → Workflow Update.
 */
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import getRawBody from 'raw-body';
import type { z } from 'zod';
import { isMp3 } from '../../domain/audio/mp3';
import { AppError } from '../../domain/errors';
import { REOPEN_MOTIVES } from '../../domain/laudo/inputs';
import { check } from '../../domain/laudo/transitions';
import { actorFor } from '../access/access';
import { permissionHolders } from '../../services/access/holders';
import { audit } from '../access/audit';
import { requireSession, sessionOf } from '../auth/session';
import type { ApiDeps } from '../deps';
import { isTooLarge } from '../http/errors';
import { body, query } from '../http/validate';
import { readContent } from '../../services/reports/contents';
import {
  type ReportContext,
  answerIfApplied,
  idempotencyKeyOf,
  loadReportContext as loadContext,
  runReportAction,
} from './run-action';
import { assertMayReadReport } from './read-access';
import type { ExamKind } from '../studies/study-queries';
import {
  AssociateBody,
  ChangeDoctorBody,
  DisassociateBody,
  Empty,
  FinishTypingBody,
  GiveOpinionBody,
  OPINION_CONCLUSIONS,
  OptionalContent,
  ReopenBody,
  RequestOpinionBody,
  ReviewBody,
  SaveBody,
  SignBody,
  StartBody,
  StartQuery,
} from './bodies';
import type { Context } from 'koa';
import { listVersions } from './versions';
import { registerDraftRoutes } from './drafts';
import { requestLang } from '../http/lang';
import { structuredContent } from '../structured/values';
import { assertMayPreview, previewReport } from '../documents/routes';
import { openCallerA1, signReport, signWithPassword } from '../documents/sign-report';

const MAX_AUDIO_BYTES = 50 * 1024 * 1024;

/**
 * The report routes of studies (`/studies/:id/…`) or of scheduled exams, which have no
 * institution (`/scheduledExam/:id/…`, spec 1 §7 and spec 2 §7).
 */
export function reportRoutes(deps: ApiDeps, kind: ExamKind = 'study'): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(requireSession(knex));
  const P = kind === 'study' ? '/studies' : '/scheduledExam';
  const loadReportContext = (ctx: Context) => loadContext(ctx, deps, kind);

  /** Version history of the study's report (spec 1 §2 report panel). */
  router.get(`${P}/:id/reports`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    assertMayReadReport(rc);
    ctx.body = { versions: await listVersions(knex, rc.access.accountId, rc.record.laudoId) };
  });

  /** The current texts of the report: what the editor opens with (drafts come first). */
  router.get(`${P}/:id/reports/content`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    assertMayReadReport(rc);
    const [content, reviewContent] = await Promise.all([
      readContent(knex, rc.access.accountId, rc.record.contentId),
      readContent(knex, rc.access.accountId, rc.record.reviewContentId),
    ]);
    await audit(knex, rc.access, 'report.read', rc.study.id, ctx.ip, { laudoId: rc.record.laudoId, version: rc.record.version });
    ctx.body = { laudoContent: content, reviewContent, version: rc.record.version };
  });

  // 0 → 1 (start, or restart when versions were archived); `?change=` switches the model.
  router.post(`${P}/:id/reports/start`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    const { structuredType } = body(ctx, StartBody);
    const { change } = query(ctx, StartQuery);
    if (change !== undefined && change !== 'false') {
      ctx.body = {
        report: await runReportAction(ctx, deps, rc, { action: 'switchModel', input: { structuredType: structuredType ?? '' } }),
      };
      return;
    }
    if (structuredType !== undefined && !['', 'OIT', 'SISMAMA'].includes(structuredType)) throw new AppError('MALFORMED_REQUEST');
    const input = { structuredType: structuredType as '' | 'OIT' | 'SISMAMA' | undefined };
    const action = rc.record.hasOldVersion ? 'restart' : 'start';
    ctx.body = { report: await runReportAction(ctx, deps, rc, { action, input }) };
  });

  const save = async (ctx: Context) => {
    const rc = await loadReportContext(ctx);
    const b = body(ctx, SaveBody);
    if (b.preview) {
      // Who may not save may not preview; a structured report previews its form's rendering,
      // validated as for finish (spec 2 §5: 'Campos inválidos.' before preview or finish).
      assertMayPreview(rc);
      const shown = (await structuredContent(knex, rc, true, requestLang(ctx))) ?? b.content;
      ctx.body = await previewReport(ctx, deps, rc, shown, b.lang, kind);
      return;
    }
    // Finishing with the certificate password signs too (spec 1 §7): the certificate is opened
    // first, so a wrong password refuses before the report is finished.
    const a1 =
      b.finish && b.personalKeyPassword
        ? await openCallerA1(deps, { userId: rc.access.userId, sessionId: sessionOf(ctx).sessionId }, b.personalKeyPassword)
        : null;
    const action = b.finish ? 'finish' : 'save';
    // A structured report's content is its form's rendering, never the text sent.
    const content = (await structuredContent(knex, rc, b.finish, requestLang(ctx))) ?? b.content;
    const finished = await runReportAction(ctx, deps, rc, { action, content });
    if (!a1) {
      ctx.body = { report: finished };
      return;
    }
    ctx.body = { report: await signReport(ctx, deps, await loadReportContext(ctx), a1) };
  };
  const review = async (ctx: Context) => {
    const rc = await loadReportContext(ctx);
    const b = body(ctx, ReviewBody);
    if (b.preview) {
      ctx.body = await previewReport(ctx, deps, rc, b.content, b.lang, kind);
      return;
    }
    ctx.body = {
      report: await runReportAction(ctx, deps, rc, { action: b.finish ? 'finishReview' : 'save', content: b.content }),
    };
  };
  router.post(`${P}/:id/reports/save`, save);
  router.post(`${P}/:id/reports/review`, review);
  if (kind === 'scheduled') {
    // The worklist's names for the same calls (spec 2 §7).
    router.post(`${P}/:id/reports/saveReport`, save);
    router.post(`${P}/:id/reports/saveReview`, review);
  }

  router.post(`${P}/:id/reports/requestReview`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    const b = body(ctx, OptionalContent);
    ctx.body = {
      report: await runReportAction(ctx, deps, rc, { action: 'requestReview', content: b.content ?? b.laudoContent }),
    };
  });

  const simple = (
    path: string,
    action: 'cancelReview' | 'startReview' | 'startTyping' | 'cancelTyping' | 'startTypedReview' | 'returnToNotStarted',
  ) =>
    router.post(path, async (ctx) => {
      body(ctx, Empty.passthrough());
      const rc = await loadReportContext(ctx);
      ctx.body = { report: await runReportAction(ctx, deps, rc, { action }) };
    });
  simple(`${P}/:id/reports/cancelReview`, 'cancelReview');
  simple(`${P}/:id/reports/associateReview`, 'startReview');
  simple(`${P}/:id/reports/associateReportTranscription`, 'startTyping');
  simple(`${P}/:id/reports/cancelReportTranscription`, 'cancelTyping');
  simple(`${P}/:id/reports/associateTypingReview`, 'startTypedReview');
  simple(`${P}/:id/reports/returnReportToNotStarted`, 'returnToNotStarted');

  router.post(`${P}/:id/reports/finishReportTranscription`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    const b = body(ctx, FinishTypingBody);
    ctx.body = { report: await runReportAction(ctx, deps, rc, { action: 'finishTyping', content: b.content }) };
  });

  router.post(`${P}/:id/reports/reopen`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    const b = body(ctx, ReopenBody);
    const motive = (REOPEN_MOTIVES as readonly string[]).includes(b.motive ?? '')
      ? (b.motive as (typeof REOPEN_MOTIVES)[number])
      : undefined;
    const input = { motive: motive as (typeof REOPEN_MOTIVES)[number], text: b.open };
    // With a reviewer the review is reopened (spec 1 §4); the choice is the domain's rule.
    const action = rc.record.reviewUserId ? 'reopenReview' : 'reopen';
    ctx.body = {
      report: await runReportAction(ctx, deps, rc, { action, input, note: { motive: b.motive ?? null, text: b.open ?? null } }),
    };
  });

  // 2 → 3: the PDF is signed here (the password never enters the workflow), then the Update.
  router.post(`${P}/:id/reports/sign`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    const b = body(ctx, SignBody);
    ctx.body = { report: await signWithPassword(ctx, deps, rc, b.personalKeyPassword) };
  });

  /** The chosen doctor, who must be able to write reports in this study's institution now. */
  const doctorInput = async (rc: ReportContext, b: z.infer<typeof ChangeDoctorBody>) => {
    if (!b.performingPhysician) return { doctorUserId: '', doctorName: '-' };
    const [doctor] = await permissionHolders(knex, {
      accountId: rc.access.accountId,
      institutionId: rc.study.institutionId, // a scheduled exam may go to any of the account's doctors
      permission: 'STUDIES_SAVE_REPORTS',
      userIds: [b.performingPhysician],
    });
    if (!doctor) throw new AppError('CHANGE_DOCTOR_FAILED');
    return { doctorUserId: doctor.id, doctorName: doctor.name || '-' };
  };
  router.post(`${P}/:id/reports/changeDoctor`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    const input = await doctorInput(rc, body(ctx, ChangeDoctorBody));
    ctx.body = { report: await runReportAction(ctx, deps, rc, { action: 'changeDoctor', input }) };
  });
  // Issue 18: a coordinator gives a not-started report to another doctor (overriding the
  // orchestrator's choice, or assigning by hand).
  router.post(`${P}/:id/reports/reassign`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    const input = await doctorInput(rc, body(ctx, ChangeDoctorBody));
    ctx.body = { report: await runReportAction(ctx, deps, rc, { action: 'reassign', input }) };
  });

  // Spec 1 §7 names the same call associateMultipleReports (modality, patientId, studies).
  const associatePaths = [`${P}/:id/reports/associate`, `${P}/:id/reports/associateMultipleReports`];
  router.post(associatePaths, async (ctx) => {
    const rc = await loadReportContext(ctx);
    const b = body(ctx, AssociateBody);
    const ids = b.studiesIdsAssociation.filter((id) => !rc.record.studyIds.includes(id));
    // Only never-started studies the caller reaches can join (their own report is dropped).
    const studies = await knex('studies as s')
      .join('patients as p', 'p.id', 's.patient_ref')
      .join('laudos as l', 'l.id', 's.laudo_id')
      .whereIn('s.id', ids)
      .where({ 's.account_id': rc.access.accountId, 'l.state': 0, 'l.version': 0 })
      // Studies join studies of reachable institutions; scheduled exams join scheduled exams.
      .whereRaw(
        rc.study.institutionId ? 's.institution_id = ANY(?)' : 's.institution_id IS NULL',
        rc.study.institutionId ? [[...rc.access.institutions.keys()]] : [],
      )
      .select('s.id', 'p.patient_id', 's.modalities');
    if (studies.length !== ids.length || ids.length === 0) throw new AppError('ASSOCIATE_FAILED');
    // In the order asked for, so the report lists its studies as the user chose them.
    studies.sort((x: { id: string }, y: { id: string }) => ids.indexOf(x.id) - ids.indexOf(y.id));
    const input = {
      studies: studies.map((s: { id: string; patient_id: string; modalities: string[] }) => ({
        studyId: s.id,
        patientId: s.patient_id,
        modality: s.modalities[0] ?? '',
      })),
    };
    ctx.body = { report: await runReportAction(ctx, deps, rc, { action: 'associate', input }) };
  });

  router.post(`${P}/:id/reports/disassociateMultipleReports`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    const b = body(ctx, DisassociateBody);
    const input = { all: b.all, studyIds: b.all ? [] : [rc.study.id] };
    ctx.body = { report: await runReportAction(ctx, deps, rc, { action: 'disassociate', input }) };
  });

  // Second opinion (spec 2 §4–§7).
  router.post(`${P}/:id/reports-opinion/request`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    const b = body(ctx, RequestOpinionBody);
    if (b.laudoOpinionUserId) {
      // The opinion doctor must belong to the account.
      const member = await knex('user_accounts')
        .where({ user_id: b.laudoOpinionUserId, account_id: rc.access.accountId })
        .first('id');
      if (!member) throw new AppError('OPINION_FIELDS_MISSING');
    }
    const input = { opinionUserId: b.laudoOpinionUserId ?? '', description: b.description ?? '' };
    ctx.body = {
      report: await runReportAction(ctx, deps, rc, {
        action: 'requestOpinion',
        input,
        content: b.laudoContent,
        note: { description: b.description?.trim() ?? null },
      }),
    };
  });

  router.post(`${P}/:id/reports-opinion/cancelSecondOpinion`, async (ctx) => {
    body(ctx, Empty.passthrough());
    const rc = await loadReportContext(ctx);
    ctx.body = { report: await runReportAction(ctx, deps, rc, { action: 'cancelOpinion' }) };
  });

  router.put(`${P}/:id/reports-opinion`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    const b = body(ctx, GiveOpinionBody);
    const status = b.status as 1 | 2 | 3;
    const input = { status, conclusion: b.conclusion ?? OPINION_CONCLUSIONS[status], description: b.description ?? '' };
    ctx.body = {
      report: await runReportAction(ctx, deps, rc, {
        action: 'giveOpinion',
        input,
        note: { description: b.description?.trim() ?? null },
      }),
    };
  });

  router.post(`${P}/:id/reports-opinion/accept`, async (ctx) => {
    body(ctx, Empty.passthrough());
    const rc = await loadReportContext(ctx);
    ctx.body = { report: await runReportAction(ctx, deps, rc, { action: 'acceptOpinion' }) };
  });

  router.post(`${P}/:id/reports-opinion/refusing`, async (ctx) => {
    body(ctx, Empty.passthrough());
    const rc = await loadReportContext(ctx);
    ctx.body = { report: await runReportAction(ctx, deps, rc, { action: 'ignoreOpinion' }) };
  });

  router.get(`${P}/:id/reports-opinion`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    assertMayReadReport(rc);
    const rows = await knex('laudo_opinions as o')
      .join('users as u', 'u.id', 'o.opinion_user_id')
      .where({ 'o.laudo_id': rc.record.laudoId, 'o.account_id': rc.access.accountId })
      .orderBy('o.created_at', 'desc')
      .select('o.*', 'u.name as doctorName');
    ctx.body = {
      opinions: rows.map((o) => ({
        updatedAt: new Date(o.updated_at).toISOString(),
        doctorName: o.doctorName,
        description: o.description,
        requestDescription: o.request_description,
        conclusion: o.conclusion,
        status: o.status,
        outcome: o.outcome,
        userId: o.opinion_user_id,
        laudoVersion: o.laudo_version,
      })),
    };
  });

  // Narration: the audio is stored first; the report then moves to 22 with its reference.
  router.post(`${P}/:id/narratedReport`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    if (!ctx.is('audio/mpeg', 'audio/mp3')) throw new AppError('AUDIO_INVALID');
    // A resend of an upload that went through (the recorder resends a 503 with its key) gets
    // the report at 22, not the refusal its first attempt's move would now earn.
    const done = await answerIfApplied(ctx, deps, rc, 'narrate', rc.appliedUpdateIds);
    if (done) {
      ctx.body = { report: done };
      return;
    }
    const actor = actorFor(rc.access, rc.study.institutionId);
    const pre = check(rc.record, 'narrate', actor, { audioKey: 'pending' });
    if (!pre.ok) throw new AppError(pre.code);
    const bytes = await getRawBody(ctx.req, { limit: MAX_AUDIO_BYTES }).catch((err: unknown) => {
      throw isTooLarge(err) ? err : new AppError('AUDIO_INVALID');
    });
    // The Content-Type proves nothing: the bytes must be MP3 frames (spec 2 §9 audio/mpeg).
    if (!isMp3(bytes)) throw new AppError('AUDIO_INVALID');
    // One object per intent: a resend still in flight overwrites its first attempt's audio.
    const audioKey = `accounts/${rc.access.accountId}/laudos/${rc.record.laudoId}/audio/v${rc.record.version}-${idempotencyKeyOf(ctx) ?? randomUUID()}.mp3`;
    await deps.storage.put(audioKey, bytes, { contentType: 'audio/mpeg' });
    ctx.body = { report: await runReportAction(ctx, deps, rc, { action: 'narrate', input: { audioKey } }) };
  });

  router.get(`${P}/:id/narratedReport`, async (ctx) => {
    const rc = await loadReportContext(ctx);
    assertMayReadReport(rc);
    if (!rc.record.audioKey) throw new AppError('NOT_FOUND');
    ctx.type = 'audio/mpeg';
    ctx.body = await deps.storage.get(rc.record.audioKey);
  });

  // Platform states (20, 21): an account administrator asks, the platform acts.
  for (const [path, action] of [
    [`${P}/:id/reports/autoConclude`, 'autoConclude'],
    [`${P}/:id/reports/external`, 'markExternal'],
  ] as const) {
    router.post(path, async (ctx) => {
      body(ctx, Empty.passthrough());
      const rc = await loadReportContext(ctx);
      if (!rc.access.isAccountAdmin && !rc.access.superRole) throw new AppError('FORBIDDEN_ACCESS');
      ctx.body = { report: await runReportAction(ctx, deps, rc, { action, asPlatform: true }) };
    });
  }

  registerDraftRoutes(router, deps, P, loadReportContext);

  return router;
}
