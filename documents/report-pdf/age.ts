/** Age at the exam in whole years, months and days (calendar arithmetic, no time zones). */
export interface Age {
  years: number;
  months: number;
  days: number;
}

const daysInMonth = (y: number, m0: number) => new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();

/** `birth` plus whole months, the day clamped to the month's end (31 Jan + 1 month = 29 Feb). */
function addMonths(y: number, m0: number, d: number, months: number): number {
  const total = m0 + months;
  const ty = y + Math.floor(total / 12);
  const tm = ((total % 12) + 12) % 12;
  return Date.UTC(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

/** `birth` and `at` as YYYY-MM-DD; null when either is missing or birth is after `at`. */
export function ageAt(birth: string | null, at: string | null): Age | null {
  const b = birth?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  const a = at?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!b || !a) return null;
  const [by, bm, bd] = [Number(b[1]), Number(b[2]) - 1, Number(b[3])];
  const target = Date.UTC(Number(a[1]), Number(a[2]) - 1, Number(a[3]));
  if (target < Date.UTC(by, bm, bd)) return null;
  // The most whole months that still fit, then the days left.
  let months = (Number(a[1]) - by) * 12 + (Number(a[2]) - 1 - bm);
  while (months > 0 && addMonths(by, bm, bd, months) > target) months -= 1;
  const days = Math.round((target - addMonths(by, bm, bd, months)) / 86_400_000);
  return { years: Math.floor(months / 12), months: months % 12, days };
}

/** The exam's calendar day in America/Sao_Paulo (YYYY-MM-DD). */
export function saoPauloDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/** DD/MM/YYYY HH:mm (MM/DD/YYYY for English, spec 1 §9) in America/Sao_Paulo. */
export function saoPauloDateTime(iso: string | Date, lang: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const date = lang === 'en' ? `${parts.month}/${parts.day}/${parts.year}` : `${parts.day}/${parts.month}/${parts.year}`;
  return `${date} ${parts.hour}:${parts.minute}`;
}
