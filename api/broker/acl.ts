import type { Knex } from 'knex';
import { parseDownloadTopic } from '../../domain/live/download-document';
import { NO_INSTITUTION, parseStudyTopic } from '../../domain/live/study-document';
import { parseNotificationsTopic } from '../../domain/notifications/notifications';
import { parsePrintStudyTopic } from '../../domain/print/job';
import { loadAccess } from '../access/access';
import type { SessionState } from '../auth/session';
import { findSession } from '../auth/session';

/** A subscription's verdict; `shiftBound`: it may change with the clock alone (a role's shift). */
export interface SubscribeVerdict {
  ok: boolean;
  shiftBound: boolean;
}

const REFUSED: SubscribeVerdict = { ok: false, shiftBound: false };

/**
 * May this session subscribe to `topic`? Only study topics (or the per-institution
 * wildcard) of its current account and of institutions it reaches, or one study granted to
 * it (an access grant). Checked against the database at each subscribe, so a changed account
 * or a revoked session counts at once; the broker asks again when the access changes.
 */
export async function maySubscribe(knex: Knex, token: string, topic: string): Promise<SubscribeVerdict> {
  // A print job's document: the caller's current account (its key is random and unlisted).
  const print = parsePrintStudyTopic(topic);
  if (print) return { ok: (await findSession(knex, token))?.currentAccountId === print.accountId, shiftBound: false };
  // A download's progress: any session whose current account is the download's (its key is random).
  const download = parseDownloadTopic(topic);
  if (download) {
    const session = await findSession(knex, token);
    return { ok: Boolean(session?.currentAccountId && session.currentAccountId === download.accountId), shiftBound: false };
  }
  // A user's inbox count (ADR 028): that user alone, in the session's current account.
  const inbox = parseNotificationsTopic(topic);
  if (inbox) {
    const session = await findSession(knex, token);
    const ok = Boolean(session && session.currentAccountId === inbox.accountId && session.user.id === inbox.userId);
    return { ok, shiftBound: false };
  }
  const parsed = parseStudyTopic(topic);
  if (!parsed) return REFUSED;
  const session = await findSession(knex, token);
  if (!session?.currentAccountId || session.currentAccountId !== parsed.accountId) return REFUSED;
  const access = await loadAccess(knex, session.user, session.currentAccountId).catch(() => null);
  if (!access) return REFUSED;
  const verdict = (ok: boolean): SubscribeVerdict => ({ ok, shiftBound: access.shiftBound });
  // Scheduled exams (no institution) belong to the whole account.
  const institutionId = parsed.institutionId === NO_INSTITUTION ? null : parsed.institutionId;
  const granted = parsed.studyId !== '+' && access.studyGrants.has(parsed.studyId);
  if (institutionId !== null && !access.institutions.has(institutionId) && !granted) return verdict(false);
  if (parsed.studyId === '+') return verdict(true);
  const study = await knex('studies')
    .where({ id: parsed.studyId, account_id: parsed.accountId, institution_id: institutionId })
    .first('id')
    .catch(() => undefined); // a malformed id is simply not a study
  return verdict(Boolean(study));
}

export async function authenticateToken(knex: Knex, token: string): Promise<SessionState | null> {
  return findSession(knex, token);
}
