/**
 * Date display (spec 3 §9, spec 1 §9): DD/MM/YYYY for pt-BR and es, MM/DD/YYYY for en,
 * optionally followed by HH:mm:ss, always in the America/Sao_Paulo time zone.
 * Pure: no DOM, no locale of the machine; shared by the web app and the PDFs (report, print).
 */
export const DISPLAY_TIME_ZONE = 'America/Sao_Paulo';

type DateInput = string | number | Date | null | undefined;

interface Parts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(date: Date, timeZone: string = DISPLAY_TIME_ZONE): Parts {
  const out: Parts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const p of formatterFor(timeZone).formatToParts(date)) {
    if (p.type in out) out[p.type as keyof Parts] = p.value;
  }
  if (out.hour === '24') out.hour = '00';
  return out;
}

function usesMonthFirst(lang: string): boolean {
  return lang === 'en' || lang.toLowerCase().startsWith('en-');
}

/** '22/11/2026' (pt-BR, es) or '11/22/2026' (en); '' for a missing or invalid date. */
export function formatDate(value: DateInput, lang: string): string {
  const date = toDate(value);
  if (!date) return '';
  const p = parts(date);
  return usesMonthFirst(lang) ? `${p.month}/${p.day}/${p.year}` : `${p.day}/${p.month}/${p.year}`;
}

/**
 * The instant at which the wall clock in `timeZone` reads the given date and time (month 1–12).
 * DICOM dates and times, the header form's field and the day filters are wall-clock readings in
 * the exam zone; this is their one conversion to an instant, independent of the machine's zone.
 */
export function zonedInstant(
  wall: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number; ms?: number },
  timeZone: string = DISPLAY_TIME_ZONE,
): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0, wall.second ?? 0, wall.ms ?? 0);
  // The zone's offset at that moment, found twice: the first guess may sit across a DST change.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const p = parts(new Date(guess), timeZone);
    const shown = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second, ((guess % 1000) + 1000) % 1000);
    guess = asUtc - (shown - guess);
  }
  return new Date(guess);
}

/** The calendar day 'YYYY-MM-DD' of an instant in the display (exam) zone. */
export function zonedDay(value: Date, timeZone: string = DISPLAY_TIME_ZONE): string {
  const p = parts(value, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** formatDate followed by ' HH:mm:ss'. */
export function formatDateTime(value: DateInput, lang: string): string {
  const date = toDate(value);
  if (!date) return '';
  const p = parts(date);
  return `${formatDate(date, lang)} ${p.hour}:${p.minute}:${p.second}`;
}
