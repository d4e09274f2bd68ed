import {
  HeaderFields,
  type StudyHeader,
  ageText,
  checkHeaderDates,
  cleanAgeText,
  computeAge,
  examDay,
  fromExamLocal,
  isCalendarDate,
  isValidMeasure,
  mergeHeader,
  toExamLocal,
} from './header';

describe('computeAge (years, months, days at the exam)', () => {
  it.each([
    ['1990-05-10', '2026-11-22', { years: 36, months: 6, days: 12 }],
    ['2026-11-22', '2026-11-22', { years: 0, months: 0, days: 0 }],
    // borrowing days from the month before the exam day
    ['2000-01-31', '2000-03-01', { years: 0, months: 1, days: 1 }],
    ['2000-01-31', '2001-03-01', { years: 1, months: 1, days: 1 }],
    ['2025-12-15', '2026-01-10', { years: 0, months: 0, days: 26 }],
    // leap days: a Feb 29 birthday turns one on Mar 1 in a common year
    ['2020-02-29', '2021-02-28', { years: 0, months: 11, days: 30 }],
    ['2020-02-29', '2021-03-01', { years: 1, months: 0, days: 0 }],
    ['2020-02-29', '2024-02-29', { years: 4, months: 0, days: 0 }],
    ['2019-03-31', '2020-02-29', { years: 0, months: 10, days: 29 }],
    // month ends
    ['2026-01-31', '2026-02-28', { years: 0, months: 0, days: 28 }],
    ['2026-08-31', '2026-09-30', { years: 0, months: 0, days: 30 }],
  ])('%s → %s', (birth, exam, age) => {
    expect(computeAge(birth, exam)).toEqual(age);
  });

  it('has no age when the birth is after the exam or a date is not a calendar day', () => {
    expect(computeAge('2026-11-23', '2026-11-22')).toBeNull();
    expect(computeAge('2023-02-30', '2026-11-22')).toBeNull();
    expect(computeAge('2023-02-01', 'yesterday')).toBeNull();
  });

  it('is stored without accents or punctuation', () => {
    expect(ageText({ years: 36, months: 6, days: 12 })).toBe('36Y 6M 12D');
  });
});

describe('header rules', () => {
  it('strips accents and punctuation from the age text', () => {
    expect(cleanAgeText('  3 anos, 2 mêses.  ')).toBe('3 anos 2 meses');
    expect(cleanAgeText('Año: 1!')).toBe('Ano 1');
  });

  it('accepts weight and height from 0 to 1000 in steps of 0.1', () => {
    for (const ok of [0, 0.1, 72.5, 999.9, 1000]) expect(isValidMeasure(ok)).toBe(true);
    for (const bad of [-0.1, 1000.1, 72.55, Number.NaN]) expect(isValidMeasure(bad)).toBe(false);
    expect(HeaderFields.safeParse({ patientWeight: 72.55 }).error?.issues[0]?.message).toBe('HEADER_MEASURE_INVALID');
    expect(HeaderFields.safeParse({ patientHeight: 1001 }).success).toBe(false);
  });

  it('refuses dates after today in America/Sao_Paulo', () => {
    // 22 Nov 2026 01:30 UTC is still 21 Nov in São Paulo
    const now = new Date('2026-11-22T01:30:00Z');
    expect(checkHeaderDates({ patientBirthDate: '2026-11-21' }, now)).toBeNull();
    expect(checkHeaderDates({ patientBirthDate: '2026-11-22' }, now)).toBe('HEADER_DATE_IN_FUTURE');
    expect(checkHeaderDates({ dicomCreatedAt: '2026-11-22T02:00:00Z' }, now)).toBeNull(); // 23:00 on the 21st there
    expect(checkHeaderDates({ dicomCreatedAt: '2026-11-22T03:00:00Z' }, now)).toBe('HEADER_DATE_IN_FUTURE');
    expect(checkHeaderDates({ patientBirthDate: '2026-11-20', dicomCreatedAt: '2026-11-19T12:00:00Z' }, now)).toBe(
      'HEADER_DATE_INVALID',
    );
  });

  it('refuses malformed dates', () => {
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(HeaderFields.safeParse({ patientBirthDate: '2023-13-01' }).error?.issues[0]?.message).toBe('HEADER_DATE_INVALID');
    expect(HeaderFields.safeParse({ dicomCreatedAt: 'tomorrow' }).error?.issues[0]?.message).toBe('HEADER_DATE_INVALID');
    expect(HeaderFields.safeParse({ unknown: 1 }).success).toBe(false);
  });

  it('reads exam days and wall-clock times in the exam time zone', () => {
    expect(examDay(new Date('2026-11-22T02:59:00Z'))).toBe('2026-11-21');
    expect(toExamLocal(new Date('2026-11-22T13:05:00Z'))).toBe('2026-11-22T10:05');
    expect(fromExamLocal('2026-11-22T10:05')?.toISOString()).toBe('2026-11-22T13:05:00.000Z');
    // São Paulo had summer time until 2019 (UTC-2 in January 2018)
    expect(fromExamLocal('2018-01-15T10:00')?.toISOString()).toBe('2018-01-15T12:00:00.000Z');
    expect(fromExamLocal('2026-02-30T10:00')).toBeNull();
  });
});

describe('mergeHeader', () => {
  const current: StudyHeader = {
    patientName: 'MARIA',
    patientId: 'P1',
    patientBirthDate: null,
    patientAge: '40Y',
    patientSex: 'F',
    socialName: null,
    patientResponsiblePerson: null,
    patientSpecies: null,
    patientBreed: null,
    isCastrated: null,
    patientWeight: null,
    patientHeight: null,
    referringPhysicianName: null,
    operatorName: null,
    healthPlan: null,
    accessionNumber: 'A1',
    examType: 'TC CRANIO',
    mainModality: 'CT',
    institutionName: 'Clinica',
    dicomCreatedAt: '2026-11-20T13:00:00.000Z',
    indicacaoExame: null,
    historiaClinica: null,
  };

  it('computes the age from the birth date and ignores the age sent', () => {
    const edit = HeaderFields.parse({ patientBirthDate: '1990-05-10', patientAge: '99 anos', patientWeight: 72.5 });
    const next = mergeHeader(current, edit, false);
    expect(next.patientAge).toBe('36Y 6M 10D');
    expect(next.patientWeight).toBe(72.5);
    expect(next.patientName).toBe('MARIA');
  });

  it('keeps a cleaned free age without a birth date, and clears with blank or null', () => {
    const next = mergeHeader(
      current,
      HeaderFields.parse({ patientAge: '41 anos.', accessionNumber: ' ', examType: null }),
      false,
    );
    expect(next.patientAge).toBe('41 anos');
    expect(next.accessionNumber).toBeNull();
    expect(next.examType).toBeNull();
  });

  it('applies veterinary fields only for veterinary accounts', () => {
    const edit = HeaderFields.parse({ patientSpecies: 'Canina', isCastrated: true });
    expect(mergeHeader(current, edit, false).patientSpecies).toBeNull();
    expect(mergeHeader(current, edit, true)).toMatchObject({ patientSpecies: 'Canina', isCastrated: true });
  });
});
