import type { Actor } from '../auth/permissions';
import { checkDecide, checkDelete, checkRegister, findingForcedInReport, statusForNew } from './critical-findings';

const actor = (userId: string, permissions: Actor['permissions'] = ['STUDIES_EDIT_CRITICAL_FINDING_SUSPECT']): Actor => ({
  userId,
  name: userId,
  permissions,
  isAccountAdmin: false,
  superRole: false,
});
const inst = 'b3f1c2d4-0000-4000-8000-000000000001';

describe('critical-finding rules (spec 2 §4, §6)', () => {
  it('a report not started gets a suspicion, any other state a finding', () => {
    expect(statusForNew({ state: 0, responsibleUserId: null })).toBe('SUSPICION_CREATED');
    for (const state of [1, 2, 3, 12, 25]) expect(statusForNew({ state, responsibleUserId: 'd' })).toBe('FINDING_CREATED');
  });

  it('registering needs the permission and no finding on the study', () => {
    expect(checkRegister(actor('a', []), null)).toEqual({ ok: false, code: 'CRITICAL_FINDING_FORBIDDEN' });
    expect(checkRegister(actor('a'), { status: 'FINDING_CREATED' })).toEqual({ ok: false, code: 'CRITICAL_FINDING_EXISTS' });
    expect(checkRegister(actor('a'), null)).toEqual({ ok: true });
  });

  it('only the responsible doctor accepts or rejects, and only a suspicion', () => {
    const report = { state: 1, responsibleUserId: 'doc' };
    expect(checkDecide(actor('doc'), report, { status: 'SUSPICION_CREATED' })).toEqual({ ok: true });
    expect(checkDecide(actor('other'), report, { status: 'SUSPICION_CREATED' }).ok).toBe(false);
    expect(checkDecide(actor('doc'), report, { status: 'FINDING_CREATED' })).toEqual({
      ok: false,
      code: 'CRITICAL_FINDING_NOT_SUSPICION',
    });
    expect(checkDecide(actor('doc'), { state: 0, responsibleUserId: null }, { status: 'SUSPICION_CREATED' }).ok).toBe(false);
  });

  it('deleting: the suspicion creator while not started, or the responsible doctor who created the finding', () => {
    const suspicion = { status: 'SUSPICION_CREATED' as const, userCreatedSuspicionId: 's', userCreatedFindingId: null };
    expect(checkDelete(actor('s'), { state: 0, responsibleUserId: null }, suspicion).ok).toBe(true);
    expect(checkDelete(actor('s'), { state: 1, responsibleUserId: 'doc' }, suspicion).ok).toBe(false);
    const finding = { status: 'FINDING_CREATED' as const, userCreatedSuspicionId: null, userCreatedFindingId: 'doc' };
    expect(checkDelete(actor('doc'), { state: 1, responsibleUserId: 'doc' }, finding).ok).toBe(true);
    expect(checkDelete(actor('doc'), { state: 1, responsibleUserId: 'new-doc' }, finding).ok).toBe(false);
    expect(checkDelete(actor('x'), { state: 1, responsibleUserId: 'x' }, finding).ok).toBe(false);
  });

  it('INSTITUTIONS_WITH_CRITICAL_FINDING_IN_REPORT: ALL or a comma list', () => {
    expect(findingForcedInReport(['ALL'], inst)).toBe(true);
    expect(findingForcedInReport(['all'], inst)).toBe(true);
    expect(findingForcedInReport(['x', ` ${inst.toUpperCase()}`], inst)).toBe(true);
    expect(findingForcedInReport(['x', 'y'], inst)).toBe(false);
    expect(findingForcedInReport([], inst)).toBe(false);
    expect(findingForcedInReport(['ALL'], null)).toBe(false);
  });
});
