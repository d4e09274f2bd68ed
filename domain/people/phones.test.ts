import { AnyPhone, MobilePhone, formatPhone, isLandline, isMobile, phoneDigits } from './phones';

describe('Brazilian phones (spec 3 §5)', () => {
  it('reads typed numbers with punctuation and +55', () => {
    expect(phoneDigits('(11) 91234-5678')).toBe('11912345678');
    expect(phoneDigits('+55 21 3123-4567')).toBe('2131234567');
    expect(phoneDigits('55 11 912345678')).toBe('11912345678');
  });
  it('a mobile is a DDD in use, 9 and eight digits', () => {
    expect(isMobile('11912345678')).toBe(true);
    expect(isMobile('1191234567')).toBe(false); // one short
    expect(isMobile('11812345678')).toBe(false); // no 9
    expect(isMobile('20912345678')).toBe(false); // DDD 20 is not in use
    expect(isMobile('01912345678')).toBe(false);
  });
  it('a landline is a DDD in use and eight digits starting 2 to 5', () => {
    expect(isLandline('2131234567')).toBe(true);
    expect(isLandline('2191234567')).toBe(false);
    expect(isLandline('2311234567')).toBe(false); // DDD 23 is not in use
  });
  it('schemas answer digits, refuse what is not a phone', () => {
    expect(MobilePhone.parse('(11) 91234-5678')).toBe('11912345678');
    expect(MobilePhone.safeParse('(11) 3123-4567').success).toBe(false);
    expect(AnyPhone.parse('(11) 3123-4567')).toBe('1131234567');
    expect(AnyPhone.parse('11 91234 5678')).toBe('11912345678');
    expect(AnyPhone.safeParse('12345').success).toBe(false);
    expect(AnyPhone.safeParse('abc').success).toBe(false);
  });
  it('formats', () => {
    expect(formatPhone('11912345678')).toBe('(11) 91234-5678');
    expect(formatPhone('1131234567')).toBe('(11) 3123-4567');
  });
});
