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
  })
  .strict();
export type CreatePhraseBody = z.input<typeof CreatePhraseBody>;

export const PhraseSearchQuery = z.object({
  /** Part of the code or of the title; empty lists the account's phrases by code. */
  q: z.string().trim().max(100).default(''),
  /** Only phrases for this modality (or for every modality). */
  modality: z.string().trim().max(16).toUpperCase().optional(),
  limit: z.coerce.number().int().min(1).max(PHRASE_SEARCH_MAX).default(PHRASE_SEARCH_MAX),
});

export const Phrase = z.object({
  id: z.string().uuid(),
  code: z.string(),
  title: z.string(),
  phrase: z.string(),
  exams: z.array(z.string()),
  modalities: z.array(z.string()),
  createdAt: z.string(),
});
export type Phrase = z.infer<typeof Phrase>;
