/**
 * Demo standard phrases and masks (issue 4) for one account: shared masks by modality, exam
 * and institution, and 'My masks' (with a default per modality) for every member who is
 * not an administrator. Human and veterinary accounts get their own texts. Runs once: an
 * account that already has phrases or masks is left alone.
 */
import type { Knex } from 'knex';

interface DemoPhrase {
  code: string;
  title: string;
  phrase: string;
  modalities?: string[];
  exams?: string[];
}

interface DemoMask {
  title: string;
  modality: string;
  examType?: string;
  content: string;
  isDefault?: boolean;
}

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');
const h = (title: string) => `<h3 style="text-align: center">${title}</h3>`;

const HUMAN_PHRASES: DemoPhrase[] = [
  { code: 'NORMAL', title: 'Exame dentro da normalidade', phrase: 'Exame dentro dos limites da normalidade.' },
  { code: 'COMP', title: 'Comparação com exame anterior', phrase: 'Comparado ao exame anterior, sem alterações significativas.' },
  { code: 'CORR', title: 'Correlação clínica', phrase: 'Sugere-se correlação clínica e laboratorial.' },
  {
    code: 'TCN',
    title: 'TC de crânio normal',
    phrase:
      'Parênquima encefálico com densidade preservada. Sistema ventricular de dimensões normais. Não há coleções extra-axiais.',
    modalities: ['CT'],
    exams: ['TC de crânio'],
  },
  {
    code: 'PULM',
    title: 'Pulmões sem alterações',
    phrase: 'Pulmões expandidos, com transparência preservada. Seios costofrênicos livres.',
    modalities: ['CR', 'DX', 'CT'],
  },
  {
    code: 'FIG',
    title: 'Fígado normal',
    phrase: 'Fígado de dimensões normais, contornos regulares e ecotextura homogênea.',
    modalities: ['US'],
  },
  {
    code: 'MENI',
    title: 'Meniscos íntegros',
    phrase: 'Meniscos medial e lateral com morfologia e sinal preservados.',
    modalities: ['MR'],
    exams: ['RM de joelho'],
  },
  {
    code: 'BIR1',
    title: 'BI-RADS 1',
    phrase: 'Categoria BI-RADS 1: exame negativo. Recomenda-se controle de rotina conforme faixa etária.',
    modalities: ['MG'],
  },
];

const VET_PHRASES: DemoPhrase[] = [
  { code: 'NORMAL', title: 'Exame dentro da normalidade', phrase: 'Exame dentro dos limites da normalidade para a espécie.' },
  { code: 'CORR', title: 'Correlação clínica', phrase: 'Sugere-se correlação com os achados clínicos e laboratoriais.' },
  {
    code: 'TORAX',
    title: 'Tórax sem alterações',
    phrase: 'Campos pulmonares com padrão radiográfico preservado. Silhueta cardíaca de dimensões normais.',
    modalities: ['DX'],
  },
  {
    code: 'ABD',
    title: 'Abdome sem alterações',
    phrase: 'Órgãos abdominais com dimensões, contornos e ecogenicidade preservados.',
    modalities: ['US'],
  },
];

const HUMAN_MODALITY_MASKS: DemoMask[] = [
  {
    title: 'TC – modelo geral',
    modality: 'CT',
    isDefault: true,
    content:
      h('TOMOGRAFIA COMPUTADORIZADA') +
      p('<strong>Técnica:</strong> ', '<strong>Análise:</strong> ', '<strong>Impressão:</strong> '),
  },
  {
    title: 'RM – modelo geral',
    modality: 'MR',
    isDefault: true,
    content:
      h('RESSONÂNCIA MAGNÉTICA') + p('<strong>Técnica:</strong> ', '<strong>Análise:</strong> ', '<strong>Impressão:</strong> '),
  },
  {
    title: 'US – modelo geral',
    modality: 'US',
    isDefault: true,
    content: h('ULTRASSONOGRAFIA') + p('<strong>Análise:</strong> ', '<strong>Impressão:</strong> '),
  },
  {
    title: 'RX – modelo geral',
    modality: 'DX',
    isDefault: true,
    content: h('RADIOGRAFIA') + p('<strong>Incidências:</strong> ', '<strong>Análise:</strong> ', '<strong>Impressão:</strong> '),
  },
];

const HUMAN_EXAM_MASKS: DemoMask[] = [
  {
    title: 'TC de crânio',
    modality: 'CT',
    examType: 'TC de crânio',
    isDefault: true,
    content:
      h('TOMOGRAFIA COMPUTADORIZADA DE CRÂNIO') +
      p(
        '<strong>Técnica:</strong> exame realizado sem a administração de contraste.',
        '<strong>Análise:</strong> parênquima encefálico com densidade preservada. Sistema ventricular de dimensões normais.',
        '<strong>Impressão:</strong> exame dentro dos limites da normalidade.',
      ),
  },
  {
    title: 'RM de joelho',
    modality: 'MR',
    examType: 'RM de joelho',
    isDefault: true,
    content:
      h('RESSONÂNCIA MAGNÉTICA DO JOELHO') +
      p(
        '<strong>Técnica:</strong> sequências multiplanares ponderadas em T1, T2 e DP.',
        '<strong>Análise:</strong> meniscos, ligamentos cruzados e colaterais íntegros.',
        '<strong>Impressão:</strong> ',
      ),
  },
  {
    title: 'US de abdome total',
    modality: 'US',
    examType: 'US de abdome total',
    content:
      h('ULTRASSONOGRAFIA DE ABDOME TOTAL') +
      p(
        '<strong>Fígado:</strong> ',
        '<strong>Vesícula biliar:</strong> ',
        '<strong>Rins:</strong> ',
        '<strong>Impressão:</strong> ',
      ),
  },
];

const VET_MODALITY_MASKS: DemoMask[] = [
  {
    title: 'RX veterinário – modelo geral',
    modality: 'DX',
    isDefault: true,
    content:
      h('EXAME RADIOGRÁFICO') + p('<strong>Projeções:</strong> ', '<strong>Achados:</strong> ', '<strong>Conclusão:</strong> '),
  },
  {
    title: 'US veterinário – modelo geral',
    modality: 'US',
    isDefault: true,
    content: h('ULTRASSONOGRAFIA ABDOMINAL') + p('<strong>Achados:</strong> ', '<strong>Conclusão:</strong> '),
  },
];

const VET_EXAM_MASKS: DemoMask[] = [
  {
    title: 'RX de tórax (cão e gato)',
    modality: 'DX',
    examType: 'RX de tórax',
    content:
      h('RADIOGRAFIA DE TÓRAX') +
      p(
        '<strong>Projeções:</strong> laterolateral direita e ventrodorsal.',
        '<strong>Achados:</strong> ',
        '<strong>Conclusão:</strong> ',
      ),
  },
];

/** A personal mask per modality, as a doctor keeps for himself. */
function personalMasks(isHuman: boolean): DemoMask[] {
  const sign = p('', '<em>Laudo revisado pelo médico responsável.</em>');
  return isHuman
    ? [
        { title: 'Minha TC', modality: 'CT', isDefault: true, content: h('TC') + p('<strong>Achados:</strong> ') + sign },
        { title: 'Minha RM', modality: 'MR', content: h('RM') + p('<strong>Achados:</strong> ') + sign },
        { title: 'Meu US', modality: 'US', content: h('US') + p('<strong>Achados:</strong> ') + sign },
      ]
    : [
        { title: 'Meu RX', modality: 'DX', isDefault: true, content: h('RX') + p('<strong>Achados:</strong> ') + sign },
        { title: 'Meu US', modality: 'US', content: h('US') + p('<strong>Achados:</strong> ') + sign },
      ];
}

/** Seeds the demo phrases and masks of `accountId`; false when it already had some. */
export async function seedWorkspaceDemo(knex: Knex, accountId: string): Promise<boolean> {
  return knex.transaction(async (trx) => {
    const account = await trx('accounts').where({ id: accountId }).first('id', 'is_for_human');
    if (!account) throw new Error(`seedWorkspaceDemo: no account ${accountId}`);
    const [phrases, masks] = await Promise.all([
      trx('phrases').where({ account_id: accountId }).first('id'),
      trx('masks').where({ account_id: accountId }).first('id'),
    ]);
    if (phrases || masks) return false;

    const members: { user_id: string; is_admin: boolean }[] = await trx('user_accounts')
      .where({ account_id: accountId })
      .orderBy([{ column: 'is_admin', order: 'desc' }, 'created_at'])
      .select('user_id', 'is_admin');
    const author = members[0]?.user_id ?? null;
    const isHuman = account.is_for_human !== false;

    await trx('phrases').insert(
      (isHuman ? HUMAN_PHRASES : VET_PHRASES).map((ph) => ({
        account_id: accountId,
        code: ph.code,
        title: ph.title,
        phrase: ph.phrase,
        exams: ph.exams ?? [],
        modalities: ph.modalities ?? [],
        created_by: author,
      })),
    );

    const row = (m: DemoMask, scope: 'user' | 'institution' | 'modality' | 'exam', extra: Record<string, unknown> = {}) => ({
      account_id: accountId,
      scope,
      modality: m.modality,
      exam_type: scope === 'exam' ? (m.examType ?? null) : null,
      title: m.title,
      content: m.content,
      is_default: m.isDefault ?? false,
      created_by: author,
      ...extra,
    });
    const rows = [
      ...(isHuman ? HUMAN_MODALITY_MASKS : VET_MODALITY_MASKS).map((m) => row(m, 'modality')),
      ...(isHuman ? HUMAN_EXAM_MASKS : VET_EXAM_MASKS).map((m) => row(m, 'exam')),
    ];
    const institutions: { id: string; name: string }[] = await trx('institutions')
      .where({ account_id: accountId })
      .orderBy('name')
      .select('id', 'name');
    for (const inst of institutions) {
      const modality = isHuman ? 'CT' : 'DX';
      rows.push(
        row(
          {
            title: `${isHuman ? 'TC' : 'RX'} – padrão ${inst.name}`,
            modality,
            isDefault: true,
            content: h(inst.name.toUpperCase()) + p('<strong>Análise:</strong> ', '<strong>Impressão:</strong> '),
          },
          'institution',
          { institution_id: inst.id },
        ),
      );
    }
    for (const member of members.filter((m) => !m.is_admin)) {
      for (const m of personalMasks(isHuman)) rows.push(row(m, 'user', { user_id: member.user_id }));
    }
    await trx('masks').insert(rows);
    return true;
  });
}
