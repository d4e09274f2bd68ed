import { parseReportHtml } from './html-blocks';

it('reads headings, marks, sizes, alignment, lists, tables and images', () => {
  const blocks = parseReportHtml(
    '<h2 style="text-align: center">Análise &amp; conclusão</h2>' +
      '<p>Texto <strong>forte</strong> <em>itálico</em> <u>sublinhado</u> <span style="font-size: 16px">grande</span><br>linha</p>' +
      '<ul><li><p>um</p></li><li><p>dois</p></li></ul><ol start="3"><li><p>três</p></li></ol>' +
      '<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>' +
      '<p><img src="data:image/png;base64,AAAA" width="100"></p><p></p>',
  );
  expect(blocks[0]).toEqual({ type: 'heading', level: 2, align: 'center', runs: [{ text: 'Análise & conclusão' }] });
  const p = blocks[1];
  expect(p?.type === 'paragraph' && p.runs).toEqual([
    { text: 'Texto ' },
    { text: 'forte', bold: true },
    { text: ' ' },
    { text: 'itálico', italic: true },
    { text: ' ' },
    { text: 'sublinhado', underline: true },
    { text: ' ' },
    { text: 'grande', size: 12 },
    { text: '\n' },
    { text: 'linha' },
  ]);
  expect(blocks[2]).toMatchObject({
    type: 'list',
    ordered: false,
    items: [[{ runs: [{ text: 'um' }] }], [{ runs: [{ text: 'dois' }] }]],
  });
  expect(blocks[3]).toMatchObject({ type: 'list', ordered: true, start: 3 });
  expect(blocks[4]).toMatchObject({ type: 'table', rows: [{ header: true }, { header: false }] });
  expect(blocks[5]).toEqual({ type: 'image', src: 'data:image/png;base64,AAAA', width: 75, align: 'left' });
  // The empty paragraph is the author's blank line.
  expect(blocks[6]).toEqual({ type: 'paragraph', runs: [], align: 'left' });
  expect(blocks).toHaveLength(7);
});

it('keeps text of unknown tags and survives broken HTML', () => {
  expect(parseReportHtml('solto <x-tag>texto</x-tag> <p>aberto')).toEqual([
    { type: 'paragraph', align: 'left', runs: [{ text: 'solto ' }, { text: 'texto' }] },
    { type: 'paragraph', align: 'left', runs: [{ text: 'aberto' }] },
  ]);
  expect(parseReportHtml('<script>alert(1)</script><p>ok</p>')).toEqual([
    { type: 'paragraph', align: 'left', runs: [{ text: 'ok' }] },
  ]);
});
