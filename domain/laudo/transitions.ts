/**
 * The report transition table (spec 1 §4, §6). Pure: the workflow's update validators,
 * the API and `allowedActions` all call `check`, so a rule lives in exactly one place.
 * The table grows action by action; each row names the states it leaves from, the
 * permission it needs, the extra rule on the actor, and the state it leads to.
 */
import type { ErrorCode } from '../errors';
import { type Actor, type Permission, hasPermission } from '../auth/permissions';
import { LaudoState } from './states';

/** What the rules need to know of a report. */
export interface LaudoSnapshot {
  state: LaudoState;
  /** The user who started the report (executor), if any. */
  userId: string | null;
  /** Number of the current version; 0 before the first start. */
  version: number;
}

interface TransitionRule {
  from: readonly LaudoState[];
  to: LaudoState;
  permission: Permission;
  /** Extra condition on report and actor beyond state and permission. */
  when?: (laudo: LaudoSnapshot, actor: Actor) => boolean;
  /** The error returned when the action is refused (its message is the dialog title). */
  refusal: ErrorCode;
}

export const TRANSITIONS = {
  /** 0 → 1. The first start of a report that has no versions yet. */
  start: {
    from: [LaudoState.NOT_STARTED],
    to: LaudoState.IN_PROGRESS,
    permission: 'STUDIES_SAVE_REPORTS',
    refusal: 'REPORT_CANNOT_START',
  },
} satisfies Record<string, TransitionRule>;

export type LaudoAction = keyof typeof TRANSITIONS;
export const LAUDO_ACTIONS = Object.keys(TRANSITIONS) as LaudoAction[];

export type CheckResult = { ok: true } | { ok: false; code: ErrorCode; reason: 'state' | 'permission' | 'rule' };

/** May `actor` perform `action` on `laudo` now? */
export function check(laudo: LaudoSnapshot, action: LaudoAction, actor: Actor): CheckResult {
  const rule: TransitionRule = TRANSITIONS[action];
  if (!rule.from.includes(laudo.state)) return { ok: false, code: rule.refusal, reason: 'state' };
  if (!hasPermission(actor, rule.permission)) return { ok: false, code: 'FORBIDDEN_ACCESS', reason: 'permission' };
  if (rule.when && !rule.when(laudo, actor)) return { ok: false, code: rule.refusal, reason: 'rule' };
  return { ok: true };
}

/** The state `action` leads to (call only after `check` said ok). */
export function nextState(action: LaudoAction): LaudoState {
  return TRANSITIONS[action].to;
}

/** Actions the actor may take now: sent with every report so the web renders buttons from it. */
export function allowedActions(laudo: LaudoSnapshot, actor: Actor): LaudoAction[] {
  return LAUDO_ACTIONS.filter((a) => check(laudo, a, actor).ok);
}
