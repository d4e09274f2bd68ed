import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ptBR from './pt-BR.json';
import { DEFAULT_LANG, LANG_STORAGE_KEY, toLang, type Lang } from './languages';

/**
 * pt-BR (the default and the fallback) is in the bundle; English and Spanish are loaded when
 * chosen, so the login page does not download three catalogues (issue 24).
 */
const LOADERS: Record<Exclude<Lang, 'pt-BR'>, () => Promise<{ default: unknown }>> = {
  en: () => import('./en.json'),
  es: () => import('./es.json'),
};

/** Makes a language's catalogue available (fetched once). */
export async function loadLanguage(lang: Lang): Promise<void> {
  if (lang === 'pt-BR' || i18n.hasResourceBundle(lang, 'translation')) return;
  const { default: catalogue } = await LOADERS[lang]();
  i18n.addResourceBundle(lang, 'translation', catalogue as object, true, true);
}

function storedLang(): Lang {
  try {
    return toLang(window.localStorage.getItem(LANG_STORAGE_KEY));
  } catch {
    return DEFAULT_LANG;
  }
}

const initialLang = storedLang();
void i18n.use(initReactI18next).init({
  resources: { 'pt-BR': { translation: ptBR } },
  lng: DEFAULT_LANG,
  partialBundledLanguages: true,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: ['pt-BR', 'en', 'es'],
  initAsync: false,
  returnNull: false,
  interpolation: { escapeValue: false },
});

function syncDocumentLang(lng: string): void {
  document.documentElement.lang = lng;
}
syncDocumentLang(i18n.language);
i18n.on('languageChanged', syncDocumentLang);

/** Resolves once the stored language's catalogue is in and chosen: the app renders after it. */
export const i18nReady: Promise<void> = loadLanguage(initialLang)
  .then(() => i18n.changeLanguage(initialLang))
  .then(
    () => undefined,
    () => undefined, // offline on a first visit: the page stays in pt-BR rather than not at all
  );

/** Switches the interface language and keeps it in localStorage. */
export function setLanguage(lang: Lang): void {
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only
  }
  void loadLanguage(lang)
    .then(() => i18n.changeLanguage(lang))
    .catch(() => undefined); // the catalogue could not be fetched: the current language stays
}

export function currentLang(): Lang {
  return toLang(i18n.language);
}

export default i18n;
