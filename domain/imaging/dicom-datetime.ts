/**
 * DICOM DA / TM / TimezoneOffsetFromUTC (PS3.5 §6.2) read into dates and instants. Pure: the
 * ingest, QIDO's StudyDate matching and the migration that re-read old studies share it.
 */
import { DISPLAY_TIME_ZONE, zonedInstant } from '../dates';

/** YYYYMMDD → YYYY-MM-DD, or null when it is not a real date. */
export function dicomDate(d: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(d.trim());
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(m[3]) ? null : `${m[1]}-${m[2]}-${m[3]}`;
}

/** TimezoneOffsetFromUTC (0008,0201): '+hhmm' / '-hhmm' → minutes east of UTC, or null. */
export function dicomTimezoneOffset(v: string): number | null {
  const m = /^([+-])(\d{2})(\d{2})$/.exec(v.trim());
  if (!m || Number(m[2]) > 14 || Number(m[3]) > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/**
 * StudyDate + StudyTime as an instant. DA/TM are the modality's wall clock: with
 * TimezoneOffsetFromUTC that offset places them; without it they are read in the exam zone
 * (America/Sao_Paulo, where every page shows them), so what the modality wrote is what is shown.
 */
export function dicomDateTime(d: string, t: string, timezoneOffset = ''): Date | null {
  const day = dicomDate(d);
  if (!day) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // TM is HH[MM[SS[.FFFFFF]]]; old ACR-NEMA writers put colons between the parts.
  const m = /^(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?(?:\.(\d{1,6}))?/.exec(t.trim());
  let [hour, minute, second, ms] = m
    ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0), Math.floor(Number(`0.${m[4] ?? '0'}`) * 1000)]
    : [0, 0, 0, 0];
  if (hour > 23 || minute > 59 || second > 60) [hour, minute, second, ms] = [0, 0, 0, 0];
  second = Math.min(second, 59); // a leap second stays in its minute
  const offset = dicomTimezoneOffset(timezoneOffset);
  if (offset !== null) return new Date(Date.UTC(year, month - 1, date, hour, minute, second, ms) - offset * 60_000);
  return zonedInstant({ year, month, day: date, hour, minute, second, ms }, DISPLAY_TIME_ZONE);
}

/**
 * A QIDO DA match ('20261122', '20261101-20261130', '-20261130', '20261101-') as instants
 * [from, to): the exam zone's calendar days, the same days the lists and pages show.
 */
export function dicomDateRange(v: string): { from?: Date; to?: Date } | null {
  const at = (s: string, after = 0) => {
    if (!dicomDate(s)) return undefined;
    return zonedInstant({ year: +s.slice(0, 4), month: +s.slice(4, 6), day: +s.slice(6, 8) + after });
  };
  const [a, b] = v.includes('-') ? v.split('-') : [v, v];
  const from = a ? at(a) : undefined;
  const to = b ? at(b, 1) : undefined;
  if ((a && !from) || (b && !to) || (!a && !b)) return null;
  return { from, to };
}
