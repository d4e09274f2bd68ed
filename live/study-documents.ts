/**
 * The live study document (domain/live/study-document.ts) built from the projection and
 * published retained. Report transitions (worker) and study-side changes such as critical
 * findings and comments (api) both publish through here, so every document carries all of
 * the study's live state.
 */
import type { Knex } from 'knex';
import { FINDING_STATUS_NAMES, type FindingStatus } from '../domain/findings/critical-findings';
import { type LiveStudyDocument, studyTopic } from '../domain/live/study-document';
import { type Client as PgClient, escapeLiteral } from 'pg';
import { onPostgresServer } from '../db/connection';
import { executeText } from '../db/executed';
import { notify } from '../db/listen';
import { prepared } from '../db/prepared';
import { REPORT_HOLDER_NAME } from '../db/report-holder';
import type { LivePublisher } from './publisher';

export interface PublishOptions {
  /**
   * A Postgres NOTIFY sent with the last document: taken with its lock, so it costs no round trip
   * of its own, and delivered when that transaction commits — after every document is published.
   */
  notice?: { channel: string; payload: string };
  /**
   * A write committed before the documents are read (a report's projection). With one document
   * on PostgreSQL it goes in the read's round trip, as a transaction of its own before the lock's
   * (ADR 053); otherwise it runs on its own first.
   */
  committing?: { statement: Knex.Raw | Knex.QueryBuilder; label: string };
}

/**
 * Reads and publishes each study's document under a per-study advisory lock: two publishers
 * (a transition and a new comment, say) are serialised, so the last document published —
 * the one the broker retains — was read after the other's write.
 */
export async function publishStudyDocuments(
  knex: Knex,
  publisher: LivePublisher,
  studyIds: string[],
  opts: PublishOptions = {},
): Promise<void> {
  const ids = [...new Set(studyIds)].sort();
  // Inside a caller's transaction the document is read on its connection (a savepoint).
  const onServer = onPostgresServer(knex) && !(knex as Knex.Transaction).isTransaction;
  const { committing } = opts;
  const inReadTrip = onServer && ids.length === 1 ? committing : undefined;
  if (committing && !inReadTrip) await prepared(committing.statement, committing.label);
  if (ids.length === 0 && opts.notice) await notify(knex, opts.notice.channel, opts.notice.payload);
  for (const [i, studyId] of ids.entries()) {
    const notice = i === ids.length - 1 ? opts.notice : undefined;
    if (onServer) await publishOnServer(knex, publisher, studyId, notice, inReadTrip);
    else await publishInTransaction(knex, publisher, studyId, notice);
  }
}

const lockKey = (studyId: string) => `study-live:${studyId}`;

/**
 * PostgreSQL: BEGIN, the lock (and the notice) and the read go as one simple query of three
 * statements — each statement takes its own snapshot, so the read still sees what the lock
 * waited for — then the publish, then COMMIT: two round trips where the transaction took four
 * (an action's commit activity publishes one document). The values are literals, escaped.
 * A `committing` write goes first in that query, between a BEGIN and a COMMIT of its own: it is
 * committed (durably, its locks released) before the lock is waited for, as when it ran alone.
 */
async function publishOnServer(
  knex: Knex,
  publisher: LivePublisher,
  studyId: string,
  notice: PublishOptions['notice'],
  committing?: PublishOptions['committing'],
): Promise<void> {
  if (!UUID.test(studyId)) throw new Error(`not a study id: ${studyId}`);
  const lock = `pg_advisory_xact_lock(hashtextextended(${escapeLiteral(lockKey(studyId))}, 0))`;
  const noticeSql = notice ? `, pg_notify(${escapeLiteral(notice.channel)}, ${escapeLiteral(notice.payload)})` : '';
  // A NOTIFY gives the transaction an id, so its COMMIT waited for a WAL flush (0.3 ms here) on
  // the action's path. The transaction writes nothing else: a commit record lost in a crash
  // loses a notice whose projection committed durably before it (the Update answers instead).
  const asyncCommit = notice ? 'SET LOCAL synchronous_commit = off; ' : '';
  const publishing = `BEGIN; ${asyncCommit}SELECT ${lock}${noticeSql}; ${documentRead(knex, studyId).toString()}`;
  // The driver's own connection: knex would read a '?' in the literals as a binding.
  const connection = (await knex.client.acquireConnection()) as PgClient;
  let open = true;
  try {
    const write = committing && (await executeText(connection, committing.label, committing.statement));
    if (committing && !write) {
      const { sql, bindings } = committing.statement.toSQL().toNative();
      await connection.query({ text: sql, values: bindings as unknown[] });
    }
    const sql = write ? `BEGIN; ${write}; COMMIT; ${publishing}` : publishing;
    const results = (await connection.query(sql)) as unknown as { rows: DocumentRow[] }[];
    const row = results[results.length - 1]?.rows[0];
    if (row) await publish(publisher, row);
    await connection.query('COMMIT');
    open = false;
  } finally {
    // A failed statement or publish leaves the transaction open (or aborted): it ends here, and
    // the lock with it, before the connection goes back to the pool.
    if (open) await connection.query('ROLLBACK').catch(() => undefined);
    await knex.client.releaseConnection(connection);
  }
}

/** PGlite (one connection, no simple queries of several statements): the same steps, one round trip each. */
async function publishInTransaction(
  knex: Knex,
  publisher: LivePublisher,
  studyId: string,
  notice: PublishOptions['notice'],
): Promise<void> {
  await knex.transaction(async (trx) => {
    // The lock comes before the read in a statement of its own: a read in the same statement
    // would keep the snapshot taken before waiting, and miss the other publisher's write.
    const lock = 'pg_advisory_xact_lock(hashtextextended(?, 0))';
    if (notice) await trx.raw(`SELECT ${lock}, pg_notify(?, ?)`, [lockKey(studyId), notice.channel, notice.payload]);
    else await trx.raw(`SELECT ${lock}`, [lockKey(studyId)]);
    const row = (await documentRead(trx, studyId)) as DocumentRow | undefined;
    if (row) await publish(publisher, row);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type DocumentRow = Record<string, any>;

/** The study's document as one row: the study, its report, its finding, draft and comments. */
function documentRead(db: Knex | Knex.Transaction, studyId: string) {
  return db('studies as s')
    .join('laudos as l', 'l.id', 's.laudo_id')
    .leftJoin('study_critical_findings as f', 'f.study_id', 's.id')
    .leftJoin('account_critical_findings as af', 'af.id', 'f.account_critical_finding_id')
    .leftJoin('study_drafts as d', 'd.study_id', 's.id')
    .where('s.id', studyId)
    .first(
      's.id as studyId',
      's.account_id',
      's.institution_id',
      db.raw('greatest(s.stable_at, s.listed_at) AS arrived_at'),
      's.header_updated_at',
      's.exam_status',
      db.raw('(s.invalidated_at IS NOT NULL OR s.merged_into_id IS NOT NULL) AS unlisted'),
      'l.*',
      db.raw(`${REPORT_HOLDER_NAME} AS holder_name`),
      'f.status as finding_status',
      'af.level_and_name as finding_level_and_name',
      'd.revision as draft_revision',
      'd.writer as draft_writer',
      db.raw('(SELECT count(*)::int FROM study_comments c WHERE c.study_id = s.id) AS comment_count'),
      db.raw(
        '(SELECT c.user_id FROM study_comments c WHERE c.study_id = s.id ORDER BY c.created_at DESC, c.id DESC LIMIT 1) AS last_comment_user_id',
      ),
    );
}

/** Publishes the document of a row documentRead read. */
async function publish(publisher: LivePublisher, r: DocumentRow): Promise<void> {
  const doc: LiveStudyDocument = {
    studyId: r.studyId,
    laudoId: r.id,
    accountId: r.account_id,
    institutionId: r.institution_id,
    laudoState: r.state,
    laudoUserId: r.user_id,
    doctorName: r.holder_name,
    laudoReviewUserId: r.review_user_id,
    structuredType: r.structured_type,
    narratedReport: r.audio_key !== null,
    statusFinding: r.finding_status ? FINDING_STATUS_NAMES[r.finding_status as FindingStatus] : null,
    findingStatus: (r.finding_status as FindingStatus | null) ?? null,
    levelAndNameCriticalFinding: r.finding_level_and_name ?? null,
    commentCount: r.comment_count,
    lastCommentUserId: r.last_comment_user_id ?? null,
    report: r.snapshot ?? null,
    seq: r.seq,
    updatedAt: new Date(r.updated_at).toISOString(),
    draftRevision: r.draft_revision ?? 0,
    draftWriter: r.draft_writer ?? null,
    ...(r.header_updated_at ? { headerUpdatedAt: new Date(r.header_updated_at).toISOString() } : {}),
    examStatus: r.exam_status ?? null,
    ...(r.unlisted ? { unlisted: true } : {}),
    ...(r.arrived_at ? { arrivedAt: new Date(r.arrived_at).toISOString() } : {}),
  };
  await publisher.publishRetained(studyTopic(r.account_id, r.institution_id, r.studyId), JSON.stringify(doc));
}
