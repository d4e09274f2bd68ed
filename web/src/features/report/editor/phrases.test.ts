import { describe, expect, it } from '@jest/globals';
import {
  filterPhrases,
  findPhraseByCode,
  matchPhraseTrigger,
  normalizePhraseCode,
  parsePhraseList,
  phraseToHtml,
  validatePhrase,
  type Phrase,
} from './phrases';

const p = (code: string, title: string, phrase = `${title} text`): Phrase => ({ id: code, code, title, phrase });
const list = [
  p('NL', 'Normal'),
  p('TC1', 'Tórax normal'),
  p('ABD', 'Abdome'),
  p('NLX', 'Sem lesões'),
  p('FIG', 'Fígado'),
  p('NOD', 'Nódulo'),
  p('N7', 'Nada'),
];

describe('phrases', () => {
  it('searches by code or title (accents ignored), codes first, at most five', () => {
    expect(filterPhrases(list, 'nl').map((x) => x.code)).toEqual(['NL', 'NLX']);
    expect(filterPhrases(list, 'torax').map((x) => x.code)).toEqual(['TC1']);
    expect(filterPhrases(list, 'n')).toHaveLength(5);
    expect(filterPhrases(list, '')).toHaveLength(5);
  });
  it('finds \\CODE before the cursor', () => {
    expect(matchPhraseTrigger('texto \\nl')).toEqual({ code: 'NL', length: 3 });
    expect(matchPhraseTrigger('\\ABCDEF')).toEqual({ code: 'ABCDEF', length: 7 });
    expect(matchPhraseTrigger('NL')).toBeNull();
    expect(matchPhraseTrigger('\\')).toBeNull();
    expect(findPhraseByCode(list, 'tc1')?.title).toBe('Tórax normal');
  });
  it('turns plain text into editor HTML, keeping HTML phrases', () => {
    expect(phraseToHtml('a < b\nc')).toBe('a &lt; b<br>c');
    expect(phraseToHtml('<p>x</p>')).toBe('<p>x</p>');
  });
  it('validates the create form with the spec messages', () => {
    expect(normalizePhraseCode('ab c1234')).toBe('ABC123');
    expect(validatePhrase({ code: '', title: 'ab', phrase: 'abc' })).toEqual({
      code: 'editor.phrases.codeLength',
      title: 'editor.phrases.min3',
    });
    expect(validatePhrase({ code: 'NL', title: 'Normal', phrase: 'Sem alterações' })).toEqual({});
  });
  it('reads the API list', () => {
    expect(parsePhraseList({ phrases: [{ id: 'p1', code: 'A', title: 'T', phrase: 'P', exams: [], modalities: [] }] })).toEqual([
      { id: 'p1', code: 'A', title: 'T', phrase: 'P' },
    ]);
    expect(() => parsePhraseList([{ code: 'B', phrase: 'Q' }])).toThrow();
  });
});
