// Translations (i18next + react-i18next). English is bundled (but for the areas whose texts come
// with their routes: `withNamespaces`) and every other language is fetched before the app renders
// in it or switches to it (resources.ts; `languageReady`, `changeLanguage`); the service worker
// keeps every chunk, so the app speaks its language offline too. Which language (chooseLanguage, shared/languages.ts):
// the account's choice (kept on this device too, for offline use and the next start), else the
// browser's languages, else the distributor's default (corpuls: German), else English.
// Components: `const { t } = useTranslation('<namespace>')`; plurals use _one/_other keys with
// `count`; dates, numbers and sizes go through ./format.ts.
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chooseLanguage, FALLBACK_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../shared/languages';
import { distributorFromHost } from '../../shared/enums';
import { BUNDLED_NAMESPACES, englishOnDemand, loadCatalogue, resources, type EnglishCatalogues, type Namespace } from './resources';
import { DEVICE_LANGUAGE_KEY, LANGUAGE_COOKIE, setCurrentLanguage } from './current';

export { currentLanguage } from './current';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EnglishCatalogues;
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

/**
 * i18next's backend for the texts the first script does not hold: another language's catalogues
 * (one chunk a language), and the English namespaces that come with their routes. i18next asks it
 * for each namespace before it switches to a language or a route asks for the namespace
 * (changeLanguage and loadNamespaces resolve once they are there); the browser fetches each chunk once.
 */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = !isLanguage(language)
      ? undefined
      : language === 'en'
        ? englishOnDemand[namespace as keyof typeof englishOnDemand]
        : () => loadCatalogue[language]().then((catalogue) => catalogue[namespace as Namespace]);
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts as ResourceKey),
      (error: Error) => callback(error, null),
    );
  },
};

export const i18n = i18next.createInstance();
i18n.on('languageChanged', followLanguage);
void i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    resources,
    // English is bundled; other languages come from the backend above.
    partialBundledLanguages: true,
    // English until the language this page starts in has its catalogues (languageReady).
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    ns: BUNDLED_NAMESPACES,
    interpolation: { escapeValue: false },
    returnNull: false,
    // English is bundled: initialise synchronously, so an English first render is already translated.
    initAsync: false,
  });
followLanguage(i18n.language);

/** A route's `lazy`: its module, once the namespaces it reads that the first script does not hold are there too. */
export function withNamespaces<T>(namespaces: Namespace[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), i18n.loadNamespaces(namespaces)]).then(([module]) => module);
}

/** A layout route's `loader`: the namespaces it and the screens inside it read, before any of them renders. */
export const namespacesLoader = (namespaces: Namespace[]) => () => i18n.loadNamespaces(namespaces).then(() => null);

/** Resolves when the page speaks the language it starts in (its catalogues fetched): the app renders after it. */
export const languageReady: Promise<unknown> = i18n.changeLanguage(detectLanguage()).catch(() => undefined);

/** Switch now (screens re-render once the language is there, offline too) and keep the choice on this device. */
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
