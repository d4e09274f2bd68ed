/** The two brands (spec 3 §1): chosen from the current account's isForHuman, else from the host name. */
export type Brand = 'human' | 'vet';

export function resolveBrand(isForHuman: boolean | null | undefined, hostname: string): Brand {
  if (isForHuman === true) return 'human';
  if (isForHuman === false) return 'vet';
  return hostname.toLowerCase().includes('vet') ? 'vet' : 'human';
}

export type ThemeMode = 'light' | 'dark';
/** localStorage key and userConfig key of the dark/light choice. */
export const THEME_STORAGE_KEY = 'theme';
export const THEME_CONFIG_KEY = 'THEME_COLOR';

export function toThemeMode(value: string | null | undefined): ThemeMode | null {
  return value === 'dark' || value === 'light' ? value : null;
}

/**
 * Colour palettes (spec 3 §4 Theme: four palettes besides the dark theme, orange and teal among
 * them): 'brand' is the brand's own colours; the others replace them in both modes.
 */
export const THEME_PALETTES = ['brand', 'blue', 'teal', 'orange'] as const;
export type ThemePalette = (typeof THEME_PALETTES)[number];
/** localStorage key and userConfig key of the palette. */
export const PALETTE_STORAGE_KEY = 'themePalette';
export const PALETTE_CONFIG_KEY = 'THEME_PALETTE';

export function toThemePalette(value: string | null | undefined): ThemePalette | null {
  return (THEME_PALETTES as readonly (string | null | undefined)[]).includes(value) ? (value as ThemePalette) : null;
}
