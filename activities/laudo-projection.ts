/**
 * The Postgres projection of a report transition, in one transaction, guarded by the
 * workflow's `seq`: a retried or late commit never moves the projection back.
 */
import type { Knex } from 'knex';
import { type LaudoSnapshot, notStartedLaudo } from '../domain/laudo/snapshot';
import type { LaudoAction } from '../domain/laudo/transitions';
import { REPORTED_LAUDO_STATES } from '../domain/management/reports';
import type { LaudoRecord, LaudoTransition } from '../workflows/laudo/messages';

/** The snapshot part of a record (what laudos.snapshot keeps). */
function snapshotOf(r: LaudoRecord): LaudoSnapshot {
  const { laudoId: _l, accountId: _a, institutionId: _i, seq: _s, contentId: _c, reviewContentId: _r, ...snapshot } = r;
  return snapshot;
}

function laudoColumns(r: LaudoRecord, at: string) {
  return {
    state: r.state,
    version: r.version,
    user_id: r.userId,
    doctor_name: r.doctorName,
    review_user_id: r.reviewUserId,
    opinion_user_id: r.opinionUserId,
    responsible_user_id: r.responsibleUserId,
    transcriptionist_user_id: r.transcriptionistUserId,
    structured_type: r.structuredType,
    is_digitally_signed: r.isDigitallySigned,
    has_opinion_signature: r.hasOpinionSignature,
    audio_key: r.audioKey,
    content_id: r.contentId,
    review_content_id: r.reviewContentId,
    snapshot: JSON.stringify(snapshotOf(r)),
    seq: r.seq,
    updated_at: at,
  };
}

function versionColumns(r: LaudoRecord, at: string) {
  return {
    state: r.state,
    user_id: r.userId,
    review_user_id: r.reviewUserId,
    opinion_user_id: r.opinionUserId,
    audio_user_id: r.audioKey ? r.userId : null,
    transcriptionist_user_id: r.transcriptionistUserId,
    audio_key: r.audioKey,
    content_id: r.contentId,
    review_content_id: r.reviewContentId,
    structured_type: r.structuredType,
    is_digitally_signed: r.isDigitallySigned,
    has_opinion_signature: r.hasOpinionSignature,
    updated_at: at,
  };
}

/**
 * When the report was done (management reports' turnaround): stamped on concluding, kept on
 * signing, cleared when it is reopened.
 */
function finishedColumns(t: LaudoTransition): { finished_at?: string | null } {
  if (!REPORTED_LAUDO_STATES.includes(t.record.state)) return { finished_at: null };
  return REPORTED_LAUDO_STATES.includes(t.before.state) ? {} : { finished_at: t.at };
}

/** Writes the transition; false when it was already projected (a retry). */
export async function projectTransition(knex: Knex, t: LaudoTransition): Promise<boolean> {
  const { record: r, at } = t;
  return knex.transaction(async (trx) => {
    const updated = await trx('laudos')
      .where({ id: r.laudoId, account_id: r.accountId })
      .andWhere('seq', '<', r.seq)
      .update({ ...laudoColumns(r, at), ...finishedColumns(t) });
    if (updated === 0) return false;
    // The texts this transition carries are now part of the report (the reaper spares them).
    const texts = [r.contentId, r.reviewContentId].filter((id): id is string => Boolean(id));
    if (texts.length)
      await trx('laudo_contents')
        .whereIn('id', texts)
        .where({ account_id: r.accountId })
        .whereNull('committed_at')
        .update({ committed_at: at });

    // Studies that joined (associate) leave their own, never-started report.
    const joined = r.studyIds.filter((id) => !t.before.studyIds.includes(id));
    if (joined.length > 0) {
      const orphans: string[] = await trx('studies').whereIn('id', joined).where({ account_id: r.accountId }).pluck('laudo_id');
      await trx('studies').whereIn('id', joined).where({ account_id: r.accountId }).update({ laudo_id: r.laudoId });
      await trx('laudos')
        .whereIn(
          'id',
          orphans.filter((id) => id !== r.laudoId),
        )
        .where({ account_id: r.accountId, state: 0, version: 0 })
        .delete();
    }
    await trx('studies')
      .whereIn('id', r.studyIds)
      .where({ account_id: r.accountId })
      .update({ laudo_state: r.state, laudo_user_id: r.userId, updated_at: at });

    // Studies that left (disassociate) each get a new report, not started.
    for (const { studyId, laudoId } of t.detached) {
      const study = await trx('studies as s')
        .join('patients as p', 'p.id', 's.patient_ref')
        .where({ 's.id': studyId, 's.account_id': r.accountId })
        .first('s.institution_id', 's.modalities', 'p.patient_id');
      const snapshot = notStartedLaudo({
        hasInstitution: r.hasInstitution,
        modalities: study.modalities,
        allowSismama: r.allowSismama,
        patientId: study.patient_id,
        studyIds: [studyId],
      });
      await trx('laudos')
        .insert({
          id: laudoId,
          account_id: r.accountId,
          institution_id: study.institution_id,
          state: 0,
          version: 0,
          snapshot: JSON.stringify(snapshot),
        })
        .onConflict('id')
        .ignore();
      await trx('studies')
        .where({ id: studyId })
        .update({ laudo_id: laudoId, laudo_state: 0, laudo_user_id: null, updated_at: at });
    }

    // Versions: a reopen archives the version it leaves, with its justification.
    if (r.version !== t.before.version && t.before.version > 0) {
      await trx('laudo_versions')
        .where({ laudo_id: r.laudoId, version: t.before.version })
        .update({ cancelled: true, justification: JSON.stringify(t.note), updated_at: at });
    }
    if (r.version > 0) {
      await trx('laudo_versions')
        .insert({ account_id: r.accountId, laudo_id: r.laudoId, version: r.version, created_at: at, ...versionColumns(r, at) })
        .onConflict(['laudo_id', 'version'])
        .merge(versionColumns(r, at));
    }

    await projectOpinion(trx, t);

    await trx('audit_log').insert({
      account_id: r.accountId,
      user_id: t.actorUserId === 'platform' ? null : t.actorUserId,
      action: `laudo.${t.action}`,
      laudo_id: r.laudoId,
      study_id: r.studyIds[0] ?? t.before.studyIds[0] ?? null,
      detail: JSON.stringify({
        updateId: t.updateId,
        from: t.before.state,
        to: r.state,
        version: r.version,
        seq: r.seq,
        studyIds: r.studyIds,
        detached: t.detached,
        note: t.note,
      }),
      at,
    });
    return true;
  });
}

/** What each opinion action writes to laudo_opinions (other actions write nothing there). */
const OPINION_WRITES: Partial<Record<LaudoAction, (trx: Knex.Transaction, t: LaudoTransition) => Promise<unknown>>> = {
  requestOpinion: (trx, { record: r, at, note }) =>
    trx('laudo_opinions').insert({
      account_id: r.accountId,
      laudo_id: r.laudoId,
      laudo_version: r.opinionVersion,
      requester_id: r.opinionRequesterId,
      opinion_user_id: r.opinionUserId,
      request_description: note.description ?? null,
      status: 0,
      created_at: at,
      updated_at: at,
    }),
  giveOpinion: (trx, t) =>
    openOpinion(trx, t).update({
      status: t.record.opinionStatus,
      conclusion: t.record.opinionConclusion,
      description: t.note.description ?? null,
      updated_at: t.at,
    }),
  cancelOpinion: (trx, t) => openOpinion(trx, t).update({ outcome: 'cancelled', updated_at: t.at }),
  acceptOpinion: (trx, t) => openOpinion(trx, t).update({ outcome: 'accepted', updated_at: t.at }),
  ignoreOpinion: (trx, t) => openOpinion(trx, t).update({ outcome: 'ignored', updated_at: t.at }),
  // The signed PDF the API stored before the Update (ADR 006): the version's document from now on.
  sign: (trx, { record: r, note, actorUserId }) =>
    typeof note.documentKey === 'string'
      ? trx('laudo_documents')
          .insert({
            account_id: r.accountId,
            laudo_id: r.laudoId,
            version: r.version,
            storage_key: note.documentKey,
            sha256: String(note.sha256),
            verification_code: String(note.verificationCode),
            signer_user_id: actorUserId === 'platform' ? null : actorUserId,
            signer_name: String(note.signerName),
            certificate_subject: String(note.certificateSubject),
            signed_at: String(note.signedAt),
          })
          .onConflict(['laudo_id', 'version'])
          .ignore()
      : Promise.resolve(),
};

/** The opinion of the version the action left from that is still open. */
function openOpinion(trx: Knex.Transaction, t: LaudoTransition) {
  return trx('laudo_opinions').where({ laudo_id: t.record.laudoId, laudo_version: t.before.version }).whereNull('outcome');
}

async function projectOpinion(trx: Knex.Transaction, t: LaudoTransition): Promise<void> {
  await OPINION_WRITES[t.action]?.(trx, t);
}
