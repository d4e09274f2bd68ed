import { isValidEmail, normalizeEmail } from './email';
import { formatMobile, normalizeMobile } from './mobile';
import { councilForAccount, councilProblem, parseCouncil } from './council';
import { Username, usernameProblem } from './username';
import { isValidCpf } from './professional-id';

describe('username (3–30, A-Z a-z 0-9 . _)', () => {
  test.each([
    ['dr.silva', null],
    ['Ana_Costa.2', null],
    ['abc', null],
    ['a'.repeat(30), null],
    ['ab', 'length'],
    ['a'.repeat(31), 'length'],
    ['ana costa', 'characters'],
    ['joão', 'characters'],
    ['ana-costa', 'characters'],
    ['ana@clinica.com', 'looksLikeEmail'],
    ['@', 'looksLikeEmail'],
  ])('%j → %j', (text, problem) => expect(usernameProblem(text)).toBe(problem));

  it('is stored lower-case (login compares lower-case)', () => {
    expect(Username.parse(' Dr.Silva ')).toBe('dr.silva');
    expect(Username.safeParse('dr silva').error?.issues[0]?.message).toBe('USERNAME_INVALID');
  });
});

describe('e-mail', () => {
  test.each(['ana@clinica.com.br', 'a.b+tag@x.io', 'ANA@CLINICA.COM', 'x@xn--bcher-kva.de'])('%s is valid', (e) =>
    expect(isValidEmail(e)).toBe(true),
  );
  test.each([
    '',
    'ana',
    'ana@',
    '@clinica.com',
    'ana@clinica',
    'ana @clinica.com',
    'ana@@clinica.com',
    'ana@clinica..com',
    'ana@-x.com',
    '.ana@x.com',
    'a..b@x.com',
    'ana@x.c0m',
  ])('%j is not', (e) => expect(isValidEmail(e)).toBe(false));
  it('normalises', () => expect(normalizeEmail(' Ana@Clinica.COM ')).toBe('ana@clinica.com'));
});

describe('Brazilian mobile', () => {
  test.each([
    ['(11) 98765-4321', '11987654321'],
    ['11987654321', '11987654321'],
    ['+55 11 98765 4321', '11987654321'],
    ['5521998765432', '21998765432'],
    ['(61) 9 9123-4567', '61991234567'],
  ])('%s → %s', (text, e164) => expect(normalizeMobile(text)).toBe(e164));
  test.each([
    '1187654321', // a landline (no 9)
    '(10) 98765-4321', // no such area code
    '(20) 98765-4321',
    '+1 11 98765 4321', // not Brazil
    '119876543210',
    'abc',
    '',
  ])('%j is refused', (text) => expect(normalizeMobile(text)).toBeNull());
  it('formats', () => expect(formatMobile('11987654321')).toBe('(11) 98765-4321'));
});

describe('CPF (check digits, reused from issue 12)', () => {
  it('takes a right one, refuses a wrong digit and all-equal digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-26')).toBe(false);
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
  });
});

describe('professional council', () => {
  it('follows the account brand', () => {
    expect(councilForAccount(true)).toBe('CRM');
    expect(councilForAccount(false)).toBe('CRMV');
    expect(councilForAccount(null)).toBeNull();
  });
  const crm = { type: 'CRM', number: '123456', uf: 'SP' };
  test.each([
    [null, { required: false, expected: 'CRM' }, null],
    [{}, { required: true, expected: 'CRM' }, 'PROFESSIONAL_COUNCIL_REQUIRED'],
    [{ type: '', number: ' ', uf: '' }, { required: true, expected: null }, 'PROFESSIONAL_COUNCIL_REQUIRED'],
    [crm, { required: true, expected: 'CRM' }, null],
    [{ ...crm, uf: 'sp' }, { required: true, expected: 'CRM' }, null],
    [{ type: 'CRM', number: '123456' }, { required: false, expected: 'CRM' }, 'PROFESSIONAL_COUNCIL_INCOMPLETE'],
    [{ type: 'CRM', uf: 'SP' }, { required: false, expected: 'CRM' }, 'PROFESSIONAL_COUNCIL_INCOMPLETE'],
    [{ number: '123', uf: 'SP' }, { required: false, expected: 'CRM' }, 'PROFESSIONAL_COUNCIL_INCOMPLETE'],
    [{ ...crm, uf: 'XX' }, { required: false, expected: 'CRM' }, 'PROFESSIONAL_COUNCIL_INCOMPLETE'],
    [{ ...crm, number: 'abc' }, { required: false, expected: 'CRM' }, 'PROFESSIONAL_COUNCIL_INCOMPLETE'],
    [{ ...crm, type: 'CRO' }, { required: false, expected: null }, 'PROFESSIONAL_COUNCIL_INCOMPLETE'],
    [crm, { required: true, expected: 'CRMV' }, 'PROFESSIONAL_COUNCIL_WRONG_TYPE'],
    [{ ...crm, type: 'CRMV' }, { required: true, expected: null }, null],
  ] as const)('%j with %j → %j', (input, opts, problem) => expect(councilProblem(input, opts)).toBe(problem));

  it('parses a whole one, upper-casing the UF', () => {
    expect(parseCouncil({ type: 'CRMV', number: ' 4567 ', uf: 'mg' })).toEqual({ type: 'CRMV', number: '4567', uf: 'MG' });
    expect(parseCouncil({ type: '', number: '', uf: '' })).toBeNull();
  });
});
