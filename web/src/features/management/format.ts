import { formatRemaining } from '../../../../domain/catalog/routines';

/** A turnaround in minutes as the worklist writes remaining times ('1h 30min'); '—' when none. */
export function minutes(value: number | null): string {
  return value === null ? '—' : formatRemaining(Math.round(value));
}

export function percent(value: number | null, lang: string): string {
  return value === null ? '—' : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}
