/**
 * Demo data, seeded once on a fresh database: a human and a veterinary account with
 * institutions, doctors, a reviewer, a typist, an account admin, and studies in varied
 * states. Every demo user logs in with DEMO_PASSWORD.
 */
import sharp from 'sharp';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { PERMISSIONS, type Permission } from '../../domain/auth/permissions';
import { LaudoState } from '../../domain/laudo/states';
import { hashPassword } from '../../services/auth/passwords';
import { seedDefaultRoles } from '../../services/roles/default-roles';
import { seedAttachmentTypes } from './attachments-demo';
import { seedCatalogDemo } from './catalog-demo';
import { seedFindingsDemo } from './findings-demo';
import { seedWorkspaceDemo } from './workspace-demo';

export const DEMO_PASSWORD = 'Laudos@2026';

export const DEMO_USERS = [
  {
    username: 'dr.silva',
    name: 'Dr. Carlos Silva',
    email: 'carlos.silva@demo.laudos.app',
    what: 'radiologist in both accounts (account selection)',
    cpf: '12345678909',
    council: { type: 'CRM', number: '123456', uf: 'SP' },
  },
  {
    username: 'dra.costa',
    name: 'Dra. Marina Costa',
    email: 'marina.costa@demo.laudos.app',
    what: 'reviewer (human account)',
    cpf: '23456789173',
    council: { type: 'CRM', number: '654321', uf: 'RJ' },
  },
  {
    username: 'joao.digitador',
    name: 'João Pereira',
    email: 'joao.pereira@demo.laudos.app',
    what: 'typist (human account)',
    cpf: '34567891228',
    council: null,
  },
  {
    username: 'ana.admin',
    name: 'Ana Souza',
    email: 'ana.souza@demo.laudos.app',
    what: 'account administrator (human account)',
    cpf: '45678912364',
    council: null,
  },
  {
    username: 'dra.vet',
    name: 'Dra. Beatriz Lima',
    email: 'beatriz.lima@demo.laudos.app',
    what: 'veterinarian (veterinary account only)',
    cpf: '56789123482',
    council: { type: 'CRMV', number: '4567', uf: 'MG' },
  },
  {
    username: 'suporte',
    name: 'Suporte Laudos',
    email: 'suporte@demo.laudos.app',
    what: 'platform support (super role: Administration → Accounts)',
    cpf: '67891234582',
    council: null,
    superRole: true,
  },
] as const;

const DOCTOR: Permission[] = [
  'ACCOUNTS_GET_MODALITY_TEMPLATES',
  'ACCOUNTS_GET_MODALITY_TEMPLATES_BY_STUDY_ID',
  'ACCOUNTS_GET_EXAM_TEMPLATES',
  'INSTITUIONS_GET_MODALITY_TEMPLATES',
  'STUDIES_SAVE_REPORTS',
  'STUDIES_SAVE_REPORTS_OIT',
  'STUDIES_RETRIEVE_REPORTS',
  'STUDIES_REOPEN_REPORTS',
  'STUDIES_CREATE_LAUDO_OPINION',
  'STUDIES_INSERT_LAUDO_OPINION',
  'STUDIES_SAVE_NARRATED_REPORTS',
  'PHRASES_CREATE_PHRASES_BY_ACCOUNT',
  'REPORT_RETURN_NOT_STARTED',
  'STUDIES_CREATE_COMMENTS',
  'STUDIES_EDIT_CRITICAL_FINDING_SUSPECT',
  'STUDIES_CREATE_ATTACHMENTS',
  'STUDIES_DOWNLOAD_ATTACHMENT',
  'STUDIES_DELETE_ATTACHMENT',
  'STUDIES_EDIT_HEADER',
];
const ROLES: Record<string, readonly Permission[]> = {
  Médico: DOCTOR,
  Revisor: [...DOCTOR, 'REPORTS_REVIEW'],
  Digitador: ['STUDIES_TRANSCRIBE_REPORTS', 'STUDIES_RETRIEVE_REPORTS'],
  Administrador: PERMISSIONS,
};

const HUMAN_PATIENTS = [
  'Maria Aparecida Santos',
  'José Carlos Oliveira',
  'Ana Beatriz Ferreira',
  'Francisco Souza Lima',
  'Juliana Rodrigues Alves',
  'Antônio Pereira Gomes',
  'Fernanda Costa Ribeiro',
  'Paulo Henrique Martins',
  'Luíza Carvalho Rocha',
  'Ricardo Almeida Dias',
  'Camila Barbosa Nunes',
  'Marcos Vinícius Teixeira',
];
const VET_PATIENTS = [
  { name: 'Thor', species: 'Canina', breed: 'Golden Retriever' },
  { name: 'Mel', species: 'Felina', breed: 'Siamês' },
  { name: 'Bidu', species: 'Canina', breed: 'Shih Tzu' },
  { name: 'Luna', species: 'Felina', breed: 'SRD' },
  { name: 'Pipoca', species: 'Canina', breed: 'Poodle' },
];
const EXAMS: [string, string][] = [
  ['CT', 'TC de crânio'],
  ['MR', 'RM de joelho'],
  ['CR', 'RX de tórax PA e perfil'],
  ['US', 'US de abdome total'],
  ['DX', 'RX de coluna lombar'],
  ['MG', 'Mamografia bilateral'],
  ['CT', 'TC de tórax'],
  ['MR', 'RM de encéfalo'],
];
/** States spread over the demo studies (no 3: a signed state needs a real signature). */
const STATES: LaudoState[] = [
  LaudoState.NOT_STARTED,
  LaudoState.NOT_STARTED,
  LaudoState.NOT_STARTED,
  LaudoState.IN_PROGRESS,
  LaudoState.NOT_STARTED,
  LaudoState.CONCLUDED,
  LaudoState.NOT_STARTED,
  LaudoState.AWAITING_REVIEW,
  LaudoState.NOT_STARTED,
  LaudoState.REVIEWING,
  LaudoState.AUTO_CONCLUDED,
  LaudoState.EXTERNAL_REPORT,
  LaudoState.NARRATED,
  LaudoState.NOT_STARTED,
  LaudoState.IN_PROGRESS,
  LaudoState.CONCLUDED,
];

/**
 * A simple demo logo: a coloured mark only, as PNG. The PDF header writes the institution's
 * name beside the logo, so a logo that also spelled it showed the name twice (issue 12).
 */
export async function demoLogo(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160">
    <rect x="24" y="24" width="112" height="112" rx="24" fill="${colour}"/>
    <path d="M56 80h48M80 56v48" stroke="#fff" stroke-width="14" stroke-linecap="round"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedDemo(knex: Knex, logger?: Logger): Promise<boolean> {
  const existing = await knex('accounts').first('id');
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await knex.transaction(async (trx) => {
    const [human] = await trx('accounts')
      .insert({ name: 'Clínica Imagem Total', legal_name: 'Imagem Total Diagnósticos Ltda', is_for_human: true })
      .returning('*');
    const [vet] = await trx('accounts')
      .insert({ name: 'VetImagem', legal_name: 'VetImagem Diagnóstico Veterinário Ltda', is_for_human: false })
      .returning('*');
    // Every account starts with the default roles (issue 14), the demo ones too.
    for (const account of [human, vet]) await seedDefaultRoles(trx, account.id);
    const humanInst = await trx('institutions')
      .insert([
        { account_id: human.id, name: 'Hospital Central', ae_title: 'HCENTRAL' },
        { account_id: human.id, name: 'Unidade Norte', ae_title: 'UNORTE' },
      ])
      .returning('*');
    const [vetInst] = await trx('institutions')
      .insert({ account_id: vet.id, name: 'Clínica Veterinária Pet', ae_title: 'VETPET' })
      .returning('*');
    // The report PDFs' header shows the institution's logo (spec 3 §3).
    await trx('institution_logos').insert([
      { institution_id: humanInst[0].id, account_id: human.id, mime: 'image/png', bytes: await demoLogo('#1565c0') },
      { institution_id: vetInst.id, account_id: vet.id, mime: 'image/png', bytes: await demoLogo('#00796b') },
    ]);

    const users: Record<string, { id: string; name: string }> = {};
    for (const u of DEMO_USERS) {
      const [row] = await trx('users')
        .insert({
          name: u.name,
          username: u.username,
          email: u.email,
          password_hash: passwordHash,
          cpf: u.cpf,
          council_type: u.council?.type ?? null,
          council_number: u.council?.number ?? null,
          council_uf: u.council?.uf ?? null,
          super_role: 'superRole' in u && u.superRole,
        })
        .returning(['id', 'name']);
      users[u.username] = row;
    }

    const roles = async (accountId: string) => {
      const out: Record<string, string> = {};
      for (const [name, permissions] of Object.entries(ROLES)) {
        const [r] = await trx('roles')
          .insert({ account_id: accountId, name, permissions: [...permissions] })
          .returning('id');
        out[name] = r.id;
      }
      return out;
    };
    const humanRoles = await roles(human.id);
    const vetRoles = await roles(vet.id);

    const link = async (username: string, accountId: string, isAdmin: boolean, grants: [string, string][]) => {
      const userId = users[username]!.id;
      await trx('user_accounts').insert({ user_id: userId, account_id: accountId, is_admin: isAdmin });
      for (const [institutionId, roleId] of grants) {
        await trx('user_institution_roles').insert({
          account_id: accountId,
          user_id: userId,
          institution_id: institutionId,
          role_id: roleId,
        });
      }
    };
    const [central, norte] = humanInst as { id: string }[];
    await link('dr.silva', human.id, false, [
      [central!.id, humanRoles.Médico!],
      [norte!.id, humanRoles.Médico!],
    ]);
    await link('dr.silva', vet.id, false, [[vetInst.id, vetRoles.Médico!]]);
    await link('dra.costa', human.id, false, [
      [central!.id, humanRoles.Revisor!],
      [norte!.id, humanRoles.Revisor!],
    ]);
    await link('joao.digitador', human.id, false, [[central!.id, humanRoles.Digitador!]]);
    await link('ana.admin', human.id, true, [
      [central!.id, humanRoles.Administrador!],
      [norte!.id, humanRoles.Administrador!],
    ]);
    await link('dra.vet', vet.id, false, [[vetInst.id, vetRoles.Médico!]]);

    const day = 86_400_000;
    const base = Date.UTC(2026, 10, 20, 12, 0, 0);
    const addStudy = async (o: {
      accountId: string;
      institutionId: string;
      patientRef: string;
      n: number;
      modality: string;
      examType: string;
      state: LaudoState;
    }) => {
      const started = ![LaudoState.NOT_STARTED, LaudoState.AUTO_CONCLUDED, LaudoState.EXTERNAL_REPORT].includes(o.state as 0);
      const doctor = started ? users['dr.silva']! : null;
      const reviewer = o.state === LaudoState.REVIEWING ? users['dra.costa']! : null;
      const [laudo] = await trx('laudos')
        .insert({
          account_id: o.accountId,
          institution_id: o.institutionId,
          state: o.state,
          version: started ? 1 : 0,
          user_id: doctor?.id ?? null,
          doctor_name: doctor?.name ?? null,
          review_user_id: reviewer?.id ?? null,
          responsible_user_id: reviewer?.id ?? doctor?.id ?? null,
        })
        .returning('id');
      const when = new Date(base - o.n * day * 0.7 - (o.n % 5) * 3_600_000);
      await trx('studies').insert({
        account_id: o.accountId,
        institution_id: o.institutionId,
        patient_ref: o.patientRef,
        study_instance_uid: `1.2.826.0.1.3680043.10.1453.${o.accountId.slice(0, 8).replace(/[a-f]/g, '1')}.${o.n}`,
        accession_number: `AN${String(20260000 + o.n * 7).padStart(8, '0')}`,
        modalities: [o.modality],
        exam_type: o.examType,
        exam_date: when,
        received_at: new Date(when.getTime() + 1_800_000),
        laudo_id: laudo.id,
        laudo_state: o.state,
        laudo_user_id: doctor?.id ?? null,
      });
      if (started) {
        await trx('laudo_versions').insert({
          account_id: o.accountId,
          laudo_id: laudo.id,
          version: 1,
          state: o.state,
          user_id: doctor!.id,
          review_user_id: reviewer?.id ?? null,
        });
      }
    };

    for (let n = 0; n < 36; n++) {
      const name = HUMAN_PATIENTS[n % HUMAN_PATIENTS.length]!;
      const patientId = `P${String(1000 + (n % HUMAN_PATIENTS.length))}`;
      let patient = await trx('patients').where({ account_id: human.id, patient_id: patientId }).first('id');
      if (!patient) {
        [patient] = await trx('patients')
          .insert({
            account_id: human.id,
            patient_id: patientId,
            name,
            sex: n % 2 ? 'M' : 'F',
            birth_date: `${1950 + ((n * 7) % 50)}-0${1 + (n % 9)}-1${n % 9}`,
          })
          .returning('id');
      }
      const [modality, examType] = EXAMS[n % EXAMS.length]!;
      await addStudy({
        accountId: human.id,
        institutionId: (n % 3 === 2 ? norte : central)!.id,
        patientRef: patient.id,
        n,
        modality,
        examType,
        state: STATES[n % STATES.length]!,
      });
    }
    for (let n = 0; n < 12; n++) {
      const pet = VET_PATIENTS[n % VET_PATIENTS.length]!;
      const patientId = `V${200 + (n % VET_PATIENTS.length)}`;
      let patient = await trx('patients').where({ account_id: vet.id, patient_id: patientId }).first('id');
      if (!patient) {
        [patient] = await trx('patients')
          .insert({
            account_id: vet.id,
            patient_id: patientId,
            name: pet.name,
            sex: n % 2 ? 'M' : 'F',
            species: pet.species,
            breed: pet.breed,
          })
          .returning('id');
      }
      const [modality, examType] = n % 2 ? ['US', 'US de abdome'] : ['DX', 'RX de tórax'];
      await addStudy({
        accountId: vet.id,
        institutionId: vetInst.id,
        patientRef: patient.id,
        n: n + 100,
        modality,
        examType,
        state: n % 4 === 3 ? LaudoState.IN_PROGRESS : LaudoState.NOT_STARTED,
      });
    }

    // The worklist: scheduled exams of the human account, without institution.
    const someone = await trx('patients').where({ account_id: human.id }).first('id');
    for (let n = 0; n < 4; n++) {
      const [laudo] = await trx('laudos').insert({ account_id: human.id, institution_id: null }).returning('id');
      const [modality, examType] = EXAMS[(n + 3) % EXAMS.length]!;
      await trx('studies').insert({
        account_id: human.id,
        institution_id: null,
        patient_ref: someone.id,
        study_instance_uid: `2.25.2026112${n}${human.id.slice(0, 8).replace(/[a-f]/g, '2')}`,
        accession_number: `AG${String(5000 + n)}`,
        modalities: [modality],
        exam_type: examType,
        scheduled_at: new Date(base + (n + 1) * day),
        // the agendados show each exam status (spec 3 §4)
        exam_status: (['CALL_PATIENT', 'IN_PROGRESS', 'SCHEDULED', 'SCHEDULED'] as const)[n],
        laudo_id: laudo.id,
      });
    }
  });
  // Standard phrases, masks, critical findings, comments and attachment types of every demo account.
  for (const { id } of await knex('accounts').select('id')) {
    await seedWorkspaceDemo(knex, id);
    await seedFindingsDemo(knex, id);
    await seedAttachmentTypes(knex, id);
    await seedCatalogDemo(knex, id, EXAMS);
  }
  logger?.info('demo data seeded');
  return true;
}
