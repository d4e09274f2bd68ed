import { csvRows, examLines } from './exam-table';

describe('examLines', () => {
  it('reads the title column by its header in any of the three languages, with the modality', () => {
    expect(
      examLines([
        ['Código', 'Título', 'Modalidade'],
        ['1', ' TC  de crânio ', 'ct'],
        ['2', '', 'MR'],
        ['3', 'tc de crânio', ''],
      ]),
    ).toEqual([{ title: 'tc de crânio', modality: null }]);
    expect(examLines([['Examen'], ['Ecografía']])).toEqual([{ title: 'Ecografía', modality: null }]);
  });
  it('without a title header, takes a first column filled on every row', () => {
    expect(examLines([['RX de tórax', 'x'], ['', ''], ['US de abdome']])).toEqual([
      { title: 'RX de tórax', modality: null },
      { title: 'US de abdome', modality: null },
    ]);
    expect(examLines([['A'], ['', 'b']])).toBeNull();
  });
  it('refuses an empty table, a header without rows and bad modality codes', () => {
    expect(examLines([])).toBeNull();
    expect(examLines([['title']])).toBeNull();
    expect(
      examLines([
        ['title', 'modality'],
        ['A', 'not a code'],
      ]),
    ).toBeNull();
  });
});

describe('csvRows', () => {
  it('reads quotes, doubled quotes, both separators and a BOM', () => {
    expect(csvRows('\uFEFFa,"b, ""c"""\r\nd,e')).toEqual([
      ['a', 'b, "c"'],
      ['d', 'e'],
    ]);
    expect(csvRows('a;b\nc;d\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
  it('throws on an unterminated quote', () => {
    expect(() => csvRows('"abc')).toThrow();
  });
});
