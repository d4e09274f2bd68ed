/**
 * Whether a session row (alias `s`) has run out: past its absolute end (SESSION_TTL_HOURS from
 * login) or idle longer than its limit (SESSION_IDLE_MINUTES, kept on the row at login).
 */
export const SESSION_EXPIRED_SQL =
  '(s.expires_at <= now() or (s.idle_minutes is not null and s.last_seen_at <= now() - make_interval(mins => s.idle_minutes)))';
