/**
 * The exams a spreadsheet lists (spec 3 §5: a title column, or a filled first column). Pure:
 * rows of cell texts in, exam lines out, or null when the table says neither.
 */
import { EXAM_TITLE_MAX } from './schemas';

export interface ExamLine {
  title: string;
  modality: string | null;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/** Headers read as the title column (folded: no accents, lower case), in three languages. */
const TITLE_HEADERS = new Set([
  'title',
  'titulo',
  'exame',
  'exames',
  'exam',
  'exams',
  'examen',
  'examenes',
  'nome',
  'name',
  'nombre',
  'descricao',
  'description',
  'descripcion',
]);
const MODALITY_HEADERS = new Set(['modality', 'modalidade', 'modalidad']);

const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/**
 * The exam lines of a table. With a title header in the first row, that column (and a
 * modality column when there is one); otherwise the first column, which must then be filled
 * on every non-empty row. Titles repeated in the file count once (the last modality wins).
 */
export function examLines(rows: readonly (readonly string[])[]): ExamLine[] | null {
  const filled = rows.map((r) => r.map((c) => clean(c))).filter((r) => r.some((c) => c !== ''));
  if (filled.length === 0) return null;
  const header = filled[0]!.map(fold);
  const titleCol = header.findIndex((h) => TITLE_HEADERS.has(h));
  let lines: ExamLine[];
  if (titleCol >= 0) {
    const modalityCol = header.findIndex((h) => MODALITY_HEADERS.has(h));
    lines = filled
      .slice(1)
      .filter((r) => clean(r[titleCol]) !== '')
      .map((r) => ({
        title: clean(r[titleCol]),
        modality: modalityCol >= 0 ? clean(r[modalityCol]).toUpperCase() || null : null,
      }));
  } else {
    if (filled.some((r) => clean(r[0]) === '')) return null;
    lines = filled.map((r) => ({ title: clean(r[0]), modality: null }));
  }
  if (lines.length === 0) return null;
  if (lines.some((l) => l.title.length > EXAM_TITLE_MAX || (l.modality !== null && !/^[A-Z0-9]{1,16}$/.test(l.modality)))) {
    return null;
  }
  const byTitle = new Map<string, ExamLine>();
  for (const l of lines) byTitle.set(fold(l.title), l);
  return [...byTitle.values()];
}

/** The key an exam title is known by (case-insensitive, as the database's unique index). */
export const titleKey = (title: string): string => title.trim().toLowerCase();

/** One CSV text into rows (RFC 4180 quotes; ',' or ';' — whichever the first lines use more). */
export function csvRows(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const head = body.split(/\r?\n/, 20).join('\n');
  const sep = (head.match(/;/g)?.length ?? 0) > (head.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (quoted) throw new Error('unterminated quote');
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
