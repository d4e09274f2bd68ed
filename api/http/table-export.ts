/**
 * A table streamed as CSV (UTF-8 with BOM, so spreadsheets read the accents) or XLSX (one
 * sheet of inline strings, zipped with yazl) as its rows are read. Cells are made formula-safe
 * in both (domain/account-users/table-export.ts).
 */
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { csvLine, xlsxRow } from '../../domain/account-users/table-export';

export type TableRows = AsyncIterable<readonly string[]> | Iterable<readonly string[]>;

export function tableCsv(header: readonly string[], rows: TableRows): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${csvLine(header)}`;
      for await (const r of rows) yield csvLine(r);
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

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `sheetName`: ≤ 31 characters, none of : \ / ? * [ ] (Excel's rules). */
export function tableXlsx(sheetName: string, header: readonly string[], rows: TableRows): Readable {
  const zip = new yazl.ZipFile();
  const sheet = Readable.from(
    (async function* () {
      yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
      let row = 0;
      yield xlsxRow(row++, header);
      for await (const r of rows) yield xlsxRow(row++, r);
      yield '</sheetData></worksheet>';
    })(),
  );
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(ROOT_RELS), '_rels/.rels');
  zip.addBuffer(Buffer.from(WORKBOOK(sheetName)), 'xl/workbook.xml');
  zip.addBuffer(Buffer.from(WORKBOOK_RELS), 'xl/_rels/workbook.xml.rels');
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml');
  zip.end();
  return zip.outputStream as Readable;
}
