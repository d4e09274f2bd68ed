/**
 * The viewer's date fields: a day typed as the language shows dates (DD/MM/YYYY in pt-BR and
 * es, MM/DD/YYYY in en), turned into the instant it starts in the display time zone; the range
 * ends at the start of the day after 'to', so 'to' is inclusive.
 */
import { zonedInstant } from '../../../../domain/dates';

export function parseDay(text: string, lang: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [a, b, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const monthFirst = lang === 'en' || lang.toLowerCase().startsWith('en-');
  const [month, day] = monthFirst ? [a, b] : [b, a];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** ISO instant where the typed day starts ('from') or the day after it starts ('to'); null if invalid. */
export function dayBound(text: string, lang: string, edge: 'from' | 'to'): string | null {
  const d = parseDay(text, lang);
  if (!d) return null;
  const start = zonedInstant(d);
  if (edge === 'from') return start.toISOString();
  return zonedInstant({ ...d, day: d.day + 1 }).toISOString();
}
