import { expect, it } from '@jest/globals';
import { transcriptOf } from './speech';

it('splits what is final from what is still being heard, from the changed result on', () => {
  const results = {
    length: 3,
    0: { isFinal: true, 0: { transcript: 'já inserido' } },
    1: { isFinal: true, 0: { transcript: ' mamas densas' } },
    2: { isFinal: false, 0: { transcript: ' sem ach' } },
  };
  expect(transcriptOf(results, 1)).toEqual({ final: 'mamas densas', interim: 'sem ach' });
  expect(transcriptOf(results, 3)).toEqual({ final: '', interim: '' });
});
