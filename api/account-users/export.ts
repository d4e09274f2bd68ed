/**
 * The user list exported (issue 14; spec 3 §6 'export the user list'): CSV (UTF-8 with BOM, so
 * spreadsheets read the accents) or XLSX (one sheet of inline strings, zipped with yazl), both
 * streamed as the rows are read. Headers and statuses in the request's language.
 */
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { AccountUserExportQuery, AccountUserRow } from '../../domain/account-users/schemas';
import type { Lang } from '../../domain/errors';
import { formatCpf } from '../../domain/people/professional-id';
import { tableCsv, tableXlsx } from '../http/table-export';
import { allAccountUsers } from './list';

const LABELS: Record<
  Lang,
  {
    header: string[];
    status: Record<AccountUserRow['status'], string>;
    seniority: Record<string, string>;
    yes: string;
    no: string;
  }
> = {
  'pt-BR': {
    header: ['Nome', 'Usuário', 'E-mail', 'CPF', 'Situação', 'Senioridade', 'Administrador', 'Perfis por instituição'],
    status: {
      active: 'Ativo',
      blocked: 'Bloqueado',
      locked: 'Bloqueado por tentativas',
      passwordChange: 'Troca de senha pendente',
      invited: 'Convidado',
    },
    seniority: { resident: 'Residente', mid: 'Pleno', senior: 'Sênior' },
    yes: 'Sim',
    no: 'Não',
  },
  en: {
    header: ['Name', 'Username', 'E-mail', 'CPF', 'Status', 'Seniority', 'Administrator', 'Roles by institution'],
    status: {
      active: 'Active',
      blocked: 'Blocked',
      locked: 'Locked out',
      passwordChange: 'Password change pending',
      invited: 'Invited',
    },
    seniority: { resident: 'Resident', mid: 'Mid-level', senior: 'Senior' },
    yes: 'Yes',
    no: 'No',
  },
  es: {
    header: ['Nombre', 'Usuario', 'Correo', 'CPF', 'Estado', 'Seniority', 'Administrador', 'Perfiles por institución'],
    status: {
      active: 'Activo',
      blocked: 'Bloqueado',
      locked: 'Bloqueado por intentos',
      passwordChange: 'Cambio de contraseña pendiente',
      invited: 'Invitado',
    },
    seniority: { resident: 'Residente', mid: 'Semi-senior', senior: 'Senior' },
    yes: 'Sí',
    no: 'No',
  },
};

function cells(r: AccountUserRow, lang: Lang): string[] {
  const l = LABELS[lang];
  return [
    r.name,
    r.username ?? '',
    r.email,
    r.cpf ? formatCpf(r.cpf) : '',
    l.status[r.status],
    r.seniority ? l.seniority[r.seniority]! : '',
    r.isAdmin ? l.yes : l.no,
    r.roles.map((x) => `${x.institutionName}: ${x.roleName}`).join('; '),
  ];
}

export function usersCsv(knex: Knex, accountId: string, query: AccountUserExportQuery, lang: Lang): Readable {
  return tableCsv(LABELS[lang].header, rowsOf(knex, accountId, query, lang));
}

export function usersXlsx(knex: Knex, accountId: string, query: AccountUserExportQuery, lang: Lang): Readable {
  const sheet = lang === 'en' ? 'Users' : lang === 'es' ? 'Usuarios' : 'Usuários';
  return tableXlsx(sheet, LABELS[lang].header, rowsOf(knex, accountId, query, lang));
}

async function* rowsOf(knex: Knex, accountId: string, query: AccountUserExportQuery, lang: Lang): AsyncGenerator<string[]> {
  for await (const r of allAccountUsers(knex, accountId, query)) yield cells(r, lang);
}
