// The 'conversation' namespace (replies, mentions, reactions, notifications): English and German
// (Sie-form). Registered on the app's i18next instance; when none is set up yet, one is started
// with the browser's language.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './locales/de/conversation.json';
import en from './locales/en/conversation.json';

export const NS = 'conversation';

if (!i18next.isInitialized) {
  const lng = typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('de') ? 'de' : 'en';
  void i18next.use(initReactI18next).init({ lng, fallbackLng: 'en', ns: [NS], defaultNS: NS, resources: {}, initAsync: false, interpolation: { escapeValue: false } });
}
i18next.addResourceBundle('en', NS, en, true, true);
i18next.addResourceBundle('de', NS, de, true, true);
