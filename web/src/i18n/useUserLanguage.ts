import { useEffect } from 'react';
import { setLanguage } from './index';
import { LANG_STORAGE_KEY, isLang } from './languages';

/** Config key of the language kept with the user (My profile), besides the local choice. */
export const LANGUAGE_CONFIG_KEY = 'LANGUAGE';

/**
 * Spec 3 §1 keeps the language locally; when this browser has no choice yet (a new machine),
 * the language the user saved follows them.
 */
export function useUserLanguage(serverLang: string | undefined): void {
  useEffect(() => {
    if (!isLang(serverLang)) return;
    let local: string | null = null;
    try {
      local = window.localStorage.getItem(LANG_STORAGE_KEY);
    } catch {
      // storage unavailable: the saved language applies
    }
    if (!isLang(local)) setLanguage(serverLang);
  }, [serverLang]);
}
