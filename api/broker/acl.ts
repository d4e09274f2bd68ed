import type { Knex } from 'knex';
import { parseDownloadTopic } from '../../domain/live/download-document';
import { NO_INSTITUTION, parseStudyTopic } from '../../domain/live/study-document';
import { parsePrintStudyTopic } from '../../domain/print/job';
import { loadAccess } from '../access/access';
import type { SessionState } from '../auth/session';
import { findSession } from '../auth/session';

/**
 * May this session subscribe to `topic`? Only study topics (or the per-institution
 * wildcard) of its current account and of institutions it reaches. Checked against the
 * database at each subscribe, so a changed account or a revoked session counts at once.
 */
export async function maySubscribe(knex: Knex, token: string, topic: string): Promise<boolean> {
  // A print job's document: the caller's current account (its key is random and unlisted).
  const print = parsePrintStudyTopic(topic);
  if (print) return (await findSession(knex, token))?.currentAccountId === print.accountId;
  // A download's progress: any session whose current account is the download's (its key is random).
  const download = parseDownloadTopic(topic);
  if (download) {
    const session = await findSession(knex, token);
    return Boolean(session?.currentAccountId && session.currentAccountId === download.accountId);
  }
  const parsed = parseStudyTopic(topic);
  if (!parsed) return false;
  const session = await findSession(knex, token);
  if (!session?.currentAccountId || session.currentAccountId !== parsed.accountId) return false;
  const access = await loadAccess(knex, session.user, session.currentAccountId).catch(() => null);
  if (!access) return false;
  // Scheduled exams (no institution) belong to the whole account.
  const institutionId = parsed.institutionId === NO_INSTITUTION ? null : parsed.institutionId;
  if (institutionId !== null && !access.institutions.has(institutionId)) return false;
  if (parsed.studyId === '+') return true;
  const study = await knex('studies')
    .where({ id: parsed.studyId, account_id: parsed.accountId, institution_id: institutionId })
    .first('id')
    .catch(() => undefined); // a malformed id is simply not a study
  return Boolean(study);
}

export async function authenticateToken(knex: Knex, token: string): Promise<SessionState | null> {
  return findSession(knex, token);
}
