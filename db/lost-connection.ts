/**
 * One definition of "the database connection was lost" (issue 22), shared by the api's error
 * handler (503 DATABASE_UNAVAILABLE) and the write-transaction retry (db/transaction.ts).
 */

/** PostgreSQL's connection errors (class 08, a terminated backend 57P0x) and the socket's. */
const LOST_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']);
// node-postgres names a dead client in words only ("Connection terminated unexpectedly", "Client
// was closed and is not queryable" for a ROLLBACK sent after the backend died).
const LOST_MESSAGE =
  /Connection terminated|connection error|terminating connection|is not queryable|Knex: Timeout acquiring a connection|Unable to acquire a connection/i;

/** A lost or unobtainable connection: the error itself or one of its causes. */
export function isLostConnection(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === 'string' && LOST_CODES.has(code)) return true;
    if (name === 'KnexTimeoutError') return true;
    if (typeof message === 'string' && LOST_MESSAGE.test(message)) return true;
  }
  return false;
}

/** The pool gave up waiting for a connection (its own timeout already spent). */
export function isPoolTimeout(err: unknown): boolean {
  const { name, message } = (err ?? {}) as { name?: unknown; message?: unknown };
  return name === 'KnexTimeoutError' || (typeof message === 'string' && /Timeout acquiring a connection/i.test(message));
}
