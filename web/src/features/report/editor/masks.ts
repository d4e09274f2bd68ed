import { z } from 'zod';

/**
 * Masks (templates) of the chooser (spec 2 §2): four sections, each shown when the server
 * gives it (the server filters them by permission).
 */
export const MASK_SECTIONS = ['user', 'institution', 'modality', 'exam'] as const;
export type MaskSection = (typeof MASK_SECTIONS)[number];

export interface MaskItem {
  id: string;
  title: string;
  isDefault: boolean;
}
export type MaskSections = Record<MaskSection, MaskItem[]>;

const MasksAnswer = z.object({
  sections: z.array(
    z.object({
      scope: z.enum(MASK_SECTIONS),
      masks: z.array(z.object({ id: z.string(), title: z.string(), isDefault: z.boolean() })),
    }),
  ),
});
const MaskAnswer = z.object({ mask: z.object({ content: z.string() }).nullable() });

/** The answer of GET /studies/:id/masks (sections the user may see, in the chooser's order). */
export function parseMaskSections(json: unknown): MaskSections {
  const out: MaskSections = { user: [], institution: [], modality: [], exam: [] };
  for (const section of MasksAnswer.parse(json).sections) {
    out[section.scope].push(...section.masks.map(({ id, title, isDefault }) => ({ id, title, isDefault })));
  }
  return out;
}

/** The content of GET /masks/:id or /studies/:id/masks/default (null: no default mask). */
export function maskContentOf(json: unknown): string | null {
  return MaskAnswer.parse(json).mask?.content ?? null;
}
