/** Standard phrases (spec 1 §3/§5, spec 2 §3/§9, spec 3 §5/§9). */
import { z } from 'zod';

export const PHRASE_CODE_MAX = 6;
export const PHRASE_TEXT_MAX = 4000;
export const PHRASE_TITLE_MAX = 200;
/** The picker shows at most 5 (spec 2 §9); the API answers up to 20. */
export const PHRASE_PICKER_SIZE = 5;
export const PHRASE_SEARCH_MAX = 20;

/** Code: 1 to 6 characters, no spaces, forced upper case. */
export const PhraseCode = z
  .string({ error: 'PHRASE_CODE_LENGTH' })
  .trim()
  .min(1, { error: 'PHRASE_CODE_LENGTH' })
  .max(PHRASE_CODE_MAX, { error: 'PHRASE_CODE_LENGTH' })
  .regex(/^\S+$/, { error: 'PHRASE_CODE_SPACES' })
  .toUpperCase();

export const CreatePhraseBody = z
  .object({
    code: PhraseCode,
    title: z
      .string({ error: 'MIN_3_CHARS' })
      .trim()
      .min(3, { error: 'MIN_3_CHARS' })
      .max(PHRASE_TITLE_MAX, { error: 'CHARACTER_LIMIT_EXCEEDED' }),
    phrase: z
      .string({ error: 'MIN_3_CHARS' })
      .trim()
      .min(3, { error: 'MIN_3_CHARS' })
      .max(PHRASE_TEXT_MAX, { error: 'CHARACTER_LIMIT_EXCEEDED' }),
    exams: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
    modalities: z.array(z.string().trim().min(1).max(16).toUpperCase()).max(20).default([]),
    /** 'account': every member's (PHRASES_CREATE_PHRASES_BY_ACCOUNT); 'user': the caller's own. */
    scope: z.enum(['account', 'user']).default('account'),
  })
  .strict();
export type CreatePhraseBody = z.input<typeof CreatePhraseBody>;

/** A change keeps the phrase's scope and owner. */
export const UpdatePhraseBody = CreatePhraseBody.omit({ scope: true });
export type UpdatePhraseBody = z.input<typeof UpdatePhraseBody>;

export const PhraseSearchQuery = z.object({
  /** Part of the code or of the title; empty lists the account's phrases by code. */
  q: z.string().trim().max(100).default(''),
  /** Only phrases for this modality (or for every modality). */
  modality: z.string().trim().max(16).toUpperCase().optional(),
  limit: z.coerce.number().int().min(1).max(PHRASE_SEARCH_MAX).default(PHRASE_SEARCH_MAX),
  /** Only the account's, or only the caller's own; both by default. */
  scope: z.enum(['account', 'user']).optional(),
  /** The administration pages through the list. */
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const Phrase = z.object({
  id: z.string().uuid(),
  code: z.string(),
  title: z.string(),
  phrase: z.string(),
  exams: z.array(z.string()),
  modalities: z.array(z.string()),
  scope: z.enum(['account', 'user']),
  createdAt: z.string(),
});
export type Phrase = z.infer<typeof Phrase>;
