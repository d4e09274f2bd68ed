import { expect, test } from '@jest/globals';
import { SERVER_CODE_FIELD, emptyPerson, personProblems } from './person-form';

const good = {
  name: 'Ana Costa',
  username: 'ana.costa',
  email: 'ana@clinica.com.br',
  mobile: '(11) 98765-4321',
  cpf: '529.982.247-25',
};

test('a good person has no problem', () => {
  expect(Object.values(personProblems(good, true)).every((p) => p === null)).toBe(true);
});

test('empty fields are said only once the user tried to send', () => {
  expect(Object.values(personProblems(emptyPerson, false)).every((p) => p === null)).toBe(true);
  expect(personProblems(emptyPerson, true)).toEqual({
    name: 'signup.required',
    username: 'signup.required',
    email: 'signup.required',
    mobile: 'signup.required',
    cpf: 'signup.required',
  });
});

test.each([
  [{ username: 'ana@clinica.com' }, 'username', 'signup.username.looksLikeEmail'],
  [{ username: 'ana costa' }, 'username', 'signup.username.characters'],
  [{ username: 'an' }, 'username', 'signup.username.length'],
  [{ email: 'ana@' }, 'email', 'signup.email.invalid'],
  [{ mobile: '(11) 3456-7890' }, 'mobile', 'signup.mobile.invalid'],
  [{ cpf: '111.111.111-11' }, 'cpf', 'signup.cpf.invalid'],
] as const)('%j is said live under %s', (patch, field, key) => {
  expect(personProblems({ ...good, ...patch }, false)[field]).toBe(key);
});

test('server refusals go under their field', () => {
  expect(SERVER_CODE_FIELD.USERNAME_IN_USE).toBe('username');
  expect(SERVER_CODE_FIELD.CPF_IN_USE).toBe('cpf');
  expect(SERVER_CODE_FIELD.PROFESSIONAL_COUNCIL_INCOMPLETE).toBe('council');
  expect(SERVER_CODE_FIELD.SIGNUP_CLOSED).toBeUndefined();
});
