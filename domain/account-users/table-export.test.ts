import { columnName, csvField, csvLine, formulaSafe, xlsxRow } from './table-export';

describe('table export', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const v of ['=1+1', '+55', '-2', '@SUM(A1)', '\tx', '\rx']) expect(formulaSafe(v)).toBe(`'${v}`);
    expect(formulaSafe('Ana = Bia')).toBe('Ana = Bia');
  });

  it('quotes CSV fields with separators, quotes and line breaks', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });

  it('writes XLSX rows of escaped inline strings', () => {
    expect(columnName(0)).toBe('A');
    expect(columnName(25)).toBe('Z');
    expect(columnName(26)).toBe('AA');
    expect(xlsxRow(0, ['<a&b>', '=x'])).toBe(
      '<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">&lt;a&amp;b&gt;</t></is></c>' +
        `<c r="B1" t="inlineStr"><is><t xml:space="preserve">'=x</t></is></c></row>`,
    );
  });
});
