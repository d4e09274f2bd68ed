/**
 * The SQL that tells, for a session row `s` joined to its user `u`, which second factor is still
 * due: 'enrol' (the account requires two-factor of a user without it), 'verify' (the user has
 * two-factor and this session has not proved it in the last 24 h), or null. One definition for
 * every way in: access tokens (session.ts) and the image tokens bound to a session.
 */
import type { Knex } from 'knex';
import { TWO_FACTOR_VALIDITY_MS } from '../../../domain/auth/two-factor';

export const pendingSecondFactorSql = (knex: Knex): Knex.Raw =>
  knex.raw(
    `case when s.second_factor = 'enrol' then 'enrol'
          when u.two_factor_type is not null and (s.second_factor_verified_at is null
            or s.second_factor_verified_at <= now() - ? * interval '1 millisecond') then 'verify' end`,
    [TWO_FACTOR_VALIDITY_MS],
  );
