/**
 * GET /api/health: up while this process serves HTTP, with the state of the parts it leans on.
 * 'degraded' names what is down: Redis (live fan-out paused) or Temporal (report actions answer
 * 503 REPORT_SERVICE_UNAVAILABLE). Temporal is asked at most once a second, for a second.
 */
import type { Context } from 'koa';
import { z } from 'zod';
import type { ApiDeps } from './deps';

const PartState = z.enum(['up', 'down']);
type PartState = z.infer<typeof PartState>;

/** What GET /api/health answers; Redis is 'none' when the process runs without it. */
export const HealthAnswer = z.object({
  ok: z.literal(true),
  status: z.enum(['ok', 'degraded']),
  redis: z.enum(['up', 'down', 'none']),
  temporal: PartState,
});
const TEMPORAL_CHECK_MS = 1000;

export function healthHandler(deps: Pick<ApiDeps, 'temporal' | 'redisState'>) {
  let temporal: { state: PartState; at: number } | undefined;
  let pending: Promise<PartState> | undefined;

  const checkTemporal = (): Promise<PartState> => {
    if (temporal && Date.now() - temporal.at < TEMPORAL_CHECK_MS) return Promise.resolve(temporal.state);
    pending ??= deps.temporal
      .withDeadline(Date.now() + TEMPORAL_CHECK_MS, () => deps.temporal.workflowService.getSystemInfo({}))
      .then(
        () => 'up' as PartState,
        () => 'down' as PartState,
      )
      .then((state) => {
        temporal = { state, at: Date.now() };
        pending = undefined;
        return state;
      });
    return pending;
  };

  return async (ctx: Context) => {
    const redis = deps.redisState?.() ?? 'none';
    const temporalState = await checkTemporal();
    const degraded = redis === 'down' || temporalState === 'down';
    ctx.body = { ok: true, status: degraded ? 'degraded' : 'ok', redis, temporal: temporalState } satisfies z.output<
      typeof HealthAnswer
    >;
  };
}
