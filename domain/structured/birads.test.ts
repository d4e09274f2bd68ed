import { biradsRequired, hasBiradsClassification } from './birads';

it.each([
  ['BI-RADS 2', true],
  ['Conclusão: BI-RADS®: categoria 4A.', true],
  ['BIRADS categoría 0', true],
  ['bi-rads - 5', true],
  ['BI RADS 6', true],
  ['BI-RADS sem categoria', false],
  ['BI-RADS 7', false],
  ['BI-RADS 23', false],
  ['categoria 2', false],
  ['', false],
])('%s → %s', (text, found) => {
  expect(hasBiradsClassification(text)).toBe(found);
});

it('is required for a free-text mammography report when the account forces it', () => {
  expect(biradsRequired({ forced: true, modalities: ['MG'], structuredType: '' })).toBe(true);
  expect(biradsRequired({ forced: false, modalities: ['MG'], structuredType: '' })).toBe(false);
  expect(biradsRequired({ forced: true, modalities: ['CT'], structuredType: '' })).toBe(false);
  expect(biradsRequired({ forced: true, modalities: ['MG'], structuredType: 'SISMAMA' })).toBe(false);
});
