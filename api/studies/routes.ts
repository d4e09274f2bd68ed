import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../domain/errors';
import { DoctorsQuery, ScheduledExamListQuery, type StudyListItem, StudyListQuery } from '../../domain/studies/schemas';
import { actorFor } from '../access/access';
import { permissionHolders } from '../../services/access/holders';
import { audit } from '../access/audit';
import { currentAccess, requireSession, sessionOf } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query, uuidParam } from '../http/validate';
import { laudoRecordOf, loadLaudoRecord, presentReport } from '../../services/reports/laudo-record';
import { type CachedList, ListCache, listCacheKey, sendKept } from './list-cache';
import {
  type ExamKind,
  type StudyPage,
  findExam,
  findScheduledExam,
  findExamWithLaudo,
  listScheduledExams,
  pageIsTimed,
  presentStudyPage,
  readStudyPage,
} from './study-queries';

/** The list's answer around its studies. */
const listBody = (listQuery: StudyListQuery, page: StudyPage, studies: StudyListItem[]) => ({
  studies,
  total: page.total,
  totalCapped: page.totalCapped,
  page: listQuery.page,
  pageSize: listQuery.pageSize,
  nextCursor: page.nextCursor,
});

export function studyRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(requireSession(knex));

  // The worklist is what a reading room refreshes most: answers are kept per caller and query
  // for as long as the account's list version stands (list-cache.ts, ADR 040).
  const kept = new ListCache();
  router.get('/studies', async (ctx) => {
    const listQuery = query(ctx, StudyListQuery);
    const session = sessionOf(ctx);
    const version = listQuery.retrieveReport ? null : (session.listVersion ?? null);
    const key = session.currentAccountId && listCacheKey(session.user, session.currentAccountId, ctx.querystring);
    // `Cache-Control: no-cache` asks for a fresh read (what bench:login-list measures apart).
    if (version && key && !/no-cache/i.test(ctx.get('cache-control'))) {
      const hit = kept.get(key, version);
      // Not awaited when there is none: the check and the registration below stay in one turn.
      const pending = hit ? undefined : kept.pending(key, version);
      const joined = pending && (await pending);
      if (hit || joined) {
        const entry = (hit ?? joined)!;
        ctx.set('X-List-Cache', hit ? 'hit' : 'joined');
        if (entry.json !== null) sendKept(ctx, entry, entry.json);
        else ctx.body = listBody(listQuery, entry.page, presentStudyPage(entry.page));
        return;
      }
    }
    const read = (async () => {
      const access = await currentAccess(ctx, knex);
      const page = await readStudyPage(knex, access, listQuery);
      const studies = presentStudyPage(page);
      const withReports = listQuery.retrieveReport
        ? await Promise.all(
            studies.map(async (study) => {
              const { record, updatedAt } = await loadLaudoRecord(knex, access.accountId, study.laudoId);
              return { ...study, report: presentReport(record, updatedAt, actorFor(access, study.institutionId)) };
            }),
          )
        : studies;
      const body = listBody(listQuery, page, withReports);
      if (!version || !key || access.shiftBound) return { body, entry: null };
      const entry: CachedList = pageIsTimed(page)
        ? { version, page, json: null }
        : { version, page: null, json: JSON.stringify(body) };
      kept.set(key, entry);
      return { body, entry };
    })();
    if (version && key)
      kept.reading(
        key,
        version,
        read.then((r) => r.entry),
      );
    const { body, entry } = await read;
    ctx.set('X-List-Cache', 'miss');
    if (entry?.json) sendKept(ctx, entry, entry.json);
    else ctx.body = body;
  });

  /** The worklist of scheduled exams (no institution) of the current account. */
  router.get('/listScheduledExams', async (ctx) => {
    const listQuery = query(ctx, ScheduledExamListQuery);
    const access = await currentAccess(ctx, knex);
    ctx.body = { ...(await listScheduledExams(knex, access, listQuery)), page: listQuery.page, pageSize: listQuery.pageSize };
  });

  /** One scheduled exam with its report (what `GET /studies/{id}` gives for a study). */
  router.get('/scheduledExam/:id', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const exam = await findScheduledExam(knex, access, uuidParam(ctx, 'id'));
    if (!exam) throw new AppError('NOT_FOUND');
    const { record, updatedAt } = await loadLaudoRecord(knex, access.accountId, exam.laudoId);
    await audit(knex, access, 'study.read', exam.id, ctx.ip);
    ctx.body = { study: { ...exam, report: presentReport(record, updatedAt, actorFor(access, null)) } };
  });

  /**
   * Doctors for the report dialogs: `changeDoctor` lists who may write the report (without
   * the current doctor), `opinion` who may give a second opinion (without the caller). On a
   * scheduled exam (no institution) the worklist's opinion permission counts (decision 005).
   */
  const doctors = (kind: ExamKind) => async (ctx: Context) => {
    const { purpose } = query(ctx, DoctorsQuery);
    const access = await currentAccess(ctx, knex);
    const study = await findExam(knex, access, kind, uuidParam(ctx, 'id'));
    if (!study) throw new AppError('NOT_FOUND');
    const { record } = await loadLaudoRecord(knex, access.accountId, study.laudoId);
    const opinion = kind === 'study' ? 'STUDIES_INSERT_LAUDO_OPINION' : 'WORKLIST_INSERT_LAUDO_OPINION';
    ctx.body = {
      doctors: await permissionHolders(knex, {
        accountId: access.accountId,
        institutionId: study.institutionId,
        permission: purpose === 'changeDoctor' ? 'STUDIES_SAVE_REPORTS' : opinion,
        exclude: purpose === 'changeDoctor' ? [record.userId] : [access.userId],
      }),
    };
  };
  router.get('/studies/:id/doctors', doctors('study'));
  router.get('/scheduledExam/:id/doctors', doctors('scheduled'));

  router.get('/studies/:id', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const found = await findExamWithLaudo(knex, access, 'study', uuidParam(ctx, 'id'));
    if (!found) throw new AppError('NOT_FOUND');
    const { exam: study, laudo, parts } = found;
    const { record, updatedAt } = laudoRecordOf(access.accountId, laudo, parts);
    await audit(knex, access, 'study.read', study.id, ctx.ip);
    ctx.body = { study: { ...study, report: presentReport(record, updatedAt, actorFor(access, study.institutionId)) } };
  });

  return router;
}
