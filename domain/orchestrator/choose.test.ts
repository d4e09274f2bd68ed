/** The orchestrator's choice, rule by rule, on small hand-made situations. */
import { type ArrivingStudy, type Doctor, type Situation, choose, distribute, place } from './choose';
import { FilterBody, filterRefusals } from './filters';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const G = '00000000-0000-4000-8000-0000000000f1';
const doctor = (id: string, extra: Partial<Doctor> = {}): Doctor => ({
  id,
  name: `Dr ${id.slice(-1)}`,
  seniority: null,
  onShift: true,
  groups: [],
  ...extra,
});
const study = (n: number, extra: Partial<ArrivingStudy> = {}): ArrivingStudy => ({
  id: `s${n}`,
  patientId: `p${n}`,
  modalities: ['CT'],
  urgent: false,
  deadline: 1000 + n,
  arrivedAt: n,
  ...extra,
});
const situation = (extra: Partial<Situation> = {}): Situation => ({
  filters: [
    {
      id: 'f1',
      name: 'Tomografia',
      modalities: ['CT', 'MR'],
      members: [
        { kind: 'user', id: A, percentage: 35 },
        { kind: 'user', id: B, percentage: 65 },
      ],
      seniority: false,
      limitPerDoctor: null,
    },
  ],
  doctors: { [A]: doctor(A), [B]: doctor(B) },
  open: {},
  patients: {},
  tallies: {},
  ...extra,
});

describe('choose', () => {
  it('shares by percentage, the slot furthest below its share first, and says where it stands', () => {
    const { decisions } = distribute(
      situation(),
      Array.from({ length: 20 }, (_, i) => study(i)),
    );
    expect(decisions.filter((d) => d.userId === A)).toHaveLength(7);
    expect(decisions.filter((d) => d.userId === B)).toHaveLength(13);
    expect(decisions[0]).toMatchObject({
      userId: B,
      reason: 'share',
      filterName: 'Tomografia',
      share: { actual: 100, target: 65 },
    });
    expect(decisions[1]).toMatchObject({ userId: A, share: { actual: 50, target: 35 } });
  });

  it('a study no filter catches, and what the percentages leave below 100, stay undistributed', () => {
    expect(choose(situation(), study(1, { modalities: ['US'] }))).toMatchObject({ userId: null, reason: 'noFilter' });
    const s = situation();
    const half = { ...s, filters: [{ ...s.filters[0]!, members: [{ kind: 'user' as const, id: A, percentage: 50 }] }] };
    const { decisions } = distribute(
      half,
      Array.from({ length: 10 }, (_, i) => study(i)),
    );
    expect(decisions.filter((d) => d.reason === 'remainder' && d.userId === null)).toHaveLength(5);
  });

  it('skips a doctor off shift or at the limit; nobody available leaves the study undistributed', () => {
    const offShift = situation({ doctors: { [A]: doctor(A), [B]: doctor(B, { onShift: false }) } });
    expect(distribute(offShift, [study(1), study(2), study(3)]).decisions.map((d) => d.userId)).toEqual([A, A, A]);
    const s = situation();
    const limited = { ...s, filters: [{ ...s.filters[0]!, limitPerDoctor: 2 }], open: { [A]: 2, [B]: 1 } };
    const { decisions } = distribute(limited, [study(1), study(2)]);
    expect(decisions.map((d) => [d.userId, d.reason])).toEqual([
      [B, 'share'],
      [null, 'nobodyAvailable'],
    ]);
  });

  it("keeps a patient's open studies with the doctor holding them, while eligible", () => {
    const s = situation({ patients: { p9: A }, tallies: { f1: { slots: { [`user:${A}`]: 10 }, inGroup: {} } } });
    expect(choose(s, study(1, { patientId: 'p9' }))).toMatchObject({ userId: A, reason: 'patient' });
    expect(
      choose({ ...s, doctors: { [A]: doctor(A, { onShift: false }), [B]: doctor(B) } }, study(1, { patientId: 'p9' })),
    ).toMatchObject({ userId: B, reason: 'share' });
  });

  it('with the seniority rule an urgent study goes to the most senior doctor on shift', () => {
    const s = situation({
      doctors: { [A]: doctor(A, { seniority: 'senior' }), [B]: doctor(B, { seniority: 'resident' }) },
    });
    const senior = { ...s, filters: [{ ...s.filters[0]!, seniority: true }] };
    expect(choose(senior, study(1, { urgent: true }))).toMatchObject({ userId: A, reason: 'seniority' });
    expect(choose(senior, study(1))).toMatchObject({ userId: B, reason: 'share' });
    expect(choose(s, study(1, { urgent: true }))).toMatchObject({ userId: B, reason: 'share' });
  });

  it('places urgent studies first, then by deadline', () => {
    const s = situation();
    const one = { ...s, filters: [{ ...s.filters[0]!, limitPerDoctor: 1 }] };
    const { decisions } = distribute(one, [study(1), study(2, { deadline: 5 }), study(3, { urgent: true }), study(4)]);
    expect(decisions.map((d) => [d.studyId, d.userId])).toEqual([
      ['s3', B],
      ['s2', A],
      ['s1', null],
      ['s4', null],
    ]);
  });

  it('inside a group member, the doctor who has had fewest of its studies', () => {
    const s = situation({
      filters: [
        {
          id: 'f1',
          name: 'G',
          modalities: ['CT'],
          members: [{ kind: 'group', id: G, percentage: 100 }],
          seniority: false,
          limitPerDoctor: null,
        },
      ],
      doctors: { [A]: doctor(A, { groups: [G] }), [B]: doctor(B, { groups: [G] }), [C]: doctor(C) },
    });
    const { decisions } = distribute(s, [study(1), study(2), study(3), study(4)]);
    expect(decisions.map((d) => d.userId)).toEqual([A, B, A, B]);
  });

  it('place counts the slot, the open study and the patient', () => {
    const s = situation();
    const d = choose(s, study(1));
    const after = place(s, study(1), d);
    expect(after.open[B]).toBe(1);
    expect(after.patients.p1).toBe(B);
    expect(after.tallies.f1!.slots[`user:${B}`]).toBe(1);
  });
});

describe('filter rules (spec 3 §5)', () => {
  const base = { name: 'F', modalities: ['ct'], members: [{ kind: 'user', id: A, percentage: 40 }] };
  const codes = (input: unknown) => {
    const r = FilterBody.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('accepts a valid filter, upper-casing modalities', () => {
    expect(FilterBody.parse(base)).toMatchObject({ modalities: ['CT'], seniority: false, limitPerDoctor: null, active: false });
  });
  it('answers each broken rule with its code', () => {
    expect(codes({ ...base, modalities: [] })).toEqual(['ORCHESTRATOR_MODALITY_REQUIRED']);
    expect(codes({ ...base, members: [...base.members, { kind: 'group', id: G, percentage: 61 }] })).toEqual([
      'ORCHESTRATOR_PERCENTAGE_OVER_100',
    ]);
    expect(codes({ ...base, seniority: true, members: [...base.members, { kind: 'group', id: G, percentage: 10 }] })).toEqual([
      'ORCHESTRATOR_SENIORITY_NEEDS_USERS',
    ]);
    expect(codes({ ...base, members: [], active: true })).toEqual(['ORCHESTRATOR_ACTIVATION_NEEDS_MEMBER']);
    expect(codes({ ...base, members: [...base.members, ...base.members] })).toEqual(['ORCHESTRATOR_MEMBER_REPEATED']);
  });
  it('100 exactly, two users with seniority, and an inactive filter with no members are fine', () => {
    expect(
      filterRefusals({
        modalities: ['CT'],
        members: [
          { kind: 'user', id: A, percentage: 50 },
          { kind: 'user', id: B, percentage: 50 },
        ],
        seniority: true,
        active: true,
      }),
    ).toEqual([]);
    expect(filterRefusals({ modalities: ['CT'], members: [], seniority: false, active: false })).toEqual([]);
  });
});
