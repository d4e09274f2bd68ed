import { csvCell, csvLine } from './csv';

describe('audit CSV', () => {
  it('quotes every cell and doubles quotes (RFC 4180)', () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('line\r\nbreak')).toBe('"line\r\nbreak"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) expect(csvCell(f)).toBe(`"'${f}"`);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a=1')).toBe('"a=1"');
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', null, '=b'])).toBe(`"a","","'=b"\r\n`);
  });
});
