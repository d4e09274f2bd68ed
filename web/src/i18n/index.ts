import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ptBR from './pt-BR.json';
import en from './en.json';
import es from './es.json';
import { DEFAULT_LANG, LANG_STORAGE_KEY, toLang, type Lang } from './languages';

export const resources = {
  'pt-BR': { translation: ptBR },
  en: { translation: en },
  es: { translation: es },
} as const;

function storedLang(): Lang {
  try {
    return toLang(window.localStorage.getItem(LANG_STORAGE_KEY));
  } catch {
    return DEFAULT_LANG;
  }
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLang(),
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

/** Switches the interface language and keeps it in localStorage. */
export function setLanguage(lang: Lang): void {
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only
  }
  void i18n.changeLanguage(lang);
}

export function currentLang(): Lang {
  return toLang(i18n.language);
}

export default i18n;
