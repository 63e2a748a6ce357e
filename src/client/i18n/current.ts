// The app's language now, readable without loading i18next (the API client sends it as
// Accept-Language, so the server's messages come in the same language as the screen).
import type { Language } from '../../shared/languages';

let current: Language = 'en';

export const currentLanguage = (): Language => current;
export function setCurrentLanguage(language: Language) {
  current = language;
}

/** The language chosen on this device (the account's choice, kept for offline use), or null. */
export const DEVICE_LANGUAGE_KEY = 'language';
/** The same choice as a cookie, so the server sends the prerendered login and offline page in it. */
export const LANGUAGE_COOKIE = 'lang';
