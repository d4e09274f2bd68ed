import { adminAccountsErrors } from './errors/admin-accounts';
import { documentsErrors } from './errors/documents';
import { passwordErrors } from './errors/passwords';
import { platformErrors } from './errors/platform';
import { registrationErrors } from './errors/registration';
import { reportsErrors } from './errors/reports';
import { studiesErrors } from './errors/studies';
import { workspaceErrors } from './errors/workspace';
import { LANGS, errorMessage, errorStatus, isErrorCode } from './errors';

const areas = [platformErrors, reportsErrors, studiesErrors, workspaceErrors, documentsErrors, passwordErrors, registrationErrors, adminAccountsErrors];

test('a code is defined in one area only (a spread would silently replace it)', () => {
  const codes = areas.flatMap((a) => Object.keys(a));
  expect(new Set(codes).size).toBe(codes.length);
});

test('every code has a status and a message in each language', () => {
  for (const code of areas.flatMap((a) => Object.keys(a))) {
    expect(isErrorCode(code)).toBe(true);
    if (!isErrorCode(code)) continue;
    expect(errorStatus(code)).toBeGreaterThanOrEqual(400);
    for (const lang of LANGS) expect(errorMessage(code, lang).length).toBeGreaterThan(0);
  }
});
