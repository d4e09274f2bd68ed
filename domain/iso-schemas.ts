import { z } from 'zod';

/**
 * An ISO 8601 instant with an offset, as UTC. zod accepts any ±HH:MM offset, PostgreSQL only
 * up to ±15:59 ("time zone displacement out of range", a 500): the value goes to the database
 * as the same instant in UTC, so every valid offset works.
 */
export const IsoInstant = z.iso.datetime({ offset: true }).transform((s) => new Date(s).toISOString());

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 and month 16 are refused, not sent to the database). */
export const IsoDay = z.iso.date();
