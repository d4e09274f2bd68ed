/**
 * The user list exported (issue 14; spec 3 §6 'export the user list'): CSV (UTF-8 with BOM, so
 * spreadsheets read the accents) or XLSX (one sheet of inline strings, zipped with yazl), both
 * streamed as the rows are read. Headers and statuses in the request's language.
 */
import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Knex } from 'knex';
import type { AccountUserExportQuery, AccountUserRow } from '../../domain/account-users/schemas';
import { csvLine, xlsxRow } from '../../domain/account-users/table-export';
import type { Lang } from '../../domain/errors';
import { formatCpf } from '../../domain/people/professional-id';
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
  return Readable.from(
    (async function* () {
      yield `\uFEFF${csvLine(LABELS[lang].header)}`;
      for await (const r of allAccountUsers(knex, accountId, query)) yield csvLine(cells(r, lang));
    })(),
  );
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = (sheet: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${sheet}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

export function usersXlsx(knex: Knex, accountId: string, query: AccountUserExportQuery, lang: Lang): Readable {
  const zip = new yazl.ZipFile();
  const sheet = Readable.from(
    (async function* () {
      yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
      let row = 0;
      yield xlsxRow(row++, LABELS[lang].header);
      for await (const r of allAccountUsers(knex, accountId, query)) yield xlsxRow(row++, cells(r, lang));
      yield '</sheetData></worksheet>';
    })(),
  );
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(ROOT_RELS), '_rels/.rels');
  zip.addBuffer(Buffer.from(WORKBOOK(lang === 'en' ? 'Users' : lang === 'es' ? 'Usuarios' : 'Usuários')), 'xl/workbook.xml');
  zip.addBuffer(Buffer.from(WORKBOOK_RELS), 'xl/_rels/workbook.xml.rels');
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml');
  zip.end();
  return zip.outputStream as Readable;
}
