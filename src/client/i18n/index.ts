// Translations (i18next + react-i18next). The catalogues are bundled (resources.ts), so the app
// speaks its language at once and offline. Which language (chooseLanguage, shared/languages.ts):
// the account's choice (kept on this device too, for offline use and the next start), else the
// browser's languages, else the distributor's default (corpuls: German), else English.
// Components: `const { t } = useTranslation('<namespace>')`; plurals use _one/_other keys with
// `count`; dates, numbers and sizes go through ./format.ts.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chooseLanguage, isLanguage, type Language } from '../../shared/languages';
import { distributorFromHost } from '../../shared/enums';
import { resources } from './resources';
import { DEVICE_LANGUAGE_KEY, LANGUAGE_COOKIE, setCurrentLanguage } from './current';

export { currentLanguage } from './current';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
  }
}

/** The choice kept on this device (the account's, or one made signed out), or null. */
export function deviceLanguage(): Language | null {
  try {
    const stored = globalThis.localStorage?.getItem(DEVICE_LANGUAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

function keepOnDevice(language: Language | null) {
  try {
    if (language) globalThis.localStorage?.setItem(DEVICE_LANGUAGE_KEY, language);
    else globalThis.localStorage?.removeItem(DEVICE_LANGUAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
  if (typeof document !== 'undefined') {
    document.cookie = language
      ? `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`
      : `${LANGUAGE_COOKIE}=; path=/; max-age=0; samesite=lax`;
  }
}

/** The language this page starts in, by the order of choice above (no account known yet). */
export function detectLanguage(): Language {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  const host = typeof window !== 'undefined' ? window.location.hostname : '';
  return chooseLanguage({
    account: deviceLanguage(),
    browser: nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [],
    distributorId: distributorFromHost(host),
  });
}

function followLanguage(language: string) {
  if (!isLanguage(language)) return;
  setCurrentLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export const i18n = i18next.createInstance();
i18n.on('languageChanged', followLanguage);
void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'de'],
  defaultNS: 'common',
  ns: Object.keys(resources.en),
  interpolation: { escapeValue: false },
  returnNull: false,
  // Resources are bundled: initialise synchronously, so the first render is already translated.
  initAsync: false,
});
followLanguage(i18n.language);

/** Switch now (screens re-render at once, offline too) and keep the choice on this device. */
export function changeLanguage(language: Language | null): Promise<unknown> {
  keepOnDevice(language);
  return i18n.changeLanguage(language ?? detectLanguage());
}

/**
 * The signed-in account's setting, as GET /api/users/me answered it: a choice made there (maybe on
 * another device) wins; an account without one keeps whatever this device chose.
 */
export function followAccount(accountLanguage: string | null | undefined) {
  if (!isLanguage(accountLanguage) || accountLanguage === i18n.language) return;
  keepOnDevice(accountLanguage);
  void i18n.changeLanguage(accountLanguage);
}

export default i18n;
