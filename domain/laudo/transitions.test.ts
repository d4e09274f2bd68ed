import type { Actor, Permission } from '../auth/permissions';
import { ALL_LAUDO_STATES, LaudoState } from './states';
import { type LaudoSnapshot, allowedActions, check } from './transitions';

const actor = (permissions: Permission[], extra: Partial<Actor> = {}): Actor => ({
  userId: '00000000-0000-4000-8000-000000000001',
  name: 'Dr. Test',
  permissions,
  isAccountAdmin: false,
  superRole: false,
  ...extra,
});
const laudo = (state: LaudoState, extra: Partial<LaudoSnapshot> = {}): LaudoSnapshot => ({
  state,
  userId: null,
  version: 0,
  ...extra,
});

const doctor = actor(['STUDIES_SAVE_REPORTS']);
const typist = actor(['STUDIES_TRANSCRIBE_REPORTS']);

describe('start (0 → 1)', () => {
  it.each([
    ['a doctor with STUDIES_SAVE_REPORTS on a not-started report', laudo(LaudoState.NOT_STARTED), doctor, { ok: true }],
    ['a super user', laudo(LaudoState.NOT_STARTED), actor([], { superRole: true }), { ok: true }],
    [
      'a user without STUDIES_SAVE_REPORTS',
      laudo(LaudoState.NOT_STARTED),
      typist,
      { ok: false, code: 'FORBIDDEN_ACCESS', reason: 'permission' },
    ],
    [
      'an account admin without the permission',
      laudo(LaudoState.NOT_STARTED),
      actor([], { isAccountAdmin: true }),
      { ok: false, code: 'FORBIDDEN_ACCESS', reason: 'permission' },
    ],
    [
      'a report already in progress',
      laudo(LaudoState.IN_PROGRESS, { userId: 'x', version: 1 }),
      doctor,
      { ok: false, code: 'REPORT_CANNOT_START', reason: 'state' },
    ],
  ] as const)('%s', (_name, snapshot, who, expected) => {
    expect(check(snapshot, 'start', who)).toEqual(expected);
  });

  it('is refused from every state but 0, whatever the permissions', () => {
    for (const state of ALL_LAUDO_STATES) {
      const result = check(laudo(state), 'start', actor([], { superRole: true }));
      expect(result.ok).toBe(state === LaudoState.NOT_STARTED);
    }
  });

  it('is listed in allowedActions only when check allows it', () => {
    expect(allowedActions(laudo(LaudoState.NOT_STARTED), doctor)).toEqual(['start']);
    expect(allowedActions(laudo(LaudoState.NOT_STARTED), typist)).toEqual([]);
    expect(allowedActions(laudo(LaudoState.CONCLUDED), doctor)).toEqual([]);
  });
});
