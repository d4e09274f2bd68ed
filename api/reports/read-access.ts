/**
 * The read side of a report (its texts, versions, PDF, audio, images, structured answers):
 * spec 2 §6 'view reports'. A study opened to the caller by an access grant is read whatever
 * the caller's roles: reading it is what the grant is for.
 */
import { mayReadReports } from '../../domain/auth/permissions';
import { AppError } from '../../domain/errors';
import { actorFor } from '../access/access';
import type { ReportContext } from './run-action';

export function assertMayReadReport(rc: Pick<ReportContext, 'access' | 'study'>): void {
  if (rc.access.studyGrants.has(rc.study.id)) return;
  if (!mayReadReports(actorFor(rc.access, rc.study.institutionId))) throw new AppError('FORBIDDEN_ACCESS');
}
