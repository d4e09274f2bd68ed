/**
 * The per-session cache of opened A1 certificates: a right password opens once and is then
 * found again; a wrong password after a cached right one is still refused (it never hits);
 * another certificate id (replaced), another session, logout, the user's certificate
 * change and the TTL all miss.
 */
import { A1Error, readA1 } from '../../documents/signing/a1-certificate';
import { type TestPki, makeTestPki } from '../../documents/testing/test-pki';
import { ensureDocumentTools } from '../../scripts/tools';
import { A1SessionCache } from './a1-session-cache';

jest.setTimeout(60_000);

let pki: TestPki;
let clock = 0;
let cache: A1SessionCache;
let opens = 0;
const doctor = { sessionId: 'session-1', userId: 'user-1' };

/** What openCallerA1 does on a miss: the real PKCS#12 opened with the typed password. */
const open = (password: string, p12 = () => pki.p12) =>
  cache.open(doctor, 'cert-1', password, () => {
    opens++;
    return readA1(p12(), password);
  });

beforeAll(() => {
  ensureDocumentTools();
  pki = makeTestPki();
});

beforeEach(() => {
  clock = 1_000_000;
  opens = 0;
  cache = new A1SessionCache(15 * 60_000, () => clock);
});

it('opens once with the right password, then answers the same key from memory', async () => {
  const first = await open(pki.password);
  const second = await open(pki.password);
  expect(opens).toBe(1);
  expect(second).toBe(first);
  expect(second.certificate.subject.getField('CN')).toBeTruthy();
  expect(cache.holds(doctor.sessionId)).toBe(true);
});

it('a wrong password after a cached right one is still refused, and the right one stays cached', async () => {
  await open(pki.password);
  await expect(open('errada')).rejects.toBeInstanceOf(A1Error);
  await expect(open(`${pki.password} `)).rejects.toMatchObject({ problem: 'password' });
  expect(opens).toBe(3);
  await open(pki.password);
  expect(opens).toBe(3);
});

it('a refusal is never remembered: the same wrong password is checked again each time', async () => {
  await expect(open('errada')).rejects.toBeInstanceOf(A1Error);
  await expect(open('errada')).rejects.toBeInstanceOf(A1Error);
  expect(opens).toBe(2);
  expect(cache.holds(doctor.sessionId)).toBe(false);
});

it('a replaced certificate (another row id) misses and opens the new file', async () => {
  await open(pki.password);
  let replacedOpens = 0;
  const replaced = await cache.open(doctor, 'cert-2', pki.password, () => {
    replacedOpens++;
    return readA1(pki.p12, pki.password);
  });
  expect(replacedOpens).toBe(1);
  // The old certificate is no longer held for the session (one entry per session).
  await open(pki.password);
  expect(opens).toBe(2);
  expect(replaced).not.toBe(undefined);
});

it("forgetUser (upload or delete of the user's certificate) and forgetSession (logout) drop the key", async () => {
  await open(pki.password);
  cache.forgetUser('someone-else');
  await open(pki.password);
  expect(opens).toBe(1);
  cache.forgetUser(doctor.userId);
  expect(cache.holds(doctor.sessionId)).toBe(false);
  await open(pki.password);
  expect(opens).toBe(2);
  cache.forgetSession(doctor.sessionId);
  expect(cache.holds(doctor.sessionId)).toBe(false);
  await open(pki.password);
  expect(opens).toBe(3);
});

it('another session of the same user, or another user on the session id, misses', async () => {
  await open(pki.password);
  let other = 0;
  await cache.open({ sessionId: 'session-2', userId: doctor.userId }, 'cert-1', pki.password, () => {
    other++;
    return readA1(pki.p12, pki.password);
  });
  await cache.open({ sessionId: 'session-1', userId: 'user-2' }, 'cert-1', pki.password, () => {
    other++;
    return readA1(pki.p12, pki.password);
  });
  expect(other).toBe(2);
});

it('expires after its TTL', async () => {
  await open(pki.password);
  clock += 15 * 60_000 - 1;
  await open(pki.password);
  expect(opens).toBe(1);
  clock += 2;
  expect(cache.holds(doctor.sessionId)).toBe(false);
  await open(pki.password);
  expect(opens).toBe(2);
});
