/**
 * Management reports (issue 18; spec 3 §2): medical productivity, the management report (at most
 * 30 days) and canceled exams, each as JSON and exported as CSV or XLSX. Readers need
 * MANAGEMENT_REPORTS_READ (account administrators pass); every figure is over the caller's
 * reachable studies only.
 *
 *   GET /management/productivity[.csv|.xlsx]?from&to[&institutionId]
 *   GET /management/summary?from&to[&institutionId]
 *   GET /management/canceled-exams[.csv|.xlsx]?from&to[&institutionId]
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../domain/errors';
import { MANAGEMENT_REPORT_MAX_DAYS, ManagementPeriod, periodDays } from '../../domain/management/reports';
import { type Access, requireManage } from '../access/access';
import { audit } from '../auth/login';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { requestLang } from '../http/lang';
import { XLSX_TYPE, tableCsv, tableXlsx } from '../http/table-export';
import { query } from '../http/validate';
import { canceledRows, productivityRows } from './export-rows';
import { canceledExams, managementSummary, productivity } from './queries';

export function managementRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/management', requireSession(knex));

  const reader = async (ctx: Context): Promise<{ access: Access; period: ManagementPeriod }> => {
    const access = await currentAccess(ctx, knex);
    requireManage(access, 'MANAGEMENT_REPORTS_READ', 'CANNOT_READ_MANAGEMENT_REPORTS');
    return { access, period: query(ctx, ManagementPeriod) };
  };

  const send = (
    ctx: Context,
    format: 'csv' | 'xlsx',
    name: string,
    table: { sheet: string; header: string[]; rows: string[][] },
  ) => {
    ctx.set('Content-Disposition', `attachment; filename="${name}.${format}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE;
    ctx.body = format === 'csv' ? tableCsv(table.header, table.rows) : tableXlsx(table.sheet, table.header, table.rows);
  };

  router.get('/management/productivity', async (ctx) => {
    const { access, period } = await reader(ctx);
    ctx.body = { period, doctors: await productivity(knex, access, period) };
  });
  for (const format of ['csv', 'xlsx'] as const) {
    router.get(`/management/productivity.${format}`, async (ctx) => {
      const { access, period } = await reader(ctx);
      const doctors = await productivity(knex, access, period);
      await audit(knex, access.userId, 'management.export', ctx.ip, access.accountId, {
        report: 'productivity',
        format,
        ...period,
      });
      send(ctx, format, 'produtividade', productivityRows(doctors, requestLang(ctx)));
    });
    router.get(`/management/canceled-exams.${format}`, async (ctx) => {
      const { access, period } = await reader(ctx);
      const exams = await canceledExams(knex, access, period);
      await audit(knex, access.userId, 'management.export', ctx.ip, access.accountId, { report: 'canceled', format, ...period });
      send(ctx, format, 'exames-cancelados', canceledRows(exams, requestLang(ctx)));
    });
  }

  router.get('/management/summary', async (ctx) => {
    const { access, period } = await reader(ctx);
    if (periodDays(period) > MANAGEMENT_REPORT_MAX_DAYS) throw new AppError('MANAGEMENT_PERIOD_TOO_LONG');
    ctx.body = { period, ...(await managementSummary(knex, access, period)) };
  });

  router.get('/management/canceled-exams', async (ctx) => {
    const { access, period } = await reader(ctx);
    ctx.body = { period, exams: await canceledExams(knex, access, period) };
  });

  return router;
}
