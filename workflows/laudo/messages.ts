/**
 * The laudo workflow's public surface: what the API imports (never the workflow file).
 */
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import { type UpdateDefinition, defineSearchAttributeKey } from '@temporalio/common';
import type { Actor } from '../../domain/auth/permissions';
import { LAUDO_ACTIONS, type ActionInputs, type LaudoAction, type LaudoSnapshot } from '../../domain/laudo/transitions';

export const laudoWorkflowId = (laudoId: string): string => `laudo:${laudoId}`;

export const LaudoStateKey = defineSearchAttributeKey('LaudoState', 'INT');
export const AccountIdKey = defineSearchAttributeKey('AccountId', 'KEYWORD');
export const StudyIdsKey = defineSearchAttributeKey('StudyIds', 'KEYWORD_LIST');
export const ResponsibleUserIdKey = defineSearchAttributeKey('ResponsibleUserId', 'KEYWORD');
/** When the report entered its current state: staff list reports stuck in a state for hours. */
export const LaudoStateSinceKey = defineSearchAttributeKey('LaudoStateSince', 'DATETIME');

/** `--search-attribute` arguments for `temporal server start-dev` and test servers. */
export const SEARCH_ATTRIBUTES = {
  LaudoState: 'Int',
  AccountId: 'Keyword',
  StudyIds: 'KeywordList',
  ResponsibleUserId: 'Keyword',
  LaudoStateSince: 'Datetime',
} as const;

/**
 * The report as the workflow holds it: the domain snapshot, where it lives (tenancy), the
 * transition number, and the ids of its current texts (the texts stay in the database).
 */
export interface LaudoRecord extends LaudoSnapshot {
  laudoId: string;
  accountId: string;
  /** null for a scheduled exam without institution. */
  institutionId: string | null;
  /** Transition number; the projection only moves forward on a larger one. */
  seq: number;
  /** The current version's report text (laudo_contents.id). */
  contentId: string | null;
  /** The reviewer's text while reviewing (spec: reviewReport.content). */
  reviewContentId: string | null;
}

export type LaudoWorkflowInput = LaudoRecord;

/** A report text stored by the API before the action (laudo_contents). */
export interface ContentRef {
  id: string;
  kind: 'report' | 'review';
  empty: boolean;
}

/** What every report action carries. */
export interface ActionArgs<A extends LaudoAction = LaudoAction> {
  actor: Actor;
  input?: ActionInputs[A];
  /** New text sent with the action (save, finish, finish review, finish typing…). */
  content?: ContentRef;
  /** What the versions table shows beside the transition (justification, opinion texts). */
  note?: Record<string, string | number | boolean | null>;
  /**
   * Who the API expects to hold the report after the action, by name, when that is neither
   * the actor nor the executor (a reopened review goes back to its reviewer): the workflow
   * has no I/O, and its details line names the responsible user.
   */
  responsible?: { userId: string; name: string };
}

/** What an accepted action tells the projection. */
export interface LaudoTransition {
  action: LaudoAction;
  /** The Update's id (from the request's idempotency key): a retry finds it in the audit log. */
  updateId: string | null;
  actorUserId: string;
  /** Version and state before the action (a reopen archives `before.version`). */
  before: { version: number; state: number; studyIds: string[] };
  record: LaudoRecord;
  /** Studies that left the report (disassociate), each with the new report it gets. */
  detached: { studyId: string; laudoId: string }[];
  note: Record<string, string | number | boolean | null>;
  at: string;
}

/** One Update per action, named as the action. */
export const laudoUpdates = Object.fromEntries(
  LAUDO_ACTIONS.map((action) => [action, defineUpdate<LaudoRecord, [ActionArgs]>(action)]),
) as { [A in LaudoAction]: UpdateDefinition<LaudoRecord, [ActionArgs<A>], A> };

/** Kept for callers of the first slice: the start Update. */
export const startUpdate = laudoUpdates.start;
export const stateQuery = defineQuery<LaudoRecord>('state');
