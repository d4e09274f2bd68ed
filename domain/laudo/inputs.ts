/**
 * What each action carries besides the actor (zod, types inferred). A failed field answers
 * with the spec's message: the issue message of each constraint is an ErrorCode, and
 * `inputRefusal` turns the first issue into it (anything else is MALFORMED_REQUEST).
 * No secret ever goes in here: the input is recorded in the workflow history, so `sign`
 * says only that a password was given.
 */
import { z } from 'zod';
import { type ErrorCode, isErrorCode } from '../errors';
import type { LaudoAction } from './actions';

const structuredType = () => z.enum(['', 'OIT', 'SISMAMA']);

/** Opinion text of spec 2 §5: 3 to 255 characters. */
const opinionText = () =>
  z.string({ error: 'OPINION_FIELDS_MISSING' }).trim().min(3, 'MIN_3_CHARS').max(255, 'MAX_255_CHARS');

/** Reasons of the reopen dialog (spec 1 §5); OTHER needs its own text. */
export const REOPEN_MOTIVES = ['WRONG_PATIENT_DATA', 'INCORRECT_RESULT', 'GRAMMAR_ERROR', 'OTHER'] as const;
export type ReopenMotive = (typeof REOPEN_MOTIVES)[number];

const reopenSchema = () =>
  z
    .object({
      motive: z.enum(REOPEN_MOTIVES, { error: 'REOPEN_REASON_REQUIRED' }),
      text: z.string().trim().max(255, 'MAX_255_CHARS').optional(),
    })
    .refine((v) => v.motive !== 'OTHER' || (v.text?.length ?? 0) >= 3, { error: 'MIN_3_CHARS', path: ['text'] });

/** The report's new content state, as the API measured it on the text it stores. */
const contentSchema = () => z.object({ contentEmpty: z.boolean() });

const doctorChoice = () =>
  z.object({
    doctorUserId: z.string({ error: 'NO_DOCTOR_SELECTED' }).min(1, 'NO_DOCTOR_SELECTED'),
    doctorName: z.string().min(1),
  });

/**
 * How each action's schema is built. Built on first use (inputSchema): the workflow bundle
 * evaluates this module again for every workflow it creates, and building all of them there
 * was most of a new workflow's first task (docs/decisions/042).
 */
const INPUT_SCHEMAS = {
  /** `POST reports/start?change=`: the model to start with (default free text). */
  start: () => z.object({ structuredType: structuredType().optional() }).optional(),
  restart: () => z.object({ structuredType: structuredType().optional() }).optional(),
  save: contentSchema,
  finishTyping: contentSchema,
  requestOpinion: () =>
    z.object({
      opinionUserId: z.string({ error: 'OPINION_FIELDS_MISSING' }).min(1, 'OPINION_FIELDS_MISSING'),
      description: opinionText(),
    }),
  giveOpinion: () =>
    z.object({
      /** 1 agree, 2 disagree with clinical impact, 3 disagree without (0 is 'pending', never given). */
      status: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'OPINION_CONCLUSION_REQUIRED' }),
      /** The conclusion's text as shown ('Concordar', …). */
      conclusion: z.string().trim().max(255, 'MAX_255_CHARS').optional(),
      description: opinionText(),
    }),
  narrate: () => z.object({ audioKey: z.string().min(1) }),
  reopen: reopenSchema,
  reopenReview: reopenSchema,
  sign: () =>
    z.object({
      /** The user has a registered A1 certificate (User.personalKeyId). */
      hasPersonalKey: z.literal(true, { error: 'NO_A1_CERTIFICATE' }),
      /** A certificate password was typed (the password itself stays with the API). */
      hasPassword: z.literal(true, { error: 'SIGN_PASSWORD_REQUIRED' }),
    }),
  changeDoctor: doctorChoice,
  /** The orchestrator's choice (issue 18): the doctor a not-started report is given to. */
  assign: doctorChoice,
  /** A coordinator's choice of the doctor who holds a not-started report (issue 18). */
  reassign: doctorChoice,
  associate: () =>
    z.object({
      studies: z
        .array(z.object({ studyId: z.string().min(1), patientId: z.string().min(1), modality: z.string().min(1) }))
        .min(1),
    }),
  disassociate: () =>
    z
      .object({ all: z.boolean(), studyIds: z.array(z.string().min(1)).default([]) })
      .refine((v) => v.all || v.studyIds.length > 0, { path: ['studyIds'] }),
  /** Any string: anything but '', 'OIT' or 'SISMAMA' is accepted and changes nothing (spec 1 §5). */
  switchModel: () => z.object({ structuredType: z.string() }),
} satisfies Partial<Record<LaudoAction, () => z.ZodType>>;

type Schemas = { [A in keyof typeof INPUT_SCHEMAS]: ReturnType<(typeof INPUT_SCHEMAS)[A]> };

/** What a caller sends with each action (`undefined` for actions without input). */
export type ActionInputs = {
  [A in LaudoAction]: A extends keyof Schemas ? z.input<Schemas[A]> : undefined;
};

/** The same after parsing (defaults applied), as the table's effects see it. */
export type ParsedInputs = {
  [A in LaudoAction]: A extends keyof Schemas ? z.output<Schemas[A]> : undefined;
};

const built = new Map<LaudoAction, z.ZodType>();

export function inputSchema(action: LaudoAction): z.ZodType | undefined {
  const build = (INPUT_SCHEMAS as Partial<Record<LaudoAction, () => z.ZodType>>)[action];
  if (!build) return undefined;
  let schema = built.get(action);
  if (!schema) built.set(action, (schema = build()));
  return schema;
}

/** Parses an action's input: the parsed value, or the code of the first problem. */
export function parseInput<A extends LaudoAction>(
  action: A,
  input: unknown,
): { ok: true; value: ParsedInputs[A] } | { ok: false; code: ErrorCode } {
  const schema = inputSchema(action);
  if (!schema) return { ok: true, value: undefined as ParsedInputs[A] };
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data as ParsedInputs[A] };
  const message = parsed.error.issues[0]?.message;
  return { ok: false, code: isErrorCode(message) ? message : 'MALFORMED_REQUEST' };
}
