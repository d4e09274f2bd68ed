/** Masks (templates) of the report editor (spec 1 §3/§5, spec 2 §2/§6/§7). */
import { z } from 'zod';
import { type Actor, type Permission, hasPermission } from '../auth/permissions';

/** The chooser's sections, in display order: 'My masks', 'Masks by institution', 'by modality', 'by exam'. */
export const MASK_SCOPES = ['user', 'institution', 'modality', 'exam'] as const;
export type MaskScope = (typeof MASK_SCOPES)[number];

/** Which permission opens each shared section (spec 2 §6); 'My masks' needs none. */
export const MASK_SECTION_PERMISSIONS: Record<Exclude<MaskScope, 'user'>, readonly Permission[]> = {
  institution: ['INSTITUIONS_GET_MODALITY_TEMPLATES'],
  modality: ['ACCOUNTS_GET_MODALITY_TEMPLATES', 'ACCOUNTS_GET_MODALITY_TEMPLATES_BY_STUDY_ID'],
  exam: ['ACCOUNTS_GET_EXAM_TEMPLATES'],
};

/** The default mask of a study is looked for in this order. */
export const DEFAULT_MASK_ORDER: readonly MaskScope[] = ['user', 'exam', 'modality', 'institution'];

/**
 * The sections `actor` sees for a study (its permissions in the study's institution). An
 * exam without institution has no institution section. Account administrators see all.
 */
export function maskSections(actor: Actor, hasInstitution: boolean): MaskScope[] {
  return MASK_SCOPES.filter((scope) => {
    if (scope === 'user') return true;
    if (scope === 'institution' && !hasInstitution) return false;
    return actor.isAccountAdmin || MASK_SECTION_PERMISSIONS[scope].some((p) => hasPermission(actor, p));
  });
}

export const MASK_TITLE_MAX = 200;
export const MASK_CONTENT_MAX = 1_000_000;

const Title = z
  .string({ error: 'MASK_TITLE_MODALITY_REQUIRED' })
  .trim()
  .min(1, { error: 'MASK_TITLE_MODALITY_REQUIRED' })
  .max(MASK_TITLE_MAX, { error: 'CHARACTER_LIMIT_EXCEEDED' });
const Modality = z
  .string({ error: 'MASK_TITLE_MODALITY_REQUIRED' })
  .trim()
  .min(1, { error: 'MASK_TITLE_MODALITY_REQUIRED' })
  .max(16, { error: 'CHARACTER_LIMIT_EXCEEDED' })
  .toUpperCase();
const Content = z.string().max(MASK_CONTENT_MAX, { error: 'CHARACTER_LIMIT_EXCEEDED' });
const ExamType = z.string().trim().max(200, { error: 'CHARACTER_LIMIT_EXCEEDED' });

export const CreateMaskBody = z
  .object({
    title: Title,
    modality: Modality,
    content: Content.default(''),
    /** 'user' (My masks) by default; the shared scopes are for account administrators. */
    scope: z.enum(MASK_SCOPES).default('user'),
    /** Required for scope 'institution'. */
    institutionId: z.string().uuid().optional(),
    /** Required for scope 'exam' (matched with the study's exam type, case and accents ignored). */
    examType: ExamType.optional(),
    isDefault: z.boolean().default(false),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.scope === 'exam' && !b.examType) ctx.addIssue({ code: 'custom', path: ['examType'], message: 'MASK_EXAM_REQUIRED' });
    if (b.scope === 'institution' && !b.institutionId)
      ctx.addIssue({ code: 'custom', path: ['institutionId'], message: 'MALFORMED_REQUEST' });
  });
export type CreateMaskBody = z.input<typeof CreateMaskBody>;

/** Scope, owner and institution never change; the rest may. */
export const UpdateMaskBody = z
  .object({
    title: Title.optional(),
    modality: Modality.optional(),
    content: Content.optional(),
    examType: ExamType.optional(),
    isDefault: z.boolean().optional(),
  })
  .strict();
export type UpdateMaskBody = z.input<typeof UpdateMaskBody>;

/** One entry of the chooser. */
export const MaskItem = z.object({
  id: z.string().uuid(),
  title: z.string(),
  isDefault: z.boolean(),
  scope: z.enum(MASK_SCOPES),
  modality: z.string(),
  examType: z.string().nullable(),
});
export type MaskItem = z.infer<typeof MaskItem>;

export const Mask = MaskItem.extend({
  content: z.string(),
  institutionId: z.string().uuid().nullable(),
  userId: z.string().uuid().nullable(),
  updatedAt: z.string(),
});
export type Mask = z.infer<typeof Mask>;

/** A mask of the administration's list (`GET /masks`), with its owner's name for personal ones. */
export const AdminMask = Mask.extend({ userName: z.string().nullable() });
export type AdminMask = z.infer<typeof AdminMask>;

export const MaskSections = z.object({
  sections: z.array(z.object({ scope: z.enum(MASK_SCOPES), masks: z.array(MaskItem) })),
});
export type MaskSections = z.infer<typeof MaskSections>;

/** The masks administration's filters (issue 16): by section, modality, exam, institution, title. */
export const MaskListQuery = z.object({
  scope: z.enum(MASK_SCOPES).optional(),
  modality: z.string().trim().max(16).toUpperCase().optional(),
  examType: z.string().trim().max(200).optional(),
  institutionId: z.string().uuid().optional(),
  q: z.string().trim().max(100).default(''),
});
export type MaskListQuery = z.infer<typeof MaskListQuery>;
