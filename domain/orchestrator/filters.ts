/**
 * The orchestrator's distribution filters (spec 3 §3 'Filter: modalities (required), users,
 * groups, percentages, seniority, limit'; §5 rules). A filter catches the studies of its
 * modalities and shares them among its members (users or medical groups), each with a
 * percentage; what the percentages leave below 100 stays undistributed (the worklist).
 * Every rule fails with an error code as its message, so the API answers that code.
 */
import { z } from 'zod';

export const MEMBER_KINDS = ['user', 'group'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

export const FilterMember = z.object({
  kind: z.enum(MEMBER_KINDS),
  id: z.string().uuid(),
  percentage: z.number().int().min(0).max(100),
});
export type FilterMember = z.infer<typeof FilterMember>;

const Modality = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,16}$/);

export const FilterBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    modalities: z.array(Modality).max(50),
    members: z.array(FilterMember).max(200).default([]),
    /** Urgent studies go to the most senior doctor on shift (the rest by share). */
    seniority: z.boolean().default(false),
    /** Open (unsigned) studies a doctor may hold from this filter at once; null: no limit. */
    limitPerDoctor: z.number().int().min(1).max(10_000).nullable().default(null),
    active: z.boolean().default(false),
  })
  .superRefine((f, ctx) => {
    for (const code of filterRefusals(f)) ctx.addIssue({ code: 'custom', message: code, path: [] });
  });
export type FilterBody = z.infer<typeof FilterBody>;
export type FilterInput = z.input<typeof FilterBody>;

export type FilterRefusal =
  | 'ORCHESTRATOR_MODALITY_REQUIRED'
  | 'ORCHESTRATOR_PERCENTAGE_OVER_100'
  | 'ORCHESTRATOR_SENIORITY_NEEDS_USERS'
  | 'ORCHESTRATOR_ACTIVATION_NEEDS_MEMBER'
  | 'ORCHESTRATOR_MEMBER_REPEATED';

/** Every rule the filter breaks, in the order the form shows them. */
export function filterRefusals(f: Pick<FilterBody, 'modalities' | 'members' | 'seniority' | 'active'>): FilterRefusal[] {
  const out: FilterRefusal[] = [];
  if (f.modalities.length === 0) out.push('ORCHESTRATOR_MODALITY_REQUIRED');
  if (f.members.reduce((sum, m) => sum + m.percentage, 0) > 100) out.push('ORCHESTRATOR_PERCENTAGE_OVER_100');
  const users = new Set(f.members.filter((m) => m.kind === 'user').map((m) => m.id));
  // Seniority orders doctors against each other: with one user there is nobody to rank.
  if (f.seniority && users.size < 2) out.push('ORCHESTRATOR_SENIORITY_NEEDS_USERS');
  if (f.active && f.members.length === 0) out.push('ORCHESTRATOR_ACTIVATION_NEEDS_MEMBER');
  if (new Set(f.members.map((m) => `${m.kind}:${m.id}`)).size !== f.members.length) out.push('ORCHESTRATOR_MEMBER_REPEATED');
  return out;
}

/** Pausing and resuming the whole account's distribution, and a filter's own switch. */
export const ActiveBody = z.object({ active: z.boolean() });

/** The filters' new order: every one of the account's filters, once (else ORCHESTRATOR_ORDER_MISMATCH). */
export const FilterOrderBody = z.object({
  ids: z
    .array(z.string().uuid())
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'ORCHESTRATOR_ORDER_MISMATCH' }),
});

/** A saved filter as the api answers it: the body's fields, its id and its place in the order. */
export const FilterView = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number(),
  modalities: z.array(z.string()),
  members: z.array(FilterMember),
  seniority: z.boolean(),
  limitPerDoctor: z.number().nullable(),
  active: z.boolean(),
});
export type FilterView = z.output<typeof FilterView>;
export const FilterAnswer = z.object({ filter: FilterView });

/** Whether the distribution is paused, and the filters in order. */
export const OrchestratorState = z.object({ paused: z.boolean(), filters: z.array(FilterView) });

const Candidate = z.object({ id: z.string(), name: z.string() });
/** The state with who a filter may name: the account's doctors (their seniority shown) and medical groups. */
export const OrchestratorAnswer = OrchestratorState.extend({
  candidates: z.object({
    users: z.array(Candidate.extend({ seniority: z.string().nullable() })),
    groups: z.array(Candidate),
  }),
});
