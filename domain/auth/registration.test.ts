import { CompleteRegistrationBody, SignupBody, registrationProblem } from './registration';
import { TERMS_OF_USE, TERMS_VERSION } from './terms';
import { LANGS } from '../errors';

const good = {
  accountId: '6b1f0c1e-9a4e-4d2b-8f43-2f1f0b7d9a10',
  name: 'Ana Costa',
  username: 'Ana.Costa',
  email: 'Ana@Clinica.com.br',
  mobile: '(11) 98765-4321',
  cpf: '529.982.247-25',
  password: 'Laudos@2026',
  passwordConfirmation: 'Laudos@2026',
  termsVersion: TERMS_VERSION,
};

const problem = (body: unknown) => {
  const r = SignupBody.safeParse(body);
  return r.success ? null : registrationProblem(r.error);
};

test('a good sign-up is normalised', () => {
  expect(SignupBody.parse(good)).toEqual({
    ...good,
    username: 'ana.costa',
    email: 'ana@clinica.com.br',
    mobile: '11987654321',
    cpf: '52998224725',
  });
});

test.each([
  [{ name: ' ' }, 'NAME_REQUIRED'],
  [{ username: 'ab' }, 'USERNAME_INVALID'],
  [{ username: 'ana@clinica.com' }, 'USERNAME_INVALID'],
  [{ email: 'ana@' }, 'EMAIL_INVALID'],
  [{ mobile: '1187654321' }, 'MOBILE_INVALID'],
  [{ cpf: '111.111.111-11' }, 'CPF_INVALID'],
  [{ cpf: '529.982.247-24' }, 'CPF_INVALID'],
  [{ password: 'fraca', passwordConfirmation: 'fraca' }, 'PASSWORD_WEAK'],
  [{ passwordConfirmation: 'Laudos@2027' }, 'PASSWORDS_DIFFERENT'],
  [{ termsVersion: undefined }, 'TERMS_NOT_ACCEPTED'],
  [{ termsVersion: '2020-01-01' }, 'TERMS_NOT_ACCEPTED'],
  [{ accountId: 'x' }, 'SIGNUP_CLOSED'],
  [{ extra: 1 }, 'MALFORMED_REQUEST'],
])('%j answers %s', (patch, code) => expect(problem({ ...good, ...patch })).toBe(code));

test('a missing field answers its own code', () => {
  const { cpf: _cpf, ...noCpf } = good;
  expect(problem(noCpf)).toBe('CPF_INVALID');
  const { name: _name, ...noName } = good;
  expect(problem(noName)).toBe('NAME_REQUIRED');
});

test('the completed invitation takes a council and a token, no e-mail (the invitation has it)', () => {
  const { accountId: _a, email: _e, ...rest } = good;
  const r = CompleteRegistrationBody.safeParse({ ...rest, token: 't', council: { type: 'CRM', number: '1', uf: 'SP' } });
  expect(r.success).toBe(true);
  expect(CompleteRegistrationBody.safeParse({ ...rest, token: '' }).error?.issues[0]?.path).toEqual(['token']);
});

test('the terms exist in the three languages', () => {
  for (const lang of LANGS) expect(TERMS_OF_USE[lang].sections.length).toBe(TERMS_OF_USE['pt-BR'].sections.length);
});
