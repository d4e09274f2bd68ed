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
