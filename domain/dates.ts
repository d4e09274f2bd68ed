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

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(date: Date): Parts {
  const out: Parts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const p of formatter.formatToParts(date)) {
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

/** formatDate followed by ' HH:mm:ss'. */
export function formatDateTime(value: DateInput, lang: string): string {
  const date = toDate(value);
  if (!date) return '';
  const p = parts(date);
  return `${formatDate(date, lang)} ${p.hour}:${p.minute}:${p.second}`;
}
