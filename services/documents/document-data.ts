/**
 * What a report version's PDF shows, read from the database within the caller's account:
 * the institution and account settings, the patient and exam, the text, the selected images
 * and the signers.
 */
import type { Knex } from 'knex';
import { accountSetting } from '../../domain/accounts/settings';
import { AppError } from '../../domain/errors';
import { ProfessionalCouncil } from '../../domain/people/professional-id';
import type { ReportDocumentInput } from '../../documents/report-pdf/model';
import { pdfLang } from '../../documents/report-pdf/labels';
import type { LaudoRecord } from '../../workflows/laudo/messages';
import { readContent } from '../reports/contents';
import type { ObjectStorage } from '../../storage/object-storage';
import { loadDocumentImages } from '../report-images/document-images';
import { loadSignatureImages } from '../profile/signature-image';

interface PersonRow {
  id: string;
  name: string;
  council_type: string | null;
  council_number: string | null;
  council_uf: string | null;
}

/** The council printed under a signer's name (CRM/CRMV, number, UF), when the user has one. */
function councilOf(p: PersonRow | undefined): ProfessionalCouncil | null {
  const parsed = ProfessionalCouncil.safeParse({ type: p?.council_type, number: p?.council_number, uf: p?.council_uf });
  return parsed.success ? parsed.data : null;
}

export interface DocumentSource {
  /** The text to render: given (preview) or the version's stored text. */
  contentHtml?: string;
  /** The version shown (default: the current one). */
  version?: number;
  lang?: string;
  preview?: boolean;
}

/** What a document needs of a report: its account, its study and its record (a route's ReportContext fits). */
export interface DocumentContext {
  access: { accountId: string };
  study: { id: string };
  record: LaudoRecord;
}

export async function loadReportDocument(
  knex: Knex,
  storage: ObjectStorage,
  rc: DocumentContext,
  source: DocumentSource,
): Promise<ReportDocumentInput> {
  const { access, study, record } = rc;
  const version = source.version ?? record.version;
  const [account, row, versionRow, finding, logo] = await Promise.all([
    knex('accounts').where({ id: access.accountId }).first('name', 'is_for_human', 'config'),
    knex('studies as s')
      .join('patients as p', function joinPatient() {
        this.on('p.id', 's.patient_ref').andOn('p.account_id', 's.account_id');
      })
      .leftJoin('institutions as i', 'i.id', 's.institution_id')
      .where({ 's.id': study.id, 's.account_id': access.accountId })
      .first(
        'p.name as patientName',
        'p.patient_id as patientId',
        'p.sex',
        knex.raw('to_char(p.birth_date, \'YYYY-MM-DD\') as "birthDate"'),
        's.patient_age as patientAge',
        'p.species',
        'p.breed',
        's.accession_number as accessionNumber',
        's.exam_type as examType',
        's.exam_date as examDate',
        's.modalities',
        'i.name as institutionName',
      ),
    knex('laudo_versions')
      .where({ laudo_id: record.laudoId, account_id: access.accountId, version })
      .first('content_id', 'user_id', 'opinion_user_id', 'has_opinion_signature'),
    // A finding (or accepted suspicion) goes into the report when it was put there (spec 2 §4:
    // forced by INSTITUTIONS_WITH_CRITICAL_FINDING_IN_REPORT, else the doctor's choice).
    knex('study_critical_findings as f')
      .join('account_critical_findings as af', 'af.id', 'f.account_critical_finding_id')
      .where({ 'f.study_id': study.id, 'f.account_id': access.accountId, 'f.in_the_report': true })
      .whereIn('f.status', ['SUSPICION_ACCEPTED', 'FINDING_CREATED'])
      .first('af.level_and_name', 'f.observation'),
    knex('institution_logos as l')
      .join('studies as s', function joinStudy() {
        this.on('s.institution_id', 'l.institution_id').andOn('s.account_id', 'l.account_id');
      })
      .where({ 's.id': study.id, 's.account_id': access.accountId })
      .first('l.bytes'),
  ]);
  if (!account || !row) throw new AppError('NOT_FOUND');

  let contentHtml = source.contentHtml;
  if (contentHtml === undefined) {
    const contentId = version === record.version ? record.contentId : (versionRow?.content_id ?? null);
    contentHtml = (await readContent(knex, access.accountId, contentId)) ?? '';
    if (!contentId) throw new AppError('NOT_FOUND');
  }

  const current = version === record.version;
  const executorId: string | null = current ? record.userId : (versionRow?.user_id ?? null);
  const withOpinion = current ? record.hasOpinionSignature : Boolean(versionRow?.has_opinion_signature);
  const opinionId: string | null = withOpinion ? (current ? record.opinionUserId : versionRow?.opinion_user_id) : null;
  const people: PersonRow[] = await knex('users')
    .whereIn(
      'id',
      [executorId, opinionId].filter((x): x is string => Boolean(x)),
    )
    .select('id', 'name', 'council_type', 'council_number', 'council_uf');
  const personOf = (id: string | null) => people.find((p) => p.id === id);
  const signatureImages = await loadSignatureImages(
    knex,
    storage,
    people.map((p) => p.id),
  );
  const imageOf = (p: PersonRow | undefined) => (p ? (signatureImages.get(p.id)?.toString('base64') ?? null) : null);
  const signers: ReportDocumentInput['signers'] = [];
  const executor = personOf(executorId);
  const executorName = executor?.name ?? record.doctorName;
  if (executorName) {
    signers.push({ name: executorName, role: 'executor', council: councilOf(executor), signatureImageBase64: imageOf(executor) });
  }
  const opinion = personOf(opinionId);
  if (opinion)
    signers.push({ name: opinion.name, role: 'opinion', council: councilOf(opinion), signatureImageBase64: imageOf(opinion) });

  const customHeader = accountSetting(account.config, 'PRINT_CUSTOM_HEADER').trim();
  const lang = pdfLang(source.lang);
  const images = await loadDocumentImages(knex, storage, {
    accountId: access.accountId,
    laudoId: record.laudoId,
    studyId: study.id,
    version,
    lang,
  });
  return {
    lang,
    veterinary: account.is_for_human === false,
    institution: {
      name: row.institutionName ?? account.name,
      logoBase64: logo ? (logo.bytes as Buffer).toString('base64') : null,
      customHeader: customHeader ? accountSetting(account.config, 'PRINT_CUSTOM_HEADER') : null,
    },
    patient: {
      name: row.patientName,
      id: row.patientId,
      sex: row.sex ?? null,
      birthDate: row.birthDate ?? null,
      age: row.patientAge ?? null,
      species: row.species ?? null,
      breed: row.breed ?? null,
    },
    exam: {
      accessionNumber: row.accessionNumber ?? null,
      type: row.examType ?? null,
      date: row.examDate ? new Date(row.examDate).toISOString() : null,
      modalities: row.modalities ?? [],
    },
    contentHtml,
    criticalFinding: finding
      ? [finding.level_and_name, finding.observation].filter((x: string | null) => Boolean(x?.trim())).join(' — ')
      : null,
    version,
    images,
    signers,
    preview: Boolean(source.preview),
  };
}
