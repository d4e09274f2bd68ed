import { formatAge, parseTypedAge } from './age';
import { labelsFor } from './labels';

const pt = labelsFor('pt-BR');

describe('the PDF age', () => {
  it('computes it from the birth date at the exam day in São Paulo, before any typed age', () => {
    // 02:00 UTC on 2026-11-22 is still the 21st in São Paulo.
    expect(formatAge({ birthDate: '1980-02-29', age: '5Y' }, '2026-11-22T02:00:00Z', pt)).toBe('46 anos, 8 meses e 23 dias');
  });

  it('shows the typed age (the header stores NNY NNM NND; DICOM ages like 045Y) as anos/meses/dias', () => {
    expect(formatAge({ birthDate: null, age: '45Y 3M 1D' }, '2026-11-22T12:00:00Z', pt)).toBe('45 anos, 3 meses e 1 dia');
    expect(formatAge({ birthDate: null, age: '045Y' }, null, pt)).toBe('45 anos');
    expect(formatAge({ birthDate: null, age: '2 anos 1 mes' }, null, pt)).toBe('2 anos e 1 mês');
    expect(formatAge({ birthDate: null, age: '3W' }, null, labelsFor('en'))).toBe('21 days');
    expect(formatAge({ birthDate: null, age: '1Y 2M 3D' }, null, labelsFor('es'))).toBe('1 año, 2 meses y 3 días');
  });

  it('keeps free text that is not an age in units as typed, and nothing when there is no age', () => {
    expect(formatAge({ birthDate: null, age: 'aproximadamente 40' }, null, pt)).toBe('aproximadamente 40');
    expect(parseTypedAge('12 parsecs')).toBeNull();
    expect(formatAge({ birthDate: null, age: '  ' }, null, pt)).toBeNull();
    expect(formatAge({ birthDate: null }, null, pt)).toBeNull();
  });
});
