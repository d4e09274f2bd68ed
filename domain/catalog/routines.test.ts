import { type RuleCandidate, formatRemaining, pickRoutine, routineTiming } from './routines';

const I1 = 'inst-1';
const rule = (over: Partial<RuleCandidate>): RuleCandidate => ({
  routineId: 'r',
  institutionId: null,
  modality: null,
  examTitle: null,
  weight: 1,
  ...over,
});

describe('pickRoutine', () => {
  const rules = [
    rule({ routineId: 'us', modality: 'US' }),
    rule({ routineId: 'inst', institutionId: I1 }),
    rule({ routineId: 'angio', institutionId: I1, examTitle: 'Angio TC' }),
    rule({ routineId: 'heavy-us', modality: 'US', weight: 9 }),
  ];
  it.each([
    [
      'the most specific rule wins (institution + exam, accents and case ignored)',
      { institutionId: I1, modalities: ['CT'], examType: 'ANGIO tc' },
      'angio',
    ],
    [
      'between equally specific rules, the heavier routine',
      { institutionId: 'x', modalities: ['US'], examType: null },
      'heavy-us',
    ],
    ['a rule needs all its criteria', { institutionId: 'x', modalities: ['CT'], examType: 'Angio TC' }, 'default'],
    ['an institution rule alone', { institutionId: I1, modalities: ['MR'], examType: 'RM' }, 'inst'],
  ])('%s', (_what, arrival, expected) => {
    expect(pickRoutine(rules, arrival, 'default')).toBe(expected);
  });
  it('no default and no rule: none', () => {
    expect(pickRoutine([], { institutionId: I1, modalities: [], examType: null }, null)).toBeNull();
  });
});

describe('routineTiming', () => {
  const arrival = new Date('2026-11-27T10:00:00Z');
  it.each([
    ['2026-11-27T10:30:00Z', 'onTime', 90],
    ['2026-11-27T11:45:00Z', 'alert', 15],
    ['2026-11-27T12:00:00Z', 'overdue', 0],
    ['2026-11-27T12:10:30Z', 'overdue', -11],
  ])('at %s it is %s with %d minutes left', (now, status, minutes) => {
    const t = routineTiming(arrival, 120, 30, new Date(now));
    expect(t).toEqual({
      deadline: '2026-11-27T12:00:00.000Z',
      alertAt: '2026-11-27T11:30:00.000Z',
      remainingMinutes: minutes,
      status,
    });
  });
  it('formats the remaining time', () => {
    expect([formatRemaining(3000), formatRemaining(185), formatRemaining(7), formatRemaining(-65)]).toEqual([
      '2d 2h',
      '3h 05min',
      '7min',
      '-1h 05min',
    ]);
  });
});
