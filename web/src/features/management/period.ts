/**
 * The reports' period: days typed as the language shows dates (DD/MM/YYYY, MM/DD/YYYY in
 * English) turned into the API's ISO days; by default the last 7 days in America/Sao_Paulo.
 */
import { DISPLAY_TIME_ZONE } from '../../../../domain/dates';
import { parseDay } from '../admin-audit/day-filter';

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDay(text: string, lang: string): string | null {
  const d = parseDay(text, lang);
  return d ? `${d.year}-${pad(d.month)}-${pad(d.day)}` : null;
}

export function typedDay(iso: string, lang: string): string {
  const [y, m, d] = iso.split('-');
  return lang === 'en' || lang.toLowerCase().startsWith('en-') ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
}

/** Today and 6 days before, as ISO days where the clinic is. */
export function lastWeek(now = new Date()): { from: string; to: string } {
  const day = (t: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE }).format(t);
  return { from: day(new Date(now.getTime() - 6 * 86_400_000)), to: day(now) };
}
