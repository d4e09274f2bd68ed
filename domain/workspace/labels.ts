/** Study labels (spec 1 §5/§9, spec 3 §5). */
import { z } from 'zod';

export const LABEL_NAME_MAX = 50;
export const LABEL_MIN_LETTERS = 2;
export const LABEL_SEARCH_MAX = 20;

/** Commas, dots and slashes are stripped; runs of spaces collapse. */
export function cleanLabelName(raw: string): string {
  return raw.replace(/[,./]/g, '').replace(/\s+/g, ' ').trim();
}

export function letterCount(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

export const LabelName = z
  .string({ error: 'LABEL_MIN_2_LETTERS' })
  .transform(cleanLabelName)
  .pipe(
    z
      .string()
      .refine((name) => letterCount(name) >= LABEL_MIN_LETTERS, { error: 'LABEL_MIN_2_LETTERS' })
      .refine((name) => name.length <= LABEL_NAME_MAX, { error: 'CHARACTER_LIMIT_EXCEEDED' }),
  );

export const AddLabelBody = z.object({ name: LabelName }).strict();
export type AddLabelBody = z.input<typeof AddLabelBody>;

/** Autocomplete: answers nothing below 2 letters (spec 1 §9). */
export const LabelSearchQuery = z.object({ q: z.string().max(100).default('') });

export const Label = z.object({ id: z.string().uuid(), name: z.string() });
export type Label = z.infer<typeof Label>;
/** A label of the administration's list (`GET /labels`), with how many studies carry it. */
export const AdminLabel = Label.extend({ studies: z.number().int() });
export type AdminLabel = z.infer<typeof AdminLabel>;
