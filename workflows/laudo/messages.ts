/**
 * The laudo workflow's public surface: what the API imports (never the workflow file).
 */
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import { defineSearchAttributeKey } from '@temporalio/common';
import type { Actor } from '../../domain/auth/permissions';
import type { LaudoState } from '../../domain/laudo/states';
import type { LaudoAction } from '../../domain/laudo/transitions';

export const laudoWorkflowId = (laudoId: string): string => `laudo:${laudoId}`;

export const LaudoStateKey = defineSearchAttributeKey('LaudoState', 'INT');
export const AccountIdKey = defineSearchAttributeKey('AccountId', 'KEYWORD');
export const StudyIdsKey = defineSearchAttributeKey('StudyIds', 'KEYWORD_LIST');
export const ResponsibleUserIdKey = defineSearchAttributeKey('ResponsibleUserId', 'KEYWORD');

/** `--search-attribute` arguments for `temporal server start-dev` and test servers. */
export const SEARCH_ATTRIBUTES = {
  LaudoState: 'Int',
  AccountId: 'Keyword',
  StudyIds: 'KeywordList',
  ResponsibleUserId: 'Keyword',
} as const;

/** The report as the workflow holds it (and as the projection was when it was created). */
export interface LaudoRecord {
  laudoId: string;
  accountId: string;
  institutionId: string;
  studyIds: string[];
  state: LaudoState;
  version: number;
  userId: string | null;
  doctorName: string | null;
  structuredType: '' | 'OIT' | 'SISMAMA';
  /** Transition number; the projection only moves forward on a larger one. */
  seq: number;
}

export type LaudoWorkflowInput = LaudoRecord;

/** What an action tells the projection (the record after it, and who did what). */
export interface LaudoTransition {
  action: LaudoAction;
  actorUserId: string;
  record: LaudoRecord;
  at: string;
}

export interface StartArgs {
  actor: Actor;
  structuredType?: '' | 'OIT' | 'SISMAMA';
}

export const startUpdate = defineUpdate<LaudoRecord, [StartArgs]>('start');
export const stateQuery = defineQuery<LaudoRecord>('state');
