import { ProfessionalId, councilText, formatCpf, isValidCpf } from './professional-id';

describe('CPF', () => {
  it('accepts eleven digits with both check digits right, with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('11144477735')).toBe(true);
  });
  it('refuses a wrong check digit, a repeated digit, the wrong length', () => {
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('52998224715')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('abc')).toBe(false);
  });
  it('formats', () => expect(formatCpf('52998224725')).toBe('529.982.247-25'));
});

describe('ProfessionalId', () => {
  it('keeps the CPF digits and a council with one of the 27 units', () => {
    expect(ProfessionalId.parse({ cpf: '529.982.247-25', council: { type: 'CRMV', number: '4567', uf: 'MG' } })).toEqual({
      cpf: '52998224725',
      council: { type: 'CRMV', number: '4567', uf: 'MG' },
    });
    expect(councilText({ type: 'CRM', number: '123456', uf: 'SP' })).toBe('CRM 123456/SP');
  });
  it('refuses an unknown unit, council or a bad CPF', () => {
    expect(ProfessionalId.safeParse({ cpf: null, council: { type: 'CRM', number: '1', uf: 'XX' } }).success).toBe(false);
    expect(ProfessionalId.safeParse({ cpf: null, council: { type: 'CRO', number: '1', uf: 'SP' } }).success).toBe(false);
    expect(ProfessionalId.safeParse({ cpf: '52998224724', council: null }).success).toBe(false);
    expect(ProfessionalId.safeParse({ cpf: null, council: { type: 'CRM', number: '', uf: 'SP' } }).success).toBe(false);
  });
});
