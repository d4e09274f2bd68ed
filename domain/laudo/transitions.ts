/**
 * The report lifecycle (spec 1 §4–§6, spec 2 §4–§6, issue 3): its one table
 * (transition-table.ts, with the parties and rules of transition-parties.ts) evaluated. Pure: the
 * workflow's update validators, the API pre-checks and `allowedActions` all call `check`,
 * and the workflow changes its report only through `apply`, so a rule lives in one place.
 *
 * Every row says: the states it leaves from, where it leads, the permission it needs, who
 * (relative to this report) may act, the rules beyond that, and what it changes.
 * `check` asks, in order: state → permission → party → rules → input. The first "no"
 * answers: 'state' with the row's refusal (the spec's dialog title), 'party' with what says
 * the report is someone else's to act on (PARTY_REFUSALS), 'rule' with the rule's own
 * message, 'permission' with FORBIDDEN_ACCESS, 'input' with the field's message.
 * Choices the specs leave open are recorded in docs/decisions/004.
 */
import type { ErrorCode } from '../errors';
import { type Actor, type Permission, hasPermission } from '../auth/permissions';
import { LAUDO_ACTIONS, type LaudoAction } from './actions';
import { type ActionInputs, parseInput } from './inputs';
import { type LaudoSnapshot, type LaudoSnapshotInput, isPlatformActor, toLaudoSnapshot } from './snapshot';
import { LaudoState } from './states';
import { isAdminLike, PARTIES, PARTY_REFUSALS, type RefusalReason, type Refusal } from './transition-parties';
import { type ActionRule, TRANSITIONS } from './transition-table';

export { LAUDO_ACTIONS, type LaudoAction } from './actions';
export type { ActionInputs } from './inputs';
export type { LaudoSnapshot, LaudoSnapshotInput } from './snapshot';
export { type RefusalReason } from './transition-parties';
export { TRANSITIONS } from './transition-table';

const S = LaudoState;

// ---------------------------------------------------------------------------------------
// The API.

export type CheckResult = { ok: true } | { ok: false; code: ErrorCode; reason: RefusalReason };

const OK: CheckResult = { ok: true };
const refuse = (r: Refusal): CheckResult => ({ ok: false, ...r });

/** The states `action` may leave from, for this report (with or without institution). */
export function fromStates(laudo: Pick<LaudoSnapshotInput, 'hasInstitution'>, action: LaudoAction): readonly LaudoState[] {
  const rule: ActionRule<LaudoAction> = TRANSITIONS[action];
  const hasInstitution = laudo.hasInstitution ?? true;
  return !hasInstitution && rule.fromNoInstitution ? rule.fromNoInstitution : rule.from;
}

/**
 * The action's own refusal (the spec's dialog title where it has one): the answer when the
 * action could not be done and there is no more precise reason (a lost or throttled Update).
 */
export function actionRefusal(action: LaudoAction): ErrorCode {
  return TRANSITIONS[action].refusal;
}

/** Only the platform takes these; never offered to a user. */
export function isPlatformAction(action: LaudoAction): boolean {
  return TRANSITIONS[action].by === 'platform';
}

function requiredPermission(rule: ActionRule<LaudoAction>, l: LaudoSnapshot): Permission | null {
  if (l.state === S.REVIEWING && rule.permissionInReview) return rule.permissionInReview;
  if (l.state === S.TYPING && rule.permissionInTyping) return rule.permissionInTyping;
  if (!l.hasInstitution && rule.permissionNoInstitution) return rule.permissionNoInstitution;
  return rule.permission;
}

/** Everything but the input: what `allowedActions` asks. */
function checkActor(l: LaudoSnapshot, action: LaudoAction, actor: Actor): CheckResult {
  const rule: ActionRule<LaudoAction> = TRANSITIONS[action];
  if (!fromStates(l, action).includes(l.state)) return refuse({ code: rule.refusal, reason: 'state' });
  // The platform takes its own actions only; users never take the platform's.
  if ((rule.by === 'platform') !== isPlatformActor(actor)) return refuse({ code: 'FORBIDDEN_ACCESS', reason: 'permission' });
  const permission = requiredPermission(rule, l);
  if (permission && !hasPermission(actor, permission) && !(rule.adminGrants && isAdminLike(actor))) {
    return refuse({ code: 'FORBIDDEN_ACCESS', reason: 'permission' });
  }
  if (!PARTIES[rule.by](l, actor)) {
    const code = rule.by === 'anyone' || rule.by === 'platform' ? rule.refusal : PARTY_REFUSALS[rule.by];
    return refuse({ code, reason: 'party' });
  }
  const broken = rule.rules?.find((r) => r.refuses(l, actor));
  return broken ? refuse({ code: broken.code, reason: 'rule' }) : OK;
}

/**
 * May `actor` perform `action` on `laudo` now, with this input? Pure and synchronous: the
 * workflow's update validators call it as they are.
 */
export function check<A extends LaudoAction>(
  laudo: LaudoSnapshotInput,
  action: A,
  actor: Actor,
  input?: ActionInputs[A],
): CheckResult {
  const l = toLaudoSnapshot(laudo);
  const pre = checkActor(l, action, actor);
  if (!pre.ok) return pre;
  const parsed = parseInput(action, input);
  if (!parsed.ok) return refuse({ code: parsed.code, reason: 'input' });
  const rule = TRANSITIONS[action] as ActionRule<A>;
  const refusal = rule.inputRule?.(l, actor, parsed.value);
  return refusal ? refuse(refusal) : OK;
}

/** The state `action` leads to from `laudo`. */
export function nextState(action: LaudoAction, laudo?: LaudoSnapshotInput): LaudoState {
  const to = TRANSITIONS[action].to;
  if (typeof to === 'number') return to;
  if (!laudo) throw new Error(`nextState('${action}') depends on the report: pass it`);
  const l = toLaudoSnapshot(laudo);
  if (to === 'same') return l.state;
  if (to === 'resume') return l.resumeState ?? S.IN_PROGRESS;
  return l.hasInstitution ? to.institution : to.noInstitution;
}

/**
 * The report after `action` (call only after `check` said ok). Pure: a new object; fields
 * the caller keeps beside the snapshot (ids, seq, …) are carried over untouched.
 */
export function apply<T extends LaudoSnapshotInput, A extends LaudoAction>(
  laudo: T,
  action: A,
  actor: Actor,
  input?: ActionInputs[A],
): T & LaudoSnapshot {
  const l = toLaudoSnapshot(laudo);
  const parsed = parseInput(action, input);
  if (!parsed.ok) throw new Error(`apply('${action}') with an invalid input (${parsed.code}): call check first`);
  const rule = TRANSITIONS[action] as ActionRule<A>;
  const change = rule.effect?.(l, actor, parsed.value) ?? {};
  return { ...laudo, ...l, ...change, state: nextState(action, l) };
}

/** Actions the editor sends together with its current text (the text is checked on arrival). */
const SENT_WITH_TEXT: readonly LaudoAction[] = ['finish', 'finishReview', 'requestOpinion', 'requestReview'];

/**
 * Actions the actor may take now from a UI (platform actions left out), sent with every
 * report so the web renders its buttons from it. Input is checked when the action is sent.
 * With `textSent`, the actions the editor sends with its text are judged as if that text
 * were there: an empty stored text must not hide Finish from a doctor typing the report.
 */
export function allowedActions(laudo: LaudoSnapshotInput, actor: Actor, opts: { textSent?: boolean } = {}): LaudoAction[] {
  const l = toLaudoSnapshot(laudo);
  const withText = opts.textSent ? { ...l, contentEmpty: false } : l;
  return LAUDO_ACTIONS.filter((a) => !isPlatformAction(a) && checkActor(SENT_WITH_TEXT.includes(a) ? withText : l, a, actor).ok);
}
