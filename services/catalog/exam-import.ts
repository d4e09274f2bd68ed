/**
 * Exams imported from Excel (.xlsx, read with exceljs) or CSV (issue 16; spec 3 §5). The same
 * file is first previewed (what would be created or changed) and then committed; both run the
 * same plan, and committing it twice changes nothing the second time (titles are the key).
 */
import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import type { ExamImportResult } from '../../domain/catalog/schemas';
import { type ExamLine, csvRows, examLines, titleKey } from '../../domain/catalog/exam-table';
import { AppError } from '../../domain/errors';

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const invalid = () => new AppError('EXAM_IMPORT_INVALID');

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw invalid();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalid();
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(row.getCell(c).text ?? '');
    rows.push(cells);
  });
  return rows;
}

/** Text of a CSV: UTF-8, else Windows-1252 (what spreadsheets in Brazil often save); binary is refused. */
function csvText(bytes: Buffer): string {
  if (bytes.includes(0)) throw invalid();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * The exam lines of an uploaded file. An .xlsx is recognised by its bytes (a zip that exceljs
 * can open as a workbook); a CSV by its name or type. Anything else — another format, a
 * damaged workbook, a table with neither a title column nor a filled first column — is
 * EXAM_IMPORT_INVALID ('Arquivo inválido ou corrompido').
 */
export async function readExamFile(bytes: Buffer, file: { name: string; type: string }): Promise<ExamLine[]> {
  const name = file.name.toLowerCase();
  let rows: string[][];
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    if (!name.endsWith('.xlsx')) throw invalid();
    rows = await xlsxRows(bytes);
  } else if (name.endsWith('.csv') || /^text\/(csv|plain)/.test(file.type)) {
    if (!name.endsWith('.csv')) throw invalid();
    try {
      rows = csvRows(csvText(bytes));
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw invalid();
    }
  } else throw invalid();
  const lines = examLines(rows);
  if (!lines) throw invalid();
  return lines;
}

/** What importing `lines` does to the account's exams, and (commit) does it in one transaction. */
export async function importExams(knex: Knex, accountId: string, lines: ExamLine[], commit: boolean): Promise<ExamImportResult> {
  return inTransaction(knex, async (trx) => {
    const existing: { id: string; title: string; modality: string | null }[] = await trx('exams')
      .where({ account_id: accountId })
      .select('id', 'title', 'modality')
      .forUpdate();
    const byKey = new Map(existing.map((e) => [titleKey(e.title), e]));
    const result: ExamImportResult = { create: [], update: [], unchanged: 0, committed: commit };
    for (const line of lines) {
      const found = byKey.get(titleKey(line.title));
      if (!found) result.create.push(line);
      // A file without a modality column leaves the exams' modalities as they are.
      else if (line.modality !== null && line.modality !== found.modality) {
        result.update.push({ title: found.title, from: found.modality, to: line.modality });
      } else result.unchanged++;
    }
    if (commit) {
      if (result.create.length) {
        await trx('exams')
          .insert(result.create.map((l) => ({ account_id: accountId, title: l.title, modality: l.modality })))
          .onConflict(trx.raw('(account_id, lower(title))'))
          .ignore();
      }
      for (const u of result.update) {
        await trx('exams')
          .where({ account_id: accountId })
          .whereRaw('lower(title) = ?', [titleKey(u.title)])
          .update({ modality: u.to, updated_at: trx.fn.now() });
      }
    }
    return result;
  });
}
