import { DEFAULT_LANG, LANGS, type Lang } from '../../../domain/errors';

export { DEFAULT_LANG, LANGS, type Lang };

/** localStorage key of the chosen language (spec 3 §1: the language is stored locally). */
export const LANG_STORAGE_KEY = 'lang';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** A stored or browser language mapped to one we ship; pt-BR when none fits. */
export function toLang(value: string | null | undefined): Lang {
  if (!value) return DEFAULT_LANG;
  if (isLang(value)) return value;
  const base = value.toLowerCase().split(/[-_]/)[0];
  if (base === 'pt') return 'pt-BR';
  if (base === 'en') return 'en';
  if (base === 'es') return 'es';
  return DEFAULT_LANG;
}
