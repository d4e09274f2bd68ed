import { isEmptyReport, plainText } from './contents';

describe('report emptiness', () => {
  it.each([
    ['', true],
    ['<p></p>', true],
    ['<p>&nbsp;</p><p> </p><br>', true],
    ['<h1> </h1><table><tr><td></td></tr></table>', true],
    ['<p>Fígado de dimensões normais.</p>', false],
    ['<p><img src="data:image/png;base64,AAA"></p>', false],
    ['<p>&lt;</p>', false],
  ])('%j is empty: %s', (html, empty) => {
    expect(isEmptyReport(html)).toBe(empty);
  });

  it('keeps the words of the text', () => {
    expect(plainText('<p>Exame <b>normal</b>.</p>')).toBe('Exame normal .');
  });
});
